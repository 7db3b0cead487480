// `Idempotency-Key` (the IETF draft "The Idempotency-Key HTTP Header Field", as Stripe practises
// it) on the writes a person must never get twice: an order, a payment, a credit note, a waybill.
// A client sends one key per attempt; the same key with the same body within 24 hours answers what
// the first answered and does nothing again; copies that race each other do the work once; the same
// key with another body is refused (422). A request without the header works as it always did.
//
// How a copy is told apart from a new request: the key's row (unique per caller and key) is
// inserted before the work starts, so the database decides which of several racing copies does
// it; the others wait for its answer. The row says what was asked (method, path, a hash of the
// body), and once done the answer (status and body) to give again.
//
// Why the work's own transaction also writes the row: an answer stored after the work committed
// would leave a gap — a process killed between the commit and that store leaves a key with no
// answer, and a retry that did the work again would make a second order. So the service that does
// the work calls `recordIdempotentEffect(trx, claim, …)` inside its transaction: the row then names what
// was made (e.g. the order's id) if and only if the work committed. A retry that finds it answers
// that record as it is now (the route's `answerFor`), whatever happened to the process in between.
// The same write checks that this copy still holds the claim: a copy whose claim was taken over
// (its process looked dead) cannot commit the work, so it is done once even then.
//
// What is kept: only a success (2xx). An error answer means the work did not happen (it runs in
// one transaction that the error rolled back), so the key is let go and a retry runs afresh — a
// shopper told „not enough stock“ may try the same order again once stock is back. A copy whose
// process died before committing leaves a `running` row without an effect: it is taken over by a
// retry once it is abandoned (on SQLite, one process serves the database, so a row claimed by an
// earlier run of the process is abandoned at once; on PostgreSQL, with several instances, after
// ABANDONED_AFTER_MS).
import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { Model } from 'objection';
import { IDEMPOTENCY } from '@domain/messages';
import { HttpError } from './errors';
import { csrfTokenOf } from './csrf';
import { isPostgres } from '../db/knex';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key is remembered: a retry later than this is a new request. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;
/** A `running` claim older than this is taken to be dead (several instances: no run to compare). */
export const ABANDONED_AFTER_MS = 2 * 60_000;
/** How long a copy waits for the one doing the work before answering 409. */
const WAIT_MS = 5_000;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const TABLE = 'idempotencyKeys';
/** This run of the process: a claim made by another run (SQLite: one process) is dead. */
const THIS_RUN = crypto.randomUUID();

/** What a copy that does the work holds while it does it: the route hands it to the service
 *  (`idempotencyClaimOf(ctx)`), which records its effect with it. Passed by hand rather than kept
 *  in an AsyncLocalStorage: on Node 20 that turns on promise hooks for the whole process, a cost
 *  every request would pay. */
export interface IdempotencyClaim {
  id: number;
  owner: string;
  /** The kind of record this route makes (what `recordIdempotentEffect` must name). */
  kind: string;
  recorded: boolean;
}

export interface Effect {
  kind: string;
  id: number;
}

export interface Answer {
  status: number;
  body: unknown;
}

export interface IdempotentOptions {
  /** What the route makes (`order`, `payment`, …): its service records it with that name. */
  kind: string;
  /** The answer for what an earlier copy made, when that copy's own answer was never stored
   *  (its process died after the commit): the record as it is now. */
  answerFor(ctx: Context, effect: Effect): Promise<Answer>;
  /** After any answer given again (e.g. a guest's browser remembers the order once more). */
  replayed?(ctx: Context, effect: Effect): void;
  /** Body fields that are not part of what is asked (a proof of work made anew for each attempt). */
  notAsked?: string[];
}

/** The claim of the request being served with a key (none without one). */
export function idempotencyClaimOf(ctx: Context): IdempotencyClaim | undefined {
  return ctx.state.idempotencyClaim as IdempotencyClaim | undefined;
}

/**
 * Inside the transaction that does the work of a request sent with a key: records what was made on
 * the key's row, so the row says so exactly when the work committed. Refuses (409, rolling the
 * work back) when another copy has taken the claim over. Does nothing without a key, for another
 * kind of record (e.g. a document an after-commit effect issues meanwhile), or a second time.
 */
