// Erasing personal data, one routine for the three ways it happens: a customer
// closes their account, staff answer a guest's request by e-mail, and the retention job. Orders
// stay (amounts, lines, statuses: the accounting needs them) with the person's name, e-mail, phone
// and address gone; invoices and credit notes keep the buyer as issued (ЗДДС чл. 114, ЗСч чл. 12)
// and are never touched here. Everything runs in the caller's transaction.
// Each table is changed by the area that owns it (platform/db/tableOwners.ts): this routine reads
// what a person left, decides what goes, and asks the owners to write it.
import type { Knex } from 'knex';
import { normalizeEmailKey } from '@domain/email';
import { ERASED_EMAIL } from '@domain/privacy';
import { PRIVACY } from '@domain/messages';
import { rewriteAuditEntry } from '../../platform/http/auditTrail';
import { forgetIdempotentAnswers } from '../../platform/http/idempotency';
import { dropQueuedMailTo } from '../../platform/mail/transport';
import { dropOwedEffectsNaming } from '../../platform/outbox';
import { contactMessageLink, eraseContactMessages, rewriteNotice } from '../staff';
import { addressProven, blankClosedAccount, endAccountAccess } from '../auth';
import { contactLeaves } from '../trade';
import { eraseCustomerFromOrders, rewriteOrderEvent } from '../orders';
import { dropLabelsOfOrders } from '../shipments';
import { forgetBuyerOfOrders } from '../discounts';
import { clearCartWrite } from '../cart';
import { forgetRequester } from '../quotes';

/** Ids are handled in slices, well under every database's limit of bound parameters. */
const SLICE = 500;

function slices<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += SLICE) out.push(list.slice(i, i + SLICE));
  return out;
}

/** The texts that identify a person, to be blanked wherever they were copied (notices, the audit log). */
type Traces = Set<string>;

function addTraces(traces: Traces, ...values: Array<string | null | undefined>) {
  for (const v of values) {
    const t = (v ?? '').trim();
    // One or two letters are no trace of anyone (and would blank unrelated words).
    if (t.length >= 3) traces.add(t);
  }
}

function scrubText(text: string, traces: Traces): string {
  let out = text;
  for (const t of traces) out = out.split(t).join(PRIVACY.erasedName);
  return out;
}

/** Fields of orders, accounts and messages (and of what was answered about them) that are personal. */
const PERSONAL_FIELDS =
  /^(customer(FirstName|LastName|Email|Phone)|shipping(City|Postcode|Address)|note|invoiceRequest|firstName|lastName|email|phone|address|city|postcode|name|company|message|mol|companyName|eik|vatNumber|searchText)$/;

/** A JSON value with the personal fields emptied and every other text that quotes the person blanked. */
function scrubJson(value: unknown, traces: Traces): unknown {
  if (typeof value === 'string') return scrubText(value, traces);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, traces));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        PERSONAL_FIELDS.test(k) && (typeof v === 'string' || (v !== null && typeof v === 'object'))
          ? PRIVACY.erasedName
          : scrubJson(v, traces),
      ]),
    );
  }
  return value;
}

/** Staff notices that quoted the person (new order from …, new customer …, enquiry from …). */
async function scrubNotices(trx: Knex.Transaction, links: string[], traces: Traces) {
  for (const part of slices(links)) {
    const rows = (await trx('notifications').whereIn('link', part).select('id', 'message')) as Array<{ id: number; message: string }>;
    for (const r of rows) {
      const message = scrubText(r.message, traces);
      if (message !== r.message) await rewriteNotice(trx, r.id, message);
    }
  }
}

/** Audit entries about these records, or quoting the e-mail, keep what was done but not who it was about. */
async function scrubAuditLog(trx: Knex.Transaction, entity: string, ids: number[], emails: string[], traces: Traces) {
  if (!traces.size) return;
  const rows = (await trx('audit_log')
    .where((qb) => {
      for (const part of slices(ids.map(String))) qb.orWhere((w) => w.where({ entity }).whereIn('entityId', part));
      for (const e of emails) qb.orWhere('before', 'like', `%${e}%`).orWhere('after', 'like', `%${e}%`);
    })
    .select('id', 'before', 'after')) as Array<{ id: number; before: string | null; after: string | null }>;
  for (const r of rows) {
    const fix = (text: string | null) => {
      if (text === null) return null;
      try {
        return JSON.stringify(scrubJson(JSON.parse(text), traces));
      } catch {
        return scrubText(text, traces);
      }
    };
    const before = fix(r.before);
    const after = fix(r.after);
    if (before !== r.before || after !== r.after) await rewriteAuditEntry(trx, r.id, { before, after });
  }
}

