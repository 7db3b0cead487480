// Users for the staff: the plain calls (/admin/users/create, /admin/user/:id, /admin/users with
// page/limit/search/sort) and react-admin's dialect on /admin/users and /admin/admins.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import type { User } from '../../models/User';
import { parseBody, parseId, parseQuery } from '../../platform/http/parseInput';
import { isRaDialect, parseRaParams, sendRaList } from '../../platform/lists/raList';
import { adminInput, newAdminPassword, userChangeInput, userInput, userListQuery } from '@domain/schemas/customers';
import { API } from '@domain/messages';
import { currentUser } from '../../platform/http/auth';
import {
  addAdmin,
  changeUser,
  createUserAsStaff,
  deleteUser,
  demoteAdmin,
  findUser,
  userList,
  userListSpec,
  userPage,
} from './adminService';

/** The body of a create: the user object itself, or { user: {...} }. */
function userBody(body: unknown): unknown {
  const b = body as { user?: unknown } | null;
  return b && typeof b === 'object' && !Array.isArray(b) && b.user && typeof b.user === 'object' ? b.user : body;
}

function change(ctx: Context, target: User, body: unknown): Promise<User> {
  return changeUser(currentUser(ctx), target, parseBody(body, userChangeInput));
}

async function raList(ctx: Context, resource: 'users' | 'admins') {
  const params = parseRaParams(ctx.query, userListSpec);
  const { rows, total } = await userPage(params, resource === 'admins');
  sendRaList(ctx, resource, rows, params.start, total);
}

/** GET /admin/users?page&limit&search&sort -> { users, total, page, limit } */
async function specList(ctx: Context) {
  ctx.body = await userList(parseQuery(ctx.query, userListQuery));
}

const doc = apiDoc('Потребители');

export function userRoutes() {
  const router = new Router({ prefix: '/admin' });

  // The plain calls.
  router.post('/users/create', doc('Нов потребител', { body: userInput, status: 201, answer: '{ message, user }' }), async (ctx) => {
    const input = parseBody(userBody(ctx.request.body), userInput);
    const user = await createUserAsStaff(input);
    ctx.status = 201;
    ctx.body = { message: API.userCreated, user };
  });
  router.get('/user/:id', doc('Един потребител', { answer: 'Потребителят' }), async (ctx) => {
    ctx.body = { user: await findUser(parseId(ctx.params.id)) };
  });
  router.put('/user/:id', doc('Промяна на потребител', { body: userChangeInput, answer: '{ message, user }' }), async (ctx) => {
    const user = await change(ctx, await findUser(parseId(ctx.params.id)), userBody(ctx.request.body));
    ctx.body = { message: API.userUpdated, user };
  });
  router.delete('/user/:id', doc('Изтриване на потребител', { answer: '{ message }' }), async (ctx) => {
    await deleteUser(currentUser(ctx), await findUser(parseId(ctx.params.id)));
    ctx.body = { message: API.userDeleted };
  });

  // Both dialects on the list: react-admin's carries range/filter/JSON sort.
  router.get(
    '/users',
    doc('Потребителите (react-admin или страници)', { raList: true, query: userListQuery, answer: 'Списък от потребители' }),
    async (ctx) => (isRaDialect(ctx.query) ? raList(ctx, 'users') : specList(ctx)),
  );

  // react-admin on /admin/users.
  router.get('/users/:id', doc('Един потребител (react-admin)', { answer: 'Потребителят' }), async (ctx) => {
    ctx.body = await findUser(parseId(ctx.params.id));
  });
  router.post('/users', doc('Нов потребител (react-admin)', { body: userInput, status: 201, answer: 'Потребителят' }), async (ctx) => {
    const input = parseBody(ctx.request.body, userInput);
    ctx.status = 201;
    ctx.body = await createUserAsStaff(input);
  });
  router.put('/users/:id', doc('Промяна на потребител (react-admin)', { body: userChangeInput, answer: 'Потребителят' }), async (ctx) => {
    ctx.body = await change(ctx, await findUser(parseId(ctx.params.id)), ctx.request.body);
  });
  router.delete('/users/:id', doc('Изтриване на потребител (react-admin)', { answer: 'Изтритият потребител' }), async (ctx) => {
    const user = await findUser(parseId(ctx.params.id));
    await deleteUser(currentUser(ctx), user);
    ctx.body = user;
  });

  // react-admin on /admin/admins: the users with the admin role.
  router.get('/admins', doc('Служителите', { raList: true, answer: 'Списък от служители' }), async (ctx) => raList(ctx, 'admins'));
  router.get('/admins/:id', doc('Един служител', { answer: 'Служителят' }), async (ctx) => {
    ctx.body = await findUser(parseId(ctx.params.id), true);
  });
  router.post('/admins', doc('Нов служител (със силна парола)', { body: adminInput, status: 201, answer: 'Служителят' }), async (ctx) => {
    const input = parseBody(ctx.request.body, adminInput);
    // An existing customer is promoted; a new address becomes a new admin (then a password is needed).
    const admin = await addAdmin(input, () => parseBody(input, newAdminPassword).password);
    ctx.status = 201;
    ctx.body = admin;
  });
  router.put('/admins/:id', doc('Промяна на служител', { body: userChangeInput, answer: 'Служителят' }), async (ctx) => {
    ctx.body = await change(ctx, await findUser(parseId(ctx.params.id), true), ctx.request.body);
  });
  router.delete('/admins/:id', doc('Изтриване на служител', { answer: 'Изтритият служител' }), async (ctx) => {
    ctx.body = await demoteAdmin(currentUser(ctx), await findUser(parseId(ctx.params.id), true));
  });

  return router;
}
