// Reading the audit log (staff, read-only): a page of entries and one entry. What is written
// to it is in auditTrail.ts.
import { AuditLog } from '../../models/AuditLog';
import { notFound } from '../../platform/http/errors';
import { filterBy, raPage, whereContains, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { API } from '@domain/messages';

export const auditListSpec: RaListSpec = {
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

export function auditPage(params: RaListParams): Promise<{ rows: AuditLog[]; total: number }> {
  return raPage(AuditLog.query(), params, auditListSpec);
}

export async function findAuditEntry(id: number): Promise<AuditLog> {
  const row = await AuditLog.query().findById(id);
  if (!row) throw notFound(API.notFound);
  return row;
}