export async function recordIdempotentEffect(
  trx: Knex.Transaction,
  claim: IdempotencyClaim | undefined,
  kind: string,
  id: number,
): Promise<void> {
  if (!claim || claim.kind !== kind || claim.recorded) return;
  const effect: Effect = { kind, id };
  const marked = await trx(TABLE)
    .where({ id: claim.id, owner: claim.owner })
    .whereNull('effect')
    .update({ effect: JSON.stringify(effect) });
  if (marked !== 1) throw new HttpError(409, IDEMPOTENCY.stillRunning);
  claim.recorded = true;
}

/** The header's value: a token or the draft's quoted string; 400 for anything else. */
function keyOf(raw: string): string {
  const key = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!KEY_PATTERN.test(key) || !key.trim())
    throw new HttpError(400, IDEMPOTENCY.keyInvalid, { [IDEMPOTENCY_HEADER]: IDEMPOTENCY.keyInvalid });
  return key;
}

/** Who asks: a signed-in user (by session or token), else the guest's browser (its CSRF secret,
 *  which every cookie-borne write carries). Null: nobody to match a key within. */
function scopeOf(ctx: Context): string | null {
  const user = ctx.state.user as { id?: number } | null | undefined;
  if (user?.id) return `user:${user.id}`;
  const browser = csrfTokenOf(ctx);
  return browser ? `browser:${crypto.createHash('sha256').update(browser).digest('hex').slice(0, 40)}` : null;
}

/** JSON with every object's keys in order: the same body whatever order its fields came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const fields = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(body: unknown, notAsked: string[] = []): string {
  let asked = body ?? null;
  if (notAsked.length && asked && typeof asked === 'object' && !Array.isArray(asked)) {
    asked = Object.fromEntries(Object.entries(asked).filter(([k]) => !notAsked.includes(k)));
  }
  return crypto.createHash('sha256').update(canonicalJson(asked)).digest('hex');
}

interface KeyRow {
  id: number;
  method: string;
  path: string;
  requestHash: string;
  state: 'running' | 'done';
  owner: string;
  effect: string | null;
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: number | string;
  claimedAt: number | string;
}

function abandoned(knex: Knex, row: KeyRow, now: number): boolean {
  if (now - Number(row.claimedAt) > ABANDONED_AFTER_MS) return true;
  return !isPostgres(knex) && !row.owner.startsWith(`${THIS_RUN}:`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims the key for this copy, or answers what the first copy answered. */
async function claimOrAnswer(
  knex: Knex,
  ctx: Context,
  asked: { scope: string; key: string; method: string; path: string; requestHash: string },
  options: IdempotentOptions,
): Promise<IdempotencyClaim | { answer: Answer; effect: Effect | null }> {
  const started = Date.now();
  for (let round = 0; ; round++) {
    const now = Date.now();
    const owner = `${THIS_RUN}:${crypto.randomBytes(8).toString('hex')}`;
    const inserted = await knex(TABLE)
      .insert({ ...asked, state: 'running', owner, createdAt: now, claimedAt: now })
      .onConflict(['scope', 'key'])
      .ignore()
      .returning('id');
    if (inserted.length) return { id: idOf(inserted[0]), owner, kind: options.kind, recorded: false };

    const row: KeyRow | undefined = await knex(TABLE).where({ scope: asked.scope, key: asked.key }).first();
    if (!row) continue; // let go meanwhile (its work failed): claim it again
    if (Number(row.createdAt) <= now - IDEMPOTENCY_KEEP_MS) {
      // Forgotten: a key older than a day is a new request (the hourly purge may not have run yet).
      await knex(TABLE).where({ id: row.id, owner: row.owner }).delete();
      continue;
    }
    if (row.method !== asked.method || row.path !== asked.path || row.requestHash !== asked.requestHash)
      throw new HttpError(422, IDEMPOTENCY.keyReused, { [IDEMPOTENCY_HEADER]: IDEMPOTENCY.keyReused });
    const effect = row.effect ? (JSON.parse(row.effect) as Effect) : null;
    if (row.state === 'done') {
      if (row.responseStatus !== null && row.responseBody !== null)
        return { answer: { status: row.responseStatus, body: JSON.parse(row.responseBody) }, effect };
      if (effect) return { answer: await keptAnswer(knex, ctx, row, effect, options), effect };
    }
    if (abandoned(knex, row, now)) {
      // Its work committed and only the answer was lost: answer the record.
      if (effect) return { answer: await keptAnswer(knex, ctx, row, effect, options), effect };
      // Its work never committed: this copy does it.
      const taken = await knex(TABLE)
        .where({ id: row.id, owner: row.owner, state: 'running' })
        .whereNull('effect')
        .update({ owner, claimedAt: now });
      if (taken === 1) return { id: row.id, owner, kind: options.kind, recorded: false };
      continue;
    }
    if (Date.now() - started >= WAIT_MS) {
      // Done but not yet answered: the record answers; still working: say so.
      if (effect) return { answer: await options.answerFor(ctx, effect), effect };
      throw new HttpError(409, IDEMPOTENCY.stillRunning);
    }
    await pause(Math.min(10 * 2 ** round, 250));
  }
}