/** Mail waiting in (or kept by) the outgoing queue for these addresses goes, and so do effects
 *  still owed about them (the outbox: a mail to them, whose payload names them). */
async function dropQueuedMail(trx: Knex.Transaction, emails: string[]) {
  if (!emails.length) return;
  // E-mails were stored as typed: both match them in lower case.
  await dropQueuedMailTo(trx, emails);
  await dropOwedEffectsNaming(trx, emails);
}

export interface ErasedCounts {
  orders: number;
  messages: number;
}

/**
 * Anonymise these orders: the customer's name, e-mail, phone, address and note go (the city too:
 * with a small town it names a person), and so do the guest link, the invoice request (the issued
 * invoice keeps its own copy), the courier label (it prints the address) and the copies in staff
 * notices, order events, discount uses, the mail queue and the audit log. Already-anonymised
 * orders are skipped. Answers how many were anonymised.
 */
export async function anonymiseOrders(trx: Knex.Transaction, orderIds: number[]): Promise<number> {
  let done = 0;
  for (const part of slices(orderIds)) {
    const orders = (await trx('orders')
      .whereIn('id', part)
      .whereNot('customerEmail', ERASED_EMAIL)
      .select(
        'id',
        'number',
        'customerFirstName',
        'customerLastName',
        'customerEmail',
        'customerPhone',
        'shippingAddress',
        'shippingCity',
      )) as Array<{
      id: number;
      number: string;
      customerFirstName: string;
      customerLastName: string;
      customerEmail: string;
      customerPhone: string;
      shippingAddress: string;
      shippingCity: string;
    }>;
    if (!orders.length) continue;
    const ids = orders.map((o) => o.id);
    const emails = [...new Set(orders.map((o) => o.customerEmail.toLowerCase()))];
    const traces: Traces = new Set();
    for (const o of orders)
      addTraces(
        traces,
        `${o.customerFirstName} ${o.customerLastName}`,
        o.customerFirstName,
        o.customerLastName,
        o.customerEmail,
        o.customerPhone,
        o.shippingAddress,
      );

    await eraseCustomerFromOrders(trx, orders);
    // A guest's events name them as the actor; a customer's carry their e-mail.
    const events = (await trx('order_events').whereIn('orderId', ids).select('id', 'actorLabel', 'note')) as Array<{
      id: number;
      actorLabel: string;
      note: string;
    }>;
    for (const e of events) {
      const actorLabel = emails.includes(e.actorLabel.toLowerCase()) ? '' : scrubText(e.actorLabel, traces);
      const note = scrubText(e.note, traces);
      if (actorLabel !== e.actorLabel || note !== e.note) await rewriteOrderEvent(trx, e.id, { actorLabel, note });
    }
    await dropLabelsOfOrders(trx, ids);
    await forgetBuyerOfOrders(
      trx,
      ids,
      emails.map((e) => `email:${normalizeEmailKey(e)}`),
    );
    await scrubNotices(
      trx,
      ids.map((id) => `/admin/orders/${id}`),
      traces,
    );
    await scrubAuditLog(trx, 'orders', ids, emails, traces);
    await dropQueuedMail(trx, emails);
    done += orders.length;
  }
  return done;
}

/** Anonymise messages from the contact form: who wrote and what (a message names its writer). */
export async function anonymiseMessages(trx: Knex.Transaction, messageIds: number[]): Promise<number> {
  let done = 0;
  for (const part of slices(messageIds)) {
    const rows = (await trx('contact_messages')
      .whereIn('id', part)
      .whereNot('email', ERASED_EMAIL)
      .select('id', 'name', 'company', 'email', 'phone')) as Array<{
      id: number;
      name: string;
      company: string;
      email: string;
      phone: string;
    }>;
    if (!rows.length) continue;
    const ids = rows.map((r) => r.id);
    const traces: Traces = new Set();
    for (const r of rows) addTraces(traces, r.name, r.company, r.email, r.phone);
    await eraseContactMessages(trx, ids);
    // Notices made before they linked to the message's page pointed at `/admin/contact-messages/<id>`.
    await scrubNotices(
      trx,
      ids.flatMap((id) => [contactMessageLink(id), `/admin/contact-messages/${id}`]),
      traces,
    );
    await scrubAuditLog(trx, 'contact-messages', ids, [...new Set(rows.map((r) => r.email.toLowerCase()))], traces);
    done += rows.length;
  }
  return done;
}

