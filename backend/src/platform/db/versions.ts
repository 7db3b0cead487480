// Versions of the records staff edit. Each write through a record's one write path raises its
// version; a save that says which version its copy was loaded at goes ahead only if that is still
// the current one, so two people editing the same record cannot silently undo each other. A save
// without a version (the plain calls, scripts) is applied as before: the last writer wins.
import type { Knex } from 'knex';
import { AuditLog } from '../../models/AuditLog';
import { User } from '../../models/User';
import { HttpError } from '../http/errors';
import { API } from '@domain/messages';
import { dateAndTime } from '@domain/dates';

/** A versioned row and the audit log's names for it (the resource of its admin routes). */
export interface VersionedRow {
  table: string;
  id: number | string;
  /** The key column; `id` unless told. */
  idColumn?: string;
  /** The audit log's `entity` values under which writes of this record are written. */
  audit: readonly string[];
  /** The audit log's `entityId` of the record; the id unless told ('' matches any). */
  auditId?: string;
}

/** What a 409 for a stale copy says besides its message. */
export interface StaleEditConflict {
  changedBy: string;
  changedAt: string | null;
  version: number;
}

/**
 * Raise the row's version as part of a write, before its other statements. With `expected`, only
 * if the row is still at that version; otherwise the write is refused (409, naming who changed
 * it and when). The guarded update takes the row's lock on PostgreSQL, so of two racing saves from
 * the same version the second waits and then finds the version raised: exactly one wins. Answers
 * the new version (null when the row does not exist; the caller answers 404 its own way).
 */
export async function claimVersion(db: Knex, row: VersionedRow, expected: number | undefined): Promise<number | null> {
  const idColumn = row.idColumn ?? 'id';
  const raised = await db(row.table)
    .where(idColumn, row.id)
    .modify((q) => {
      if (expected !== undefined) q.where('version', expected);
    })
    .update({ version: db.raw('version + 1') });
  const now = await db(row.table).where(idColumn, row.id).first('version');
  if (!now) return null;
  if (!raised) throw await staleEdit(db, row, Number(now.version));
  return Number(now.version);
}

/** The record's current version as answered (1 for a row written before versions existed). */
export async function currentVersion(db: Knex, row: Pick<VersionedRow, 'table' | 'id' | 'idColumn'>): Promise<number | null> {
  const now = await db(row.table)
    .where(row.idColumn ?? 'id', row.id)
    .first('version');
  return now ? Number(now.version) : null;
}

/** A version found in an audit entry's answer (the record, or the record wrapped one level). */
function versionIn(after: unknown): number | undefined {
  if (!after || typeof after !== 'object') return undefined;
  const a = after as Record<string, unknown>;
  if (typeof a.version === 'number') return a.version;
  for (const v of Object.values(a))
    if (v && typeof v === 'object' && typeof (v as { version?: unknown }).version === 'number') return (v as { version: number }).version;
  return undefined;
}

/**
 * The refusal of a save made from a stale copy: who changed the record and when, from the audit
 * log's entry whose answer carries the current version (else its latest entry, when that entry does
 * not say which version it wrote); „друг служител“ when the log does not know.
 */
export async function staleEdit(db: Knex, row: VersionedRow, version: number, errors?: Record<string, string>): Promise<HttpError> {
  const auditId = row.auditId ?? String(row.id);
  const entries = await AuditLog.query(db)
    .whereIn('entity', [...row.audit])
    .modify((q) => {
      if (auditId) q.where('entityId', auditId);
    })
    .orderBy('id', 'desc')
    .limit(20);
  const entry =
    entries.find((e) => versionIn(e.after) === version) ??
    (entries[0] && versionIn(entries[0].after) === undefined ? entries[0] : undefined);
  let changedBy: string = API.anotherStaffMember;
  if (entry) {
    const user = entry.userId ? await User.query(db).findById(entry.userId) : undefined;
    const name = user ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() : '';
    changedBy = name || entry.actorEmail || API.anotherStaffMember;
  }
  const changedAt = entry?.createdAt ?? null;
  const at = changedAt ? dateAndTime(changedAt) : null;
  const message = at ? API.staleEdit(changedBy, at.date, at.time) : API.staleEditUnknownTime(changedBy);
  const err = new HttpError(409, message, errors);
  err.extra = { conflict: { changedBy, changedAt, version } satisfies StaleEditConflict };
  return err;
}
