// The staff's work on user accounts (customers and admins), behind the admin user routes: the
// plain list and react-admin's, one user, a change or deletion (never of one's own admin role or
// account), and an admin added (an existing customer promoted, or a new account).
import type { QueryBuilder } from 'objection';
import { User } from '../../models/User';
import { forbidden, notFound } from '../../platform/http/errors';
import { raPage, filterBy, whereContains, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { cachedCount } from '../../platform/cache/countCache';
import { API } from '@domain/messages';
import { ROLES, USER_SORT_DEFAULT, PAGE_DEFAULT, PAGE_SIZE_DEFAULT } from '@domain/limits';
import { createUser, deleteAccount, requireAdminPassword, requireAdminPasswordForChange, updateUser, type UserInput } from '../auth';
import type { AdminInput, UserChange, UserListQuery } from '@domain/schemas/customers';

export const userListSpec: RaListSpec = {
  idColumn: 'users.id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: {
    id: 'users.id',
    email: 'email',
    firstName: 'firstName',
    lastName: 'lastName',
    role: 'role',
    createdAt: 'createdAt',
    lastLoginAt: 'lastLoginAt',
  },
  filters: {
    q: filterBy.search('searchText'),
    role: filterBy.equals('role', ROLES),
    createdAt_gte: filterBy.date('createdAt', '>='),
    createdAt_lte: filterBy.date('createdAt', '<='),
  },
};

export async function findUser(id: number, onlyAdmins = false): Promise<User> {
  const user = await User.query().findById(id);
  if (!user || (onlyAdmins && user.role !== 'admin')) throw notFound(API.userNotFound);
  return user;
}

/** The plain list (?page&limit&search&sort): { users, total, page, limit }. */
export async function userList(q: UserListQuery) {
  const page = q.page ?? PAGE_DEFAULT;
  const limit = q.limit ?? PAGE_SIZE_DEFAULT;
  const query = User.query();
  if (q.search) whereContains(query, 'searchText', q.search.toLocaleLowerCase('bg'));
  const sort = q.sort ?? USER_SORT_DEFAULT;
  const ordered = query.clone();
  if (sort === 'date') ordered.orderBy('createdAt', 'desc');
  else if (sort === 'name') ordered.orderBy('lastName').orderBy('firstName');
  else ordered.orderBy('email');
  const [users, total] = await Promise.all([
    ordered
      .orderBy('id', 'desc')
      .offset((page - 1) * limit)
      .limit(limit),
    cachedCount(query),
  ]);
  return { users, total, page, limit };
}

/** react-admin's page of users, or of admins only. */
export async function userPage(params: RaListParams, onlyAdmins = false): Promise<{ rows: User[]; total: number }> {
  const base: QueryBuilder<User, User[]> = onlyAdmins ? User.query().where('role', 'admin') : User.query();
  return raPage(base, params, userListSpec);
}

/** An admin may not delete themself or take away their own admin role. */
function guardSelf(staff: Pick<User, 'id'>, target: User, change: { deleting?: boolean; role?: string }) {
  if (target.id !== staff.id) return;
  if (change.deleting) throw forbidden(API.cannotDeleteSelf);
  if (change.role && change.role !== 'admin') throw forbidden(API.cannotDemoteSelf);
}

export async function changeUser(staff: Pick<User, 'id'>, target: User, changes: UserChange): Promise<User> {
  guardSelf(staff, target, { role: changes.role });
  requireAdminPasswordForChange(target, changes);
  return updateUser(target, changes);
}

/** A new account made by staff; an administrator's password meets the admin rule. */
export async function createUserAsStaff(input: UserInput): Promise<User> {
  if (input.role === 'admin') requireAdminPassword(input.email, input.password);
  return createUser(input);
}

/** Delete an account; its sessions end first. */
export async function deleteUser(staff: Pick<User, 'id'>, target: User): Promise<void> {
  guardSelf(staff, target, { deleting: true });
  await deleteAccount(target.id);
}

/** The admin role taken away (the account stays a customer's). */
export async function demoteAdmin(staff: Pick<User, 'id'>, admin: User): Promise<User> {
  guardSelf(staff, admin, { role: 'customer' });
  return updateUser(admin, { role: 'customer' });
}

/** An existing customer with this e-mail is promoted (with a new strong password); otherwise a new
 *  admin account (`needsPassword` checks the password it then needs, and answers it). */
export async function addAdmin(input: AdminInput, needsPassword: () => string): Promise<User> {
  const existing = await User.query().findOne({ email: input.email });
  if (existing) {
    const changes: UserChange = {
      role: 'admin',
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      password: input.password,
    };
    requireAdminPasswordForChange(existing, changes);
    return updateUser(existing, changes);
  }
  const password = needsPassword();
  requireAdminPassword(input.email, password);
  return createUser({ ...input, password, role: 'admin' });
}
