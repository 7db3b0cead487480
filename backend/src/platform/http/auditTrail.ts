// Every admin mutation goes to the audit log: who, when, from where, what (method and path),
// the record before (read by id for the resources below) and the answer after. Secrets are
// never written. A route that writes a fuller record itself sets ctx.state.audited.
import type { Knex } from 'knex';
import type { Context, Next } from 'koa';
import type { Model, ModelClass } from 'objection';
import { AuditLog } from '../../models/AuditLog';
import { User } from '../../models/User';
import { Category } from '../../models/Category';
import { Product } from '../../models/Product';
import { Order } from '../../models/Order';
import { Payment } from '../../models/Payment';
import { Discount } from '../../models/Discount';
import { Notification } from '../../models/Notification';
import { ContactMessage } from '../../models/ContactMessage';
import { FlavourList } from '../../models/FlavourList';
import { Company } from '../../models/Company';

const RECORDS: Record<string, ModelClass<Model>> = {
  users: User,
  user: User,
  admins: User,
  categories: Category,
  products: Product,
  orders: Order,
  payments: Payment,
  discounts: Discount,
  notifications: Notification,
  'contact-messages': ContactMessage,
  'flavour-lists': FlavourList,
  companies: Company,
};
const SECRET = /password|secret|token|backupCodes/i;

/** A copy without secrets, cut to a sane size. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  // Models answer through toJSON, which already leaves private fields out.
  if (value && typeof (value as { toJSON?: unknown }).toJSON === 'function') value = (value as { toJSON(): unknown }).toJSON();
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET.test(k))
        .map(([k, v]) => [k, redact(v, depth + 1)]),
    );
  }
  return typeof value === 'string' && value.length > 2000 ? value.slice(0, 2000) + '…' : value;
}

/** /api/admin/<resource>[/<id>][/<action>] → resource, id, action. */
export function describe(path: string, method: string): { entity: string; entityId: string; action: string } {
  const parts = path
    .replace(/^\/api\/(admin\/)?/, '')
    .split('/')
    .filter(Boolean);
  const [entity = 'admin', second, third] = parts;
  const id = second && /^\d+$/.test(second) ? second : '';
  const verb = method === 'POST' ? 'create' : method === 'PUT' ? 'update' : method === 'DELETE' ? 'delete' : method.toLowerCase();
  const action = third ?? (second && !id ? second : verb);
  return { entity, entityId: id, action };
}

export async function auditAdminMutations(ctx: Context, next: Next) {
  if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.method === 'OPTIONS') return next();
  const { entity, entityId, action } = describe(ctx.path, ctx.method);
  const model = RECORDS[entity];
  const before =
    model && entityId
      ? await model
          .query()
          .findById(Number(entityId))
          .catch(() => undefined)
      : undefined;
  await next();
  if (ctx.status >= 400 || ctx.state.audited) return;
  const user = ctx.state.user as User | null;
  try {
    await AuditLog.query().insert({
      userId: user?.id ?? null,
      actorEmail: user?.email ?? '',
      action: action.slice(0, 50),
      entity: entity.slice(0, 50),
      entityId: entityId || String((ctx.body as { id?: unknown } | undefined)?.id ?? ''),
      before: before ? redact(before) : null,
      after: redact(ctx.body ?? null),
      ip: ctx.ip.slice(0, 64),
    } as Partial<AuditLog>);
  } catch (err) {
    // The change is made; a failed audit write is logged loudly but does not undo it.
    console.error(JSON.stringify({ level: 'error', event: 'audit_failed', path: ctx.path, error: String(err) }));
  }
}

/** One entry of the audit trail, written in `db` (the change's transaction: they stand or fall
 *  together). The entries a route does not make by itself (an import, a deleted order, privacy's). */
export async function recordAudit(db: Knex, entry: Partial<AuditLog>): Promise<void> {
  await AuditLog.query(db).insert(entry);
}

/** An entry's before and after as rewritten (erasing the person they quoted). */
export async function rewriteAuditEntry(db: Knex, id: number, texts: { before: string | null; after: string | null }): Promise<void> {
  await db('audit_log').where({ id }).update(texts);
}
