// What the cart's routes need of other areas to know who asks (route files import no other area).
export { currentUser, requireUser } from '../auth';
