// The audit log for staff, read-only (react-admin resource /api/admin/audit-log).
import Router from '@koa/router';
import { parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { auditListSpec, auditPage, findAuditEntry } from './auditLog';

export function auditLogRoutes() {
  const router = new Router({ prefix: '/admin/audit-log' });
  router.get('/', async (ctx) => {
    const params = parseRaParams(ctx.query, auditListSpec);
    const { rows, total } = await auditPage(params);
    sendRaList(ctx, 'audit-log', rows, params.start, total);
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await findAuditEntry(parseId(ctx.params.id));
  });
  return router;
}
