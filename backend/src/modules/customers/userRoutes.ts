// Users for the staff: the spec's calls (/admin/users/create, /admin/user/:id, /admin/users with
// page/limit/search/sort) and react-admin's dialect on /admin/users and /admin/admins.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { QueryBuilder } from 'objection';
import { User } from '../../models/User';
import { parseBody, parseId, parseQuery } from '../../platform/http/parseInput';
import { adminInput, newAdminPassword, userInput, userListQuery } from '../../../../domain/schemas/customers';
import { forbidden, notFound } from '../../platform/http/errors';
import { currentUser } from '../auth/middleware';
import { isRaDialect, parseRaParams, raPage, sendRaList, filterBy, whereContains, RaListSpec } from '../../platform/lists/raList';
import { createUser, updateUser, UserChanges } from './users';
import { endAllSessions } from '../auth/sessions';
import { API } from '../../../../domain/messages';
import { cachedCount } from '../../platform/cache/countCache';
import { ROLES, USER_SORTS, USER_SORT_DEFAULT, PAGE_DEFAULT, PAGE_SIZE_DEFAULT } from '../../../../domain/limits';

const raSpec: RaListSpec = {
  idColumn: 'users.id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: { id: 'users.id', email: 'email', firstName: 'firstName', lastName: 'lastName', role: 'role', createdAt: 'createdAt', lastLoginAt: 'lastLoginAt' },
  filters: {
    q: filterBy.search('searchText'),
    role: filterBy.equals('role', ROLES),
    createdAt_gte: filterBy.date('createdAt', '>='),
    createdAt_lte: filterBy.date('createdAt', '<='),
  },
};

/** The body of a create: the user object itself, or { user: {...} }. */
function userBody(body: unknown): unknown {
  const b = body as { user?: unknown } | null;
  return b && typeof b === 'object' && !Array.isArray(b) && b.user && typeof b.user === 'object' ? b.user : body;
}

async function findUser(id: number, onlyAdmins = false): Promise<User> {
  const user = await User.query().findById(id);
  if (!user || (onlyAdmins && user.role !== 'admin')) throw notFound(API.userNotFound);
  return user;
}

/** An admin may not delete themself or take away their own admin role. */
function guardSelf(ctx: Context, target: User, change: { deleting?: boolean; role?: string }) {
  if (target.id !== currentUser(ctx).id) return;
  if (change.deleting) throw forbidden(API.cannotDeleteSelf);
  if (change.role && change.role !== 'admin') throw forbidden(API.cannotDemoteSelf);
}

async function change(ctx: Context, target: User, body: unknown): Promise<User> {
  const changes = parseBody<UserChanges>(body, userInput, { partial: true });
  guardSelf(ctx, target, { role: changes.role });
  return updateUser(target, changes);
}

async function remove(ctx: Context, target: User): Promise<void> {
  guardSelf(ctx, target, { deleting: true });
  await endAllSessions(User.knex(), target.id);
  await User.query().deleteById(target.id);
}

async function raList(ctx: Context, base: QueryBuilder<User, User[]>, resource: string) {
  const params = parseRaParams(ctx.query, raSpec);
  const { rows, total } = await raPage(base, params, raSpec);
  sendRaList(ctx, resource, rows, params.start, total);
}

/** GET /admin/users?page&limit&search&sort -> { users, total, page, limit } */
async function specList(ctx: Context) {
  const q = parseQuery<{ page?: number; limit?: number; search?: string; sort?: (typeof USER_SORTS)[number] }>(ctx.query, userListQuery);
  const page = q.page ?? PAGE_DEFAULT;
  const limit = q.limit ?? PAGE_SIZE_DEFAULT;
  const query = User.query();
  if (q.search) whereContains(query, 'searchText', q.search.toLocaleLowerCase('bg'));
  const sort = q.sort ?? USER_SORT_DEFAULT;
  const ordered = query.clone();
  if (sort === 'date') ordered.orderBy('createdAt', 'desc');
  else if (sort === 'name') ordered.orderBy('lastName').orderBy('firstName');
  else ordered.orderBy('email');
  const [users, total] = await Promise.all([ordered.orderBy('id', 'desc').offset((page - 1) * limit).limit(limit), cachedCount(query)]);
  ctx.body = { users, total, page, limit };
}

export function userRoutes() {
  const router = new Router({ prefix: '/admin' });

  // The spec's calls.
  router.post('/users/create', async (ctx) => {
    const input = parseBody<any>(userBody(ctx.request.body), userInput);
    const user = await createUser(input);
    ctx.status = 201;
    ctx.body = { message: API.userCreated, user };
  });
  router.get('/user/:id', async (ctx) => {
    ctx.body = { user: await findUser(parseId(ctx.params.id)) };
  });
  router.put('/user/:id', async (ctx) => {
    const user = await change(ctx, await findUser(parseId(ctx.params.id)), userBody(ctx.request.body));
    ctx.body = { message: API.userUpdated, user };
  });
  router.delete('/user/:id', async (ctx) => {
    await remove(ctx, await findUser(parseId(ctx.params.id)));
    ctx.body = { message: API.userDeleted };
  });

  // Both dialects on the list: react-admin's carries range/filter/JSON sort.
  router.get('/users', async (ctx) => (isRaDialect(ctx.query) ? raList(ctx, User.query(), 'users') : specList(ctx)));

  // react-admin on /admin/users.
  router.get('/users/:id', async (ctx) => {
    ctx.body = await findUser(parseId(ctx.params.id));
  });
  router.post('/users', async (ctx) => {
    const input = parseBody<any>(ctx.request.body, userInput);
    ctx.status = 201;
    ctx.body = await createUser(input);
  });
  router.put('/users/:id', async (ctx) => {
    ctx.body = await change(ctx, await findUser(parseId(ctx.params.id)), ctx.request.body);
  });
  router.delete('/users/:id', async (ctx) => {
    const user = await findUser(parseId(ctx.params.id));
    await remove(ctx, user);
    ctx.body = user;
  });

  // react-admin on /admin/admins: the users with the admin role.
  router.get('/admins', async (ctx) => raList(ctx, User.query().where('role', 'admin'), 'admins'));
  router.get('/admins/:id', async (ctx) => {
    ctx.body = await findUser(parseId(ctx.params.id), true);
  });
  router.post('/admins', async (ctx) => {
    const input = parseBody<any>(ctx.request.body, adminInput);
    // An existing customer is promoted; a new address becomes a new admin (then a password is needed).
    const existing = await User.query().findOne({ email: input.email });
    ctx.status = 201;
    if (existing) {
      ctx.body = await updateUser(existing, { role: 'admin', firstName: input.firstName, lastName: input.lastName, phone: input.phone, password: input.password });
      return;
    }
    parseBody(input, newAdminPassword);
    ctx.body = await createUser({ ...input, role: 'admin' });
  });
  router.put('/admins/:id', async (ctx) => {
    ctx.body = await change(ctx, await findUser(parseId(ctx.params.id), true), ctx.request.body);
  });
  router.delete('/admins/:id', async (ctx) => {
    const admin = await findUser(parseId(ctx.params.id), true);
    guardSelf(ctx, admin, { role: 'customer' });
    ctx.body = await updateUser(admin, { role: 'customer' });
  });

  return router;
}
