// Effects after commit: a write declares what happened (an event); subscribers — mail, PDFs, staff
// notices, a lower area reacting to a higher one — run once the transaction that declared it has
// committed, never before and never for one that rolled back (Vendure's EventBus, Medusa's emitted
// workflow events). The bus knows no business: each area names its events by augmenting
// `ShopEvents` in its own `events.ts`, and subscribes in its entrance's `subscribe…`.
//
// Two kinds of subscriber. What must happen (the invoice on payment, mails, staff notices) is
// durable: `declare` writes one outbox row per durable subscriber in the declaring transaction, so
// the change and what it still owes commit together; the outbox worker (platform/outbox) runs them
// after the commit, again after a failure, and after a restart. Only best-effort work (a cache to
// drop) is `inMemory`: it runs after the commit in this process and is gone if the process dies.
//
// One bus per process, as Objection's one knex per process: createApp clears the subscribers and
// the areas subscribe again, so an app made twice in one test file never runs an effect twice.
import type { Knex } from 'knex';
import { Outbox, type ChosenPayload, type EffectRow, type OutboxOptions } from './outbox';
import type { BatchWrite } from './db/writeTogether';

/** Every event, by name: areas add theirs with `declare module '…/platform/events'`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ShopEvents {}

export type EventName = keyof ShopEvents;
/** A subscriber gets the payload and, when it runs as a durable effect, that effect (a mail it
 *  sends carries the effect's key, so a rerun does not send it twice). */
export type Subscriber<N extends EventName> = (payload: ShopEvents[N], effect?: CurrentEffect) => void | Promise<void>;

export interface SubscribeOptions {
  /** Best-effort work that may be lost with the process (a cache to drop): run in memory after
   *  the commit, never written to the outbox. Everything else is durable. */
  inMemory?: boolean;
}

interface Entry {
  name: string;
  run: Subscriber<EventName>;
  durable: boolean;
}

const subscribers = new Map<EventName, Entry[]>();
/** In-memory effects (and work after an answer) started and not yet settled: what `settled()`
 *  waits for with the outbox's. */
const running = new Set<Promise<unknown>>();
let reportFailure: (event: string, subscriber: string, error: unknown) => void = (event, subscriber, error) =>
  console.error(`[events] ${subscriber} on ${event} failed:`, error);
/** This process's outbox (createApp keeps one); without it durable subscribers run in memory. */
let outbox: Outbox | undefined;

/** A durable effect as its subscriber gets it: its key, and whether an earlier attempt may have
 *  done part of it. Passed along by hand, not kept in an AsyncLocalStorage: on Node 20 that turns
 *  on promise hooks for the whole process, a cost every request would pay. */
export interface CurrentEffect {
  key: string;
  rerun: boolean;
}

/** Forget every subscriber (createApp, before the areas subscribe). */
export function clearSubscribers(): void {
  subscribers.clear();
}

/** Where a failing subscriber is reported (the app's log). A failure never reaches the writer. */
export function onSubscriberFailure(report: typeof reportFailure): void {
  reportFailure = report;
}

/**
 * Run `run` after each committed `event`: durable (the outbox) unless `inMemory`. `name` says who
 * acts (the outbox row's subscriber, the log) and must stay the same across versions while rows
 * may wait for it; subscribing twice under one name keeps the last.
 */
export function subscribe<N extends EventName>(event: N, name: string, run: Subscriber<N>, options: SubscribeOptions = {}): void {
  const list = (subscribers.get(event) ?? []).filter((s) => s.name !== name);
  list.push({ name, run: run as Subscriber<EventName>, durable: !options.inMemory });
  subscribers.set(event, list);
}

/**
 * Install the outbox on `knex`: effects are kept in it from now on (createApp): answers the worker, which the server
 * starts (`start`) and stops (`stop`); without `start` it still runs what this process commits.
 */
export function installOutbox(knex: Knex, options: Pick<OutboxOptions, 'onGivingUp' | 'clock'> = {}): Outbox {
  outbox = new Outbox({
    knex,
    ...options,
    run: ({ id, event, subscriber, payload, rerun }) => {
      const entry = (subscribers.get(event as EventName) ?? []).find((s) => s.name === subscriber);
      // A row for a subscriber this version does not have fails, and is kept for staff to see.
      if (!entry) return Promise.reject(new Error(`no subscriber ${subscriber} on ${event}`));
      return Promise.resolve().then(() => entry.run(payload as never, { key: `effect-${id}`, rerun }));
    },
    onFailure: (effect, error) => reportFailure(effect.event, effect.subscriber, error),
  });
  return outbox;
}

