// The audit log for staff, read-only (react-admin resource /api/admin/audit-log).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { auditListSpec, auditPage, findAuditEntry } from './auditLog';

const doc = apiDoc('Одит');

export function auditLogRoutes() {
  const router = new Router({ prefix: '/admin/audit-log' });
  router.get('/', doc('Дневникът на промените на служителите', { raList: true, answer: 'Списък от записи' }), async (ctx) => {
    const params = parseRaParams(ctx.query, auditListSpec);
    const { rows, total } = await auditPage(params);
    sendRaList(ctx, 'audit-log', rows, params.start, total);
  });
  router.get('/:id', doc('Един запис от дневника', { answer: 'Записът' }), async (ctx) => {
    ctx.body = await findAuditEntry(parseId(ctx.params.id));
  });
  return router;
}
