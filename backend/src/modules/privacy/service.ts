// The three privacy acts with their audit entries: a customer closes their own
// account, staff answer a request by e-mail (export, erase), the daily retention job. The audit log
// never gets the address asked about: a keyed hash (HMAC with the app key) and a masked form. The
// hash answers "was a request for x@y handled, and when?" for whoever already knows the address,
// and tells nothing to a reader of the log who does not; the masked form helps staff tell entries apart.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { User } from '../../models/User';
import type { AuditLog } from '../../models/AuditLog';
import { recordAudit } from '../../platform/http/auditTrail';
import { Throttle } from '../../platform/http/throttle';
import { badRequest, conflict, tooManyRequests } from '../../platform/http/errors';
import { PRIVACY } from '@domain/messages';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '@domain/limits';
import { ERASED_EMAIL, maskEmail, retentionCutoff } from '@domain/privacy';
import { OPEN_ORDER_STATUSES } from '@domain/orderStatus';
import { verifyPassword } from '../auth';
import { getSettings } from '../settings';
import { companyIdsOf } from '../trade';
import { anonymiseMessages, anonymiseOrders, eraseAccount, eraseByEmail, recordsOf, recordsOfAccount, type ErasedCounts } from './erase';
import { personalData, type PersonalData } from './personalData';

export interface Actor {
  userId: number | null;
  email: string;
  ip: string;
}

/** How the audit log names a requester's address without keeping it. */
export function requestKey(appKeys: string[], email: string): { emailHash: string; emailMasked: string } {
  return {
    emailHash: crypto
      .createHmac('sha256', appKeys[0] ?? '')
      .update(email.trim().toLowerCase())
      .digest('hex'),
    emailMasked: maskEmail(email),
  };
}

async function audit(
  trx: Knex | Knex.Transaction,
  actor: Actor,
  action: string,
  entity: string,
  entityId: string,
  after: Record<string, unknown>,
) {
  await recordAudit(trx, {
    userId: actor.userId,
    actorEmail: actor.email,
    action,
    entity,
    entityId,
    before: null,
    after,
    ip: actor.ip.slice(0, 64),
  } as Partial<AuditLog>);
}

/** Refuse (409, naming them) while one of these orders is still on its way: erasing its address
 *  and phone now would leave it undeliverable. */
async function refuseWhileOrdersOpen(trx: Knex | Knex.Transaction, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  const open = (await trx('orders')
    .whereIn('id', orderIds)
    .whereIn('status', OPEN_ORDER_STATUSES)
    .orderBy('id')
    .select('number', 'id')) as Array<{ number: string | null; id: number }>;
  if (open.length) throw conflict(PRIVACY.ordersOpen(open.map((o) => String(o.number ?? o.id))));
}

/** The signed-in customer's own data: what the account reaches (recordsOfAccount). */
export async function ownData(user: User): Promise<PersonalData> {
  const knex = User.knex();
  const stored = (await User.query().findById(user.id)) ?? user;
  const records = await recordsOfAccount(knex, stored);
  const companies = await companyIdsOf(knex, records.byAddress ? stored.email.toLowerCase() : null, stored.id);
  return personalData(knex, stored.email.toLowerCase(), stored.id, records, companies);
}

const PERSON_ERASED = 'person-erased';

/** The companies a person was the contact or a member of when their data was erased: each is
 *  logged under the keyed hash of the address, so a later request for it can be told what stays. */
async function logCompaniesKept(trx: Knex.Transaction, appKeys: string[], email: string, companyIds: number[], actor: Actor) {
  for (const id of companyIds) await audit(trx, actor, PERSON_ERASED, 'companies', String(id), { ...requestKey(appKeys, email) });
}

/** Every company whose legal data is kept about this address: its contact or member now, or when
 *  their data was erased. */
async function companiesKeptFor(appKeys: string[], email: string, userId: number | null): Promise<number[]> {
  const knex = User.knex();
  const { emailHash } = requestKey(appKeys, email);
  const logged = (await knex('audit_log')
    .where({ action: PERSON_ERASED, entity: 'companies' })
    .where('after', 'like', `%${emailHash}%`)
    .select('entityId')) as Array<{ entityId: string }>;
  const ids = new Set([...(await companyIdsOf(knex, email, userId)), ...logged.map((r) => Number(r.entityId))]);
  return [...ids].sort((a, b) => a - b);
}

/**
 * Close the customer's own account, confirmed with its password (wrong: 400, and counted like a
 * failed sign-in, 429 past the limit). Staff accounts are closed by another admin instead.
 */