/** Orders and messages of a person; `byAddress`: found by the e-mail address too (else only what
 *  the account did itself). */
export interface Records {
  orderIds: number[];
  messageIds: number[];
  byAddress: boolean;
}

/**
 * Every order and message given with this e-mail (when `email` is given), and every order placed
 * from this account (when `userId` is).
 */
export async function recordsOf(trx: Knex | Knex.Transaction, email: string | null, userId: number | null): Promise<Records> {
  if (email === null && userId === null) return { orderIds: [], messageIds: [], byAddress: false };
  const orders = (await trx('orders')
    .where((qb) => {
      if (email !== null) qb.whereRaw('lower(customer_email) = ?', [email]);
      if (userId !== null) qb.orWhere({ userId });
    })
    .select('id')) as Array<{ id: number }>;
  const messages =
    email === null ? [] : ((await trx('contact_messages').whereRaw('lower(email) = ?', [email]).select('id')) as Array<{ id: number }>);
  return { orderIds: orders.map((o) => Number(o.id)), messageIds: messages.map((m) => Number(m.id)), byAddress: email !== null };
}

/** An account as the privacy acts need it. */
export interface AccountRef {
  id: number;
  email: string;
  emailVerifiedAt?: string | null;
}

/**
 * The one rule for what an account reaches through itself (its data shown, exported, erased with
 * it): what it did signed in (orders with its id; the company its application made is its by
 * membership), and — only once its address is proven its owner's — everything else given with that
 * address (earlier guest orders and their invoices, messages). Anyone can register any address;
 * only its owner can open the link mailed to it.
 */
export function recordsOfAccount(trx: Knex | Knex.Transaction, account: AccountRef) {
  return recordsOf(trx, addressProven(account) ? account.email.toLowerCase() : null, account.id);
}

/**
 * Close a customer account: its orders and messages anonymised (above), the account itself left
 * as an empty row (orders still point at it) with an unusable, unique e-mail so the address is free
 * for a new sign-up; its password, second factor, sessions, personal API tokens, reset and
 * verification links and server cart gone; no longer a company's member or contact (answered: the
 * companies it was either of, whose legal data stays). `records`: what goes with it (recordsOfAccount when the
 * customer closes it; everything with the address when staff answer a request by e-mail).
 */
export async function eraseAccount(
  trx: Knex.Transaction,
  user: AccountRef & { firstName: string; lastName: string; phone: string; companyId?: number | null },
  records: Records,
): Promise<ErasedCounts & { companyIds: number[] }> {
  const email = user.email.toLowerCase();
  const { orderIds, messageIds } = records;
  const orders = await anonymiseOrders(trx, orderIds);
  const messages = await anonymiseMessages(trx, messageIds);
  // No longer anyone's contact: another member takes the role, or staff are told to name one.
  const contactOf = await contactLeaves(trx, user, records.byAddress);
  const companyIds = [...new Set([...contactOf, ...(user.companyId ? [user.companyId] : [])])];
  await endAccountAccess(trx, user.id);
  await clearCartWrite(trx, user.id);
  await forgetRequester(trx, user.id);
  // Answers kept for a retry of the account's writes name the person (an order's address).
  await forgetIdempotentAnswers(trx, `user:${user.id}`);
  await blankClosedAccount(trx, user.id);
  const traces: Traces = new Set();
  addTraces(traces, `${user.firstName} ${user.lastName}`, user.firstName, user.lastName, user.email, user.phone);
  await scrubNotices(trx, [`/admin/users/${user.id}`], traces);
  // What the log and the mail queue hold for the address is the account's only when its records
  // are (recordsOfAccount): else it may be another person's (their guest order's confirmation).
  const byAddress = records.byAddress ? [email] : [];
  await scrubAuditLog(trx, 'users', [user.id], byAddress, traces);
  await dropQueuedMail(trx, byAddress);
  return { orders, messages, companyIds };
}

/** A guest's request by e-mail: their orders and messages anonymised; no longer a company's contact. */
export async function eraseByEmail(trx: Knex.Transaction, email: string): Promise<ErasedCounts & { companyIds: number[] }> {
  const { orderIds, messageIds } = await recordsOf(trx, email, null);
  const orders = await anonymiseOrders(trx, orderIds);
  const messages = await anonymiseMessages(trx, messageIds);
  const companyIds = await contactLeaves(trx, { id: 0, email, companyId: null }, true);
  await dropQueuedMail(trx, [email]);
  return { orders, messages, companyIds };
}
