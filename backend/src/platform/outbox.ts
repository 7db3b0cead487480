// The outbox: effects that must happen after a write are rows in the `outbox` table, written in the
// write's own transaction (one per subscriber), so the change and the record of what it still owes
// commit together; a killed process loses none of them. This worker carries them out: the instance
// that committed runs its rows at once (they are written already claimed by it, for a lease), any
// instance takes rows that are due (a retry whose pause is over, or a claim whose holder died and
// whose lease ran out), each once: PostgreSQL hands a row to one claimer (FOR UPDATE SKIP LOCKED),
// SQLite has one process and a guarded update. A failed effect is tried again after a growing
// pause; after the last attempt it is kept as failed and the app is told (staff notice). The worker
// knows no business: what an effect does is the bus's (platform/events).
import os from 'node:os';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Model } from 'objection';
import { isPostgres } from './db/knex';
import type { BatchCondition, BatchWrite } from './db/writeTogether';
import { scrub } from './http/scrub';

/** Pauses before the 2nd, 3rd, … attempt; after the last the effect is kept as failed. */
export const EFFECT_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000];
export const EFFECT_MAX_ATTEMPTS = EFFECT_RETRY_DELAYS_MS.length + 1;
/** How long a claim holds without being renewed: a holder that died frees its rows after this. */
export const EFFECT_LEASE_MS = 30_000;
/** How often a started worker looks for due rows (and renews the leases of what it runs). */
export const EFFECT_POLL_MS = 5_000;
/** Done rows (without their payload) are kept this long (what ran and when, for support), then purged. */
export const DONE_EFFECTS_KEPT_MS = 7 * 24 * 60 * 60_000;
/** Rows one round claims at once. */
const CLAIM_BATCH = 20;
/** Done rows one statement marks at most (well under SQLite's limit of bound values). */
const MARK_BATCH = 500;
/** How long done effects gather before one statement marks them. */
const MARK_DELAY_MS = 250;

export type EffectState = 'pending' | 'running' | 'done' | 'failed';

export interface EffectRow {
  id: number;
  event: string;
  payload: string;
  subscriber: string;
  state: EffectState;
  attempts: number;
  nextAttemptAt: number;
  lockedBy: string | null;
  lockedUntil: number | null;
  lastError: string | null;
  createdAt: number;
  doneAt: number | null;
}

/** One run of an effect, as the bus gets it. `rerun`: an earlier attempt may have done part of it
 *  (it failed, or its process died before marking it done): the effect may skip what is done. */
/**
 * A payload the batch it is written in decides: one of two, by what an earlier write of the batch
 * answered (e.g. whether a count it made is within a cap), so that the row needs no round trip of
 * its own after that write.
 */
export interface ChosenPayload extends BatchCondition {
  then: unknown;
  otherwise: unknown;
}

/** `record`'s rows as writes not yet run (Outbox.recordWrites). */
export interface RecordWrites {
  /** One insert per subscriber, answering its row's id. */
  writes: BatchWrite[];
  /** The rows, once `writes` have run: from what each answered, in their order. */
  rows(answers: unknown[][]): EffectRow[];
}

const isChosen = (p: unknown): p is ChosenPayload =>
  !!p && typeof (p as ChosenPayload).whenRows === 'function' && typeof (p as ChosenPayload).whenCte === 'function';

export interface EffectRun {
  id: number;
  event: string;
  subscriber: string;
  payload: unknown;
  rerun: boolean;
}

/** An effect given up after its last attempt. */
export interface FailedEffect {
  id: number;
  event: string;
  subscriber: string;
  payload: unknown;
  attempts: number;
  error: string;
}

export interface OutboxOptions {
  knex: Knex;
  /** Carries out one effect; throws when it failed. */
  run(effect: EffectRun): Promise<void>;
  /** Told once per effect given up (the app raises a staff notice). */
  onGivingUp?(failed: FailedEffect): void | Promise<void>;
  /** Told of each failed attempt (the log). */
  onFailure?(effect: EffectRun, error: unknown, willRetry: boolean): void;
  clock?: () => number;
}

/**
 * A record (an Objection model) in a payload is kept as its id: a rerun reads it afresh, as it is
 * then, and the row neither copies a whole order (its buyer, its lines) nor costs the writing
 * transaction the time to turn one into JSON. The first run gets the payload as it was declared.
 */
function storedForm(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // `this[key]` is the value before JSON.stringify called its toJSON (a model's, which copies it all).
  const original = key === '' ? value : this[key];
  return original instanceof Model ? { id: (original as Model & { id?: unknown }).id } : value;
}