function deliver(entries: Entry[], event: EventName, payload: unknown): void {
  for (const s of entries) {
    const effect = Promise.resolve()
      .then(() => s.run(payload as never))
      .catch((error) => reportFailure(String(event), s.name, error));
    afterward(effect);
  }
}

/** Work `settled()` waits for: an in-memory effect, or what an answer does after it is sent
 *  (platform/http/afterAnswer). `work` reports its own failure. */
export function afterward(work: Promise<unknown>): void {
  running.add(work);
  const done = () => void running.delete(work);
  work.then(done, done);
}

/** The transaction whose commit makes a write final: the outermost one (a savepoint's release
 *  commits nothing). */
function outermost(trx: Knex.Transaction): Knex.Transaction {
  let t = trx;
  while (t.parentTransaction) t = t.parentTransaction;
  return t;
}

/**
 * Declare that something happened. Inside a transaction the durable subscribers' outbox rows are
 * written in it (so they commit, or roll back, with the change) and every subscriber runs after
 * it commits; outside one (`db` is the knex itself) the write is already final: the rows are
 * written and the subscribers run now. Never awaits the subscribers: the writer answers at once.
 */
export async function declare<N extends EventName>(db: Knex | Knex.Transaction, event: N, payload: ShopEvents[N]): Promise<void> {
  const { durable, inMemory } = subscribersOf(event);
  const rows: EffectRow[] =
    durable.length && outbox
      ? await outbox.record(
          db,
          String(event),
          payload,
          durable.map((s) => s.name),
        )
      : [];
  runAfterCommit(db, event, payload, inMemory, rows);
}

/** A payload the batch decides (platform/outbox ChosenPayload), between two of this event's. */
export type ChosenEventPayload<N extends EventName> = ChosenPayload & { then: ShopEvents[N]; otherwise: ShopEvents[N] };

/**
 * `declare` for a transaction that sends its writes together (platform/db/writeTogether): the
 * durable subscribers' outbox rows as `writes` to put in its batch, so they cost no round trip of
 * their own. Once the batch has run, `declared(answers, payload)` (the writes' answers, in their
 * order; the payload as the writer has it now, the one the stored row chose) arranges what
 * `declare` arranges: every subscriber after the commit.
 */
export function declareAlong<N extends EventName>(
  trx: Knex.Transaction,
  event: N,
  stored: ShopEvents[N] | ChosenEventPayload<N>,
): { writes: BatchWrite[]; declared(answers: unknown[][], payload: ShopEvents[N]): void } {
  const { durable, inMemory } = subscribersOf(event);
  const store = outbox;
  const recorded =
    durable.length && store
      ? store.recordWrites(
          trx,
          String(event),
          stored,
          durable.map((s) => s.name),
        )
      : null;
  return {
    writes: recorded?.writes ?? [],
    declared: (answers, payload) => runAfterCommit(trx, event, payload, inMemory, recorded ? recorded.rows(answers) : []),
  };
}

/** The event's subscribers: durable ones go through the outbox (when this process keeps one). */
function subscribersOf(event: EventName): { durable: Entry[]; inMemory: Entry[] } {
  const all = subscribers.get(event) ?? [];
  return outbox ? { durable: all.filter((s) => s.durable), inMemory: all.filter((s) => !s.durable) } : { durable: [], inMemory: all };
}

/** Run the in-memory subscribers and the recorded rows once `db`'s outermost transaction has
 *  committed (now, when `db` is not a transaction); never for a rollback. */
function runAfterCommit(db: Knex | Knex.Transaction, event: EventName, payload: unknown, inMemory: Entry[], rows: EffectRow[]): void {
  const store = outbox;
  const after = () => {
    deliver(inMemory, event, payload);
    if (rows.length) store!.runRecorded(rows, payload);
  };
  const trx = (db as Knex.Transaction).isTransaction ? outermost(db as Knex.Transaction) : null;
  if (!trx) return after();
  trx.executionPromise.then(after, () => undefined);
}

/** Wait until every effect started so far has settled, and those they caused, and the work
 *  answers left to run after them (tests that read what an effect wrote; a graceful shutdown). */
export async function settled(): Promise<void> {
  while (running.size || outbox?.busy) {
    await Promise.allSettled([...running]);
    await outbox?.settled();
  }
}