export async function closeOwnAccount(appKeys: string[], user: User, password: string, ip: string): Promise<ErasedCounts> {
  const throttle = new Throttle(User.knex(), LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES * 60_000);
  const key = [`close-account:user:${user.id}`];
  if (await throttle.isBlocked(key)) throw tooManyRequests();
  if (user.role !== 'customer') throw conflict(PRIVACY.staffAccount);
  const stored = await User.query().findById(user.id);
  if (!stored || !(await verifyPassword(password, stored.passwordHash))) {
    await throttle.fail(key);
    throw badRequest(PRIVACY.wrongPassword, { password: PRIVACY.wrongPassword });
  }
  return User.knex().transaction(async (trx) => {
    const records = await recordsOfAccount(trx, stored);
    await refuseWhileOrdersOpen(trx, records.orderIds);
    const { companyIds, ...counts } = await eraseAccount(trx, stored, records);
    // The failed attempts are forgotten with the account, in its transaction.
    await new Throttle(trx, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES * 60_000).reset(key);
    // The entry says that an account was closed and what went with it, not whose it was.
    const nobody: Actor = { userId: null, email: '', ip };
    await audit(trx, nobody, 'close-account', 'users', String(user.id), { ...counts });
    await logCompaniesKept(trx, appKeys, stored.email, companyIds, nobody);
    return counts;
  });
}

/** Staff: the data held for an address (a guest's orders and messages; an account's too). */
export async function exportForRequest(appKeys: string[], email: string, actor: Actor): Promise<PersonalData> {
  const account = await User.query().whereRaw('lower(email) = ?', [email]).first();
  const userId = account?.id ?? null;
  const records = await recordsOf(User.knex(), email, userId);
  const data = await personalData(User.knex(), email, userId, records, await companiesKeptFor(appKeys, email, userId));
  await audit(User.knex(), actor, 'privacy-export', 'privacy', '', {
    ...requestKey(appKeys, email),
    orders: data.orders.length,
    messages: data.contactMessages.length,
    account: Boolean(account),
    kept: data.kept.length,
  });
  return data;
}

/** Staff: erase what is held for an address; an account with it is closed by the same routine. */
export async function eraseForRequest(appKeys: string[], email: string, actor: Actor): Promise<ErasedCounts & { account: boolean }> {
  const account = await User.query().whereRaw('lower(email) = ?', [email]).first();
  if (account && account.role !== 'customer') throw conflict(PRIVACY.staffAccount);
  return User.knex().transaction(async (trx) => {
    // Staff answer the person the address belongs to (they checked who asks): all of it goes.
    const records = await recordsOf(trx, email, account?.id ?? null);
    await refuseWhileOrdersOpen(trx, records.orderIds);
    const { companyIds, ...counts } = account ? await eraseAccount(trx, account, records) : await eraseByEmail(trx, email);
    const result = { ...counts, account: Boolean(account) };
    await audit(trx, actor, 'privacy-erase', 'privacy', account ? String(account.id) : '', { ...requestKey(appKeys, email), ...result });
    await logCompaniesKept(trx, appKeys, email, companyIds, actor);
    return result;
  });
}

/**
 * The retention job: personal data of orders older than the setting (default 10 years) and of
 * contact messages older than theirs (default 2) is anonymised, by the same routine as a request.
 */
export async function applyRetention(knex: Knex, now = new Date()): Promise<ErasedCounts> {
  const { privacy } = await getSettings();
  const orderCutoff = retentionCutoff(now, privacy.retentionYears);
  const messageCutoff = retentionCutoff(now, privacy.contactRetentionYears);
  const orderIds = (
    (await knex('orders').where('createdAt', '<', orderCutoff).whereNot('customerEmail', ERASED_EMAIL).select('id')) as Array<{
      id: number;
    }>
  ).map((o) => Number(o.id));
  const messageIds = (
    (await knex('contact_messages').where('createdAt', '<', messageCutoff).whereNot('email', ERASED_EMAIL).select('id')) as Array<{
      id: number;
    }>
  ).map((m) => Number(m.id));
  if (!orderIds.length && !messageIds.length) return { orders: 0, messages: 0 };
  return knex.transaction(async (trx) => {
    const counts = { orders: await anonymiseOrders(trx, orderIds), messages: await anonymiseMessages(trx, messageIds) };
    await audit(trx, { userId: null, email: '', ip: '' }, 'retention', 'privacy', '', { ...counts, orderCutoff, messageCutoff });
    return counts;
  });
}