const idOf = (id: number | { id: number }) => Number(typeof id === 'object' ? id.id : id);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function rowOf(r: Record<string, unknown>): EffectRow {
  return {
    ...(r as unknown as EffectRow),
    id: Number(r.id),
    attempts: Number(r.attempts),
    nextAttemptAt: Number(r.nextAttemptAt),
    lockedUntil: num(r.lockedUntil),
    createdAt: Number(r.createdAt),
    doneAt: num(r.doneAt),
  };
}

function parse(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

export class Outbox {
  /** Who holds a claim: this instance (host, process, and one per app made in it). */
  readonly instance = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private readonly knex: Knex;
  private readonly clock: () => number;
  private readonly inFlight = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private round: Promise<number> | undefined;
  /** Effects done and not yet marked so (their ids, when each finished). */
  private nextMarks = new Map<number, number>();
  private marking: Promise<void> | undefined;
  private markTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: OutboxOptions) {
    this.knex = opts.knex;
    this.clock = opts.clock ?? Date.now;
  }

  /**
   * Inside the writing transaction (or on the knex itself when the write is already final): one
   * row per subscriber, claimed by this instance, which runs them once the transaction commits.
   */
  async record(db: Knex | Knex.Transaction, event: string, payload: unknown, subscribers: string[]): Promise<EffectRow[]> {
    const rows = this.newRows(event, JSON.stringify(payload ?? null, storedForm), subscribers);
    const ids: Array<number | { id: number }> = await db('outbox').insert(rows).returning('id');
    return rows.map((r, i) => ({ ...r, id: idOf(ids[i]) }));
  }

  /**
   * `record` as writes not yet run, to go in one batch with the writing transaction's other writes
   * (platform/db/writeTogether: on PostgreSQL no round trip of their own, so a transaction that
   * holds a contended row lock holds it no longer for its effects). The rows are the same.
   */
  recordWrites(db: Knex | Knex.Transaction, event: string, payload: unknown, subscribers: string[]): RecordWrites {
    const stored = (p: unknown) => JSON.stringify(p ?? null, storedForm);
    const chosen = isChosen(payload) ? { ...payload, then: stored(payload.then), otherwise: stored(payload.otherwise) } : null;
    const rows = this.newRows(event, chosen ? '' : stored(payload), subscribers);
    const writes: BatchWrite[] = rows.map((row) => {
      if (!chosen) return db('outbox').insert(row).returning('id');
      const insert = (json: string) =>
        db('outbox')
          .insert({ ...row, payload: json })
          .returning('id');
      return {
        follows: chosen.follows,
        fromCte: (source: string) => {
          const when = chosen.whenCte(source);
          // PostgreSQL types the parameters of a select by their casts, not by the columns they fill.
          return db.raw(
            'insert into outbox (event, payload, subscriber, state, attempts, next_attempt_at, locked_by, locked_until, created_at) ' +
              `select ?::text, case when ${when.sql} then ?::text else ?::text end, ?::text, ?::text, ?::integer, ?::bigint, ?::text, ?::bigint, ?::bigint returning id`,
            [
              row.event,
              ...when.bindings,
              chosen.then,
              chosen.otherwise,
              row.subscriber,
              row.state,
              row.attempts,
              row.nextAttemptAt,
              row.lockedBy,
              row.lockedUntil,
              row.createdAt,
            ],
          );
        },
        fromRows: (answered: Array<Record<string, unknown>>) => insert(chosen.whenRows(answered) ? chosen.then : chosen.otherwise),
        writes: [{ table: 'outbox', kind: 'insert' as const, stockOnly: false }],
      };
    });
    return {
      writes,
      rows: (answers) =>
        rows.map((r, i) => {
          const [id] = answers[i] as Array<number | { id: number }>;
          return { ...r, id: idOf(id) };
        }),
    };
  }

  /** The rows of one event's effects, claimed by this instance (it runs them after the commit). */
  private newRows(event: string, json: string, subscribers: string[]): Array<Omit<EffectRow, 'id'>> {
    const now = this.clock();
    return subscribers.map((subscriber) => ({
      event,
      payload: json,
      subscriber,
      state: 'running' as const,
      attempts: 1,
      nextAttemptAt: now,
      lockedBy: this.instance,
      lockedUntil: now + EFFECT_LEASE_MS,
      lastError: null,
      createdAt: now,
      doneAt: null,
    }));
  }

  /** After the commit: run the rows `record` wrote, with the payload as the writer had it. */
  runRecorded(rows: EffectRow[], payload: unknown): void {
    for (const row of rows) this.track(row, payload);
  }

  /** Effects running in this instance now, or done and not yet marked so. */
  get busy(): number {
    return this.inFlight.size + this.nextMarks.size + (this.marking ? 1 : 0);
  }

  /** Wait until every effect this instance started has settled (and those they caused). */
  async settled(): Promise<void> {
    while (this.inFlight.size || this.round || this.nextMarks.size || this.marking) {
      await Promise.allSettled([...this.inFlight.values(), ...(this.round ? [this.round] : [])]);
      await this.writeMarks();
    }
  }

  /**
   * Claim the rows that are due at `now` (a pause over, or a lease run out) and run them; answers
   * how many were claimed once they have settled. Tests call it with a later `now`.
   */
  async runDue(now = this.clock()): Promise<number> {
    if (this.stopped) return 0;
    const claimed = await this.claimDue(now);
    await Promise.allSettled(claimed.map((row) => this.track(row, parse(row.payload), now)));
    await this.writeMarks();
    return claimed.length;
  }

  /**
   * The server's worker: what a previous process left is taken up now, then a look for due rows
   * every `everyMs`, which also renews the leases of what is running here. The timer never keeps
   * the process alive.
   */
  async start(everyMs = EFFECT_POLL_MS): Promise<void> {
    this.stopped = false;
    // SQLite has one process per database: a row still claimed by another instance was claimed by
    // a process that is gone. (On PostgreSQL other instances may be alive: their leases decide.)
    if (!isPostgres(this.knex))
      await this.knex('outbox').where({ state: 'running' }).whereNot({ lockedBy: this.instance }).update({ lockedUntil: 0 });
    this.tick();
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
  }

  /**
   * Stop taking rows, and give the effects running here up to `drainMs` to finish (SIGTERM, the
   * test harness's close). What is left stays in the table for the next start.
   */
  async stop(drainMs = 15_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    let timeout: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timeout = setTimeout(resolve, drainMs);
      timeout.unref();
    });
    await Promise.race([this.settled(), bound]);
    clearTimeout(timeout);
  }

  /** Forget done rows older than DONE_EFFECTS_KEPT_MS. */
  async purgeDone(now = this.clock()): Promise<void> {
    await purgeDoneEffects(this.knex, now);
  }

  private tick(): void {
    if (this.stopped || this.round) return;
    const round = (async () => {
      if (this.inFlight.size)
        await this.knex('outbox')
          .whereIn('id', [...this.inFlight.keys()])
          .where({ lockedBy: this.instance, state: 'running' })
          .update({ lockedUntil: this.clock() + EFFECT_LEASE_MS });
      return this.runDue();
    })();
    this.round = round;
    round
      .catch((err) =>
        console.error(JSON.stringify({ level: 'error', event: 'outbox_round_failed', error: scrub(String(err?.message ?? err)) })),
      )
      .finally(() => {
        if (this.round === round) this.round = undefined;
      });
  }

  private async claimDue(now: number): Promise<EffectRow[]> {
    const knex = this.knex;
    const due = (qb: Knex.QueryBuilder) =>
      qb
        .where((w) => w.where({ state: 'pending' }).where('nextAttemptAt', '<=', now))
        .orWhere((w) => w.where({ state: 'running' }).where('lockedUntil', '<', now));
    const claim = (attempts: Knex.Raw | number) => ({
      state: 'running',
      lockedBy: this.instance,
      lockedUntil: now + EFFECT_LEASE_MS,
      attempts,
    });
    if (isPostgres(knex)) {
      const ids = knex('outbox').select('id').where(due).orderBy('id').limit(CLAIM_BATCH).forUpdate().skipLocked();
      const rows = await knex('outbox')
        .whereIn('id', ids)
        .update(claim(knex.raw('?? + 1', ['attempts'])))
        .returning('*');
      return rows.map(rowOf).sort((a, b) => a.id - b.id);
    }
    const candidates = (await knex('outbox').where(due).orderBy('id').limit(CLAIM_BATCH)).map(rowOf);
    const claimed: EffectRow[] = [];
    for (const row of candidates) {
      // Taken only if still due: no other round claimed it meanwhile.
      const n = await knex('outbox')
        .where({ id: row.id })
        .where(due)
        .update(claim(row.attempts + 1));
      if (n)
        claimed.push({ ...row, state: 'running', lockedBy: this.instance, lockedUntil: now + EFFECT_LEASE_MS, attempts: row.attempts + 1 });
    }
    return claimed;
  }

  private track(row: EffectRow, payload: unknown, now?: number): Promise<void> {
    const run = this.runOne(row, payload, now).finally(() => this.inFlight.delete(row.id));
    this.inFlight.set(row.id, run);
    return run;
  }

  private async runOne(row: EffectRow, payload: unknown, at?: number): Promise<void> {
    const effect: EffectRun = { id: row.id, event: row.event, subscriber: row.subscriber, payload, rerun: row.attempts > 1 };
    const mine = () => this.knex('outbox').where({ id: row.id, lockedBy: this.instance, state: 'running' });
    try {
      await this.opts.run(effect);
    } catch (error) {
      await this.failed(row, effect, error, at ?? this.clock(), mine).catch((err) => this.logBookkeeping(String(row.id), err));
      return;
    }
    this.markDone(row.id, at ?? this.clock());
  }

  /**
   * Done: the payload goes (it may name a person: an order's buyer, a company's contact); the row
   * keeps what ran, when. Marks are written together, a moment later (MARK_DELAY_MS): on a busy day
   * one statement marks the effects of many orders instead of one each (on PostgreSQL each would be
   * a commit of its own). A process killed before the mark leaves the row claimed; once its lease
   * runs out it is run again, and effects are rerun-safe (a mail's key, the invoice's check).
   */
  private markDone(id: number, at: number): void {
    this.nextMarks.set(id, at);
    if (this.markTimer) return;
    this.markTimer = setTimeout(() => void this.writeMarks(), MARK_DELAY_MS);
    this.markTimer.unref();
  }

  /** Write the marks gathered so far (now: `settled`, `stop`, or the timer). */
  private writeMarks(): Promise<void> {
    if (this.markTimer) clearTimeout(this.markTimer);
    this.markTimer = undefined;
    this.marking ??= (async () => {
      while (this.nextMarks.size) {
        const ids = [...this.nextMarks.keys()].slice(0, MARK_BATCH);
        let doneAt = 0;
        for (const id of ids) {
          doneAt = Math.max(doneAt, this.nextMarks.get(id)!);
          this.nextMarks.delete(id);
        }
        await this.knex('outbox')
          .whereIn('id', ids)
          .where({ lockedBy: this.instance, state: 'running' })
          .update({ state: 'done', doneAt, lockedBy: null, lockedUntil: null, payload: '{}' })
          .catch((err) => this.logBookkeeping(ids.join(','), err));
      }
    })().finally(() => {
      this.marking = undefined;
    });
    return this.marking;
  }

  private async failed(row: EffectRow, effect: EffectRun, error: unknown, now: number, mine: () => Knex.QueryBuilder) {
    const message = scrub(String((error as Error)?.stack ?? (error as Error)?.message ?? error)).slice(0, 2000);
    const retryIn = EFFECT_RETRY_DELAYS_MS[row.attempts - 1];
    this.opts.onFailure?.(effect, error, retryIn !== undefined);
    if (retryIn !== undefined) {
      await mine().update({ state: 'pending', nextAttemptAt: now + retryIn, lockedBy: null, lockedUntil: null, lastError: message });
      return;
    }
    const n = await mine().update({ state: 'failed', lockedBy: null, lockedUntil: null, lastError: message });
    if (n)
      await this.opts.onGivingUp?.({
        id: row.id,
        event: row.event,
        subscriber: row.subscriber,
        payload: effect.payload,
        attempts: row.attempts,
        error: String((error as Error)?.message ?? error).slice(0, 300),
      });
  }

  private logBookkeeping(ids: string, err: unknown) {
    // The row keeps its claim; once the lease runs out it is run again (effects are rerun-safe).
    console.error(
      JSON.stringify({ level: 'error', event: 'outbox_mark_failed', ids, error: scrub(String((err as Error)?.message ?? err)) }),
    );
  }
}

/** Forget done rows older than DONE_EFFECTS_KEPT_MS (failed ones stay until staff deal with them). */
export async function purgeDoneEffects(knex: Knex, now = Date.now()): Promise<void> {
  await knex('outbox')
    .where({ state: 'done' })
    .where('doneAt', '<', now - DONE_EFFECTS_KEPT_MS)
    .delete();
}

/** Effects still owed whose payload names one of these addresses (lower case) go: erasing their
 *  owner's data (a mail to them would name them). */
export async function dropOwedEffectsNaming(db: Knex, emails: string[]): Promise<void> {
  if (!emails.length) return;
  await db('outbox')
    .whereNot({ state: 'done' })
    .where((qb) => {
      for (const email of emails)
        qb.orWhereRaw("lower(??) like ? escape '\\'", ['payload', `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
    })
    .delete();
}
