// The audit log for staff, read-only (react-admin resource /api/admin/audit-log).
import Router from '@koa/router';
import { AuditLog } from '../../models/AuditLog';
import { parseId } from '../../platform/http/parseInput';
import { notFound } from '../../platform/http/errors';
import { filterBy, parseRaParams, raPage, sendRaList, whereContains, RaListSpec } from '../../platform/lists/raList';
import { API } from '../../../../domain/messages';

const raSpec: RaListSpec = {
  idColumn: 'id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: { id: 'id', createdAt: 'createdAt', entity: 'entity', action: 'action', actorEmail: 'actorEmail' },
  filters: {
    q: (qb, v) => {
      if (typeof v === 'string' && v.trim()) whereContains(qb, 'actorEmail', v.trim().toLowerCase());
    },
    entity: filterBy.equals('entity'),
    entityId: filterBy.equals('entityId'),
    action: filterBy.equals('action'),
    userId: filterBy.id('userId'),
    createdAt_gte: filterBy.date('createdAt', '>='),
    createdAt_lte: filterBy.date('createdAt', '<='),
  },
};

export function auditLogRoutes() {
  const router = new Router({ prefix: '/admin/audit-log' });
  router.get('/', async (ctx) => {
    const params = parseRaParams(ctx.query, raSpec);
    const { rows, total } = await raPage(AuditLog.query(), params, raSpec);
    sendRaList(ctx, 'audit-log', rows, params.start, total);
  });
  router.get('/:id', async (ctx) => {
    const row = await AuditLog.query().findById(parseId(ctx.params.id));
    if (!row) throw notFound(API.notFound);
    ctx.body = row;
  });
  return router;
}
