// Accounts as staff create and change them (users and admins).
import { API } from '../messages';
import { NAME_MAX, PAGE_SIZE_MAX, PHONE_MAX, ROLES, USER_SORTS } from '../limits';
import { email, int, object, oneOf, query, text } from './fields';
import { newPassword } from './auth';

/** What react-admin echoes back from a record it loaded. */
const USER_READ_ONLY = ['id', 'createdAt', 'updatedAt', 'lastLoginAt', 'twoFactorEnabled', 'orderCount', 'fullName'];

const userFields = {
  email: email({ required: true }),
  password: newPassword(true),
  firstName: text(NAME_MAX, { name: true }),
  lastName: text(NAME_MAX, { name: true }),
  phone: text(PHONE_MAX),
  role: oneOf(ROLES),
};

/** A user (create; `partial` for a change). */
export const userInput = object(userFields, { ignore: USER_READ_ONLY });

/** An admin by e-mail: an existing account is promoted (no password needed), so the role is
 *  not the form's to set. */
export const adminInput = object({ ...userFields, password: newPassword(false) }, { ignore: [...USER_READ_ONLY, 'role'] });

/** A new admin account needs its password. */
export const newAdminPassword = object({ password: newPassword(true) }, { ignore: Object.keys(userFields) });

/** GET /admin/users?page&limit&search&sort (the spec's list). */
export const userListQuery = query({
  page: int({ min: 1, max: 1_000_000 }),
  limit: int({ min: 1, max: PAGE_SIZE_MAX }),
  search: text(200),
  sort: oneOf(USER_SORTS, { message: API.invalidSort }),
});
