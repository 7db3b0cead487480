// Privacy requests over HTTP: the customer's own data (GET /api/account/data?format=json|csv) and
// closing their account (POST /api/account/close { password }); staff answering a request by
// e-mail (POST /api/admin/privacy/export { email, format }, POST /api/admin/privacy/erase
// { email, confirm }). The staff calls are POSTs so that the address travels in the body, never in
// a URL that request logs and proxies keep.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseBody } from '../../platform/http/parseInput';
import { badRequest } from '../../platform/http/errors';
import { API, PRIVACY } from '@domain/messages';
import { CART_COOKIE } from '@domain/limits';
import { PERSONAL_DATA_FORMATS, type PersonalDataFormat } from '@domain/privacy';
import { accountCloseInput, guestEraseInput, guestExportInput } from '@domain/schemas/privacy';
import { currentUser, requireUser, signOut } from '../../platform/http/auth';
import type { User } from '../../models/User';
import { personalDataCsv, type PersonalData } from './personalData';
import { closeOwnAccount, eraseForRequest, exportForRequest, ownData, type Actor } from './service';

function sendData(ctx: Context, data: PersonalData, format: PersonalDataFormat, name: string) {
  const day = data.exportedAt.slice(0, 10);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Disposition', `attachment; filename="${name}-${day}.${format}"`);
  if (format === 'csv') {
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = personalDataCsv(data);
  } else {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(data, null, 2);
  }
}

function formatOf(value: unknown): PersonalDataFormat {
  if (value === undefined) return 'json';
  if (typeof value === 'string' && (PERSONAL_DATA_FORMATS as readonly string[]).includes(value)) return value as PersonalDataFormat;
  throw badRequest(API.invalidInput, { format: API.oneOf(PERSONAL_DATA_FORMATS) });
}

function staff(ctx: Context): Actor {
  const user = ctx.state.user as User;
  return { userId: user.id, email: user.email, ip: ctx.ip };
}

async function downloadOwnData(ctx: Context) {
  const format = formatOf(ctx.query.format);
  sendData(ctx, await ownData(currentUser(ctx)), format, 'moite-danni');
}

async function closeAccount(ctx: Context) {
  const { password } = parseBody(ctx.request.body, accountCloseInput);
  await closeOwnAccount(ctx.config.appKeys, currentUser(ctx), password, ctx.ip);
  // This browser is signed out too (its session row is already gone) and its cookie cart emptied.
  await signOut(ctx);
  ctx.cookies.set(CART_COOKIE, null, { path: '/', httpOnly: false, signed: false, sameSite: 'lax', overwrite: true });
  ctx.state.user = null;
  ctx.body = { message: PRIVACY.accountClosed };
}

async function staffExport(ctx: Context) {
  const { email, format } = parseBody(ctx.request.body, guestExportInput);
  const data = await exportForRequest(ctx.config.appKeys, email, staff(ctx));
  ctx.state.audited = true;
  sendData(ctx, data, format ?? 'json', 'lichni-danni');
}

async function staffErase(ctx: Context) {
  const { email, confirm } = parseBody(ctx.request.body, guestEraseInput);
  if (!confirm) throw badRequest(PRIVACY.confirmErase, { confirm: PRIVACY.confirmErase });
  const result = await eraseForRequest(ctx.config.appKeys, email, staff(ctx));
  ctx.state.audited = true;
  ctx.body = { message: PRIVACY.erased(result.orders, result.messages, result.account), ...result };
}

const doc = apiDoc('Лични данни');

export function privacyRoutes() {
  const router = new Router();
  router.get(
    '/account/data',
    doc('Моите данни (JSON или CSV)', { auth: 'customer', description: 'Вид с ?format=json|csv.', answer: 'Файл с данните на профила' }),
    requireUser,
    downloadOwnData,
  );
  router.post(
    '/account/close',
    doc('Закриване на профила (с паролата)', { auth: 'customer', body: accountCloseInput, answer: '{ message }' }),
    requireUser,
    closeAccount,
  );
  router.post('/admin/privacy/export', doc('Данните на гост по имейл', { body: guestExportInput, answer: 'Файл с данните' }), staffExport);
  router.post(
    '/admin/privacy/erase',
    doc('Заличаване на данните на гост по имейл', {
      body: guestEraseInput,
      answer: '{ message, orders, messages, account }: какво е заличено',
    }),
    staffErase,
  );
  return router;
}