/** The answer for an effect whose own answer was lost, kept on the row from now on. */
async function keptAnswer(knex: Knex, ctx: Context, row: KeyRow, effect: Effect, options: IdempotentOptions): Promise<Answer> {
  const answer = await options.answerFor(ctx, effect);
  await knex(TABLE)
    .where({ id: row.id, owner: row.owner })
    .update({ state: 'done', responseStatus: answer.status, responseBody: JSON.stringify(answer.body) });
  return answer;
}

function idOf(inserted: unknown): number {
  return Number(typeof inserted === 'object' && inserted ? (inserted as { id: unknown }).id : inserted);
}

/** After the work: keep a success's answer; after a failure let the key go, unless the work had
 *  committed (then a retry answers the record). Never fails the answer itself. */
async function settle(knex: Knex, claim: IdempotencyClaim, ctx: Context, succeeded: boolean): Promise<void> {
  try {
    const ours = () => knex(TABLE).where({ id: claim.id, owner: claim.owner });
    if (succeeded) {
      await ours().update({ state: 'done', responseStatus: ctx.status, responseBody: JSON.stringify(ctx.body ?? null) });
      return;
    }
    const letGo = await ours().whereNull('effect').delete();
    if (!letGo) await ours().update({ state: 'done' });
  } catch {
    // The row stays `running`: a retry finds it abandoned later and answers from its effect.
  }
}

/** The route's middleware: `router.post(path, idempotent({ kind, answerFor }), handler)`. */
export function idempotent(options: IdempotentOptions) {
  return async function idempotency(ctx: Context, next: Next) {
    const raw = ctx.get(IDEMPOTENCY_HEADER);
    if (!raw) return next();
    const key = keyOf(raw);
    const scope = scopeOf(ctx);
    if (!scope) return next();
    const knex = Model.knex();
    const asked = { scope, key, method: ctx.method, path: ctx.path, requestHash: requestHash(ctx.request.body, options.notAsked) };
    const claimed = await claimOrAnswer(knex, ctx, asked, options);
    if ('answer' in claimed) {
      ctx.status = claimed.answer.status;
      ctx.body = claimed.answer.body;
      ctx.set(REPLAYED_HEADER, 'true');
      // Nothing was changed: no audit entry for a copy.
      ctx.state.audited = true;
      if (claimed.effect) options.replayed?.(ctx, claimed.effect);
      return;
    }
    let succeeded = false;
    try {
      ctx.state.idempotencyClaim = claimed;
      await next();
      succeeded = ctx.status >= 200 && ctx.status < 300 && ctx.body !== undefined && !Buffer.isBuffer(ctx.body);
    } finally {
      await settle(knex, claimed, ctx, succeeded);
    }
  };
}

/** Keys older than a day (the hourly purge, platform/db/expiredRows). */
export async function purgeExpiredIdempotencyKeys(knex: Knex, now = Date.now()): Promise<void> {
  await knex(TABLE)
    .where('createdAt', '<=', now - IDEMPOTENCY_KEEP_MS)
    .delete();
}

/** The answers kept for a retry of one caller's writes go (`scope`: `user:<id>`): a closed account's
 *  name the person (an order's address). */
export async function forgetIdempotentAnswers(db: Knex, scope: string): Promise<void> {
  await db(TABLE).where({ scope }).delete();
}
