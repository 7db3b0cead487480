// What the invoices' routes need of the request that is not the invoices' own: who is signed in.
export { currentUser, requireUser } from '../auth';
