// What the catalogue's routes need of other areas to guard a call (route files import no other
// area): the admin check and the audit trail of admin changes.
export { requireAdmin } from '../auth';
export { auditAdminMutations } from '../staff';
