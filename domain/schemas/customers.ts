// Accounts as staff create and change them (users and admins).
import { API } from '../messages';
import { NAME_MAX, PAGE_SIZE_MAX, PHONE_MAX, ROLES, USER_SORTS } from '../limits';
import type { z } from 'zod';
import { email, input, int, oneOf, query, recordVersion, text } from './fields';
import { newPassword } from './auth';

/** What react-admin echoes back from a record it loaded. */
const USER_READ_ONLY = [
  'id',
  'createdAt',
  'updatedAt',
  'lastLoginAt',
  'twoFactorEnabled',
  'orderCount',
  'fullName',
  'emailVerified',
  'emailVerifiedAt',
];

const userFields = <R extends boolean>(required: R) => ({
  email: email({ required }),
  password: newPassword(required),
  firstName: text(NAME_MAX, { name: true }),
  lastName: text(NAME_MAX, { name: true }),
  phone: text(PHONE_MAX),
  role: oneOf(ROLES),
});
/** A user (create), and its change (PUT: nothing required). */
export const userInput = input(userFields(true), { ignore: [...USER_READ_ONLY, 'version'] });
export type UserInput = z.output<typeof userInput>;
export const userChangeInput = input({ ...userFields(false), version: recordVersion() }, { ignore: USER_READ_ONLY });
export type UserChange = z.output<typeof userChangeInput>;
/** An admin by e-mail: an existing account is promoted (no password needed), so the role is
 *  not the form's to set. */
export const adminInput = input({ ...userFields(true), password: newPassword(false) }, { ignore: [...USER_READ_ONLY, 'role', 'version'] });
export type AdminInput = z.output<typeof adminInput>;
/** A new admin account needs its password. */
export const newAdminPassword = input({ password: newPassword(true) }, { ignore: Object.keys(userFields(true)) });
/** GET /admin/users?page&limit&search&sort (the plain list). */
export const userListQuery = query({
  page: int({ min: 1, max: 1_000_000 }),
  limit: int({ min: 1, max: PAGE_SIZE_MAX }),
  search: text(200),
  sort: oneOf(USER_SORTS, { message: API.invalidSort }),
});
export type UserListQuery = z.output<typeof userListQuery>;
