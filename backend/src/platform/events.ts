// Effects after commit: a write declares what happened (an event); subscribers — mail, PDFs, staff
// notices, cache drops, a lower area reacting to a higher one — run once the transaction that
// declared it has committed, never before and never for one that rolled back (Vendure's EventBus,
// Medusa's emitted workflow events). The bus knows no business: each area names its events by
// augmenting `ShopEvents` in its own `events.ts`, and subscribes in its entrance's `subscribe…`.
//
// One bus per process, as Objection's one knex per process: createApp clears the subscribers and
// the areas subscribe again, so an app made twice in one test file never runs an effect twice.
import type { Knex } from 'knex';

/** Every event, by name: areas add theirs with `declare module '…/platform/events'`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ShopEvents {}

export type EventName = keyof ShopEvents;
export type Subscriber<N extends EventName> = (payload: ShopEvents[N]) => void | Promise<void>;

const subscribers = new Map<EventName, Array<{ name: string; run: Subscriber<EventName> }>>();
/** Effects started and not yet settled: what `settled()` waits for (tests, shutdown). */
const running = new Set<Promise<unknown>>();
let reportFailure: (event: string, subscriber: string, error: unknown) => void = (event, subscriber, error) =>
  console.error(`[events] ${subscriber} on ${event} failed:`, error);

/** Forget every subscriber (createApp, before the areas subscribe). */
export function clearSubscribers(): void {
  subscribers.clear();
}

/** Where a failing subscriber is reported (the app's log). A failure never reaches the writer. */
export function onSubscriberFailure(report: typeof reportFailure): void {
  reportFailure = report;
}

/**
 * Run `run` after each committed `event`. `name` says who acts (for the log); subscribing twice
 * under one name keeps the last.
 */
export function subscribe<N extends EventName>(event: N, name: string, run: Subscriber<N>): void {
  const list = (subscribers.get(event) ?? []).filter((s) => s.name !== name);
  list.push({ name, run: run as Subscriber<EventName> });
  subscribers.set(event, list);
}

function deliver<N extends EventName>(event: N, payload: ShopEvents[N]): void {
  for (const s of subscribers.get(event) ?? []) {
    const effect = Promise.resolve()
      .then(() => s.run(payload))
      .catch((error) => reportFailure(String(event), s.name, error));
    running.add(effect);
    void effect.finally(() => running.delete(effect));
  }
}

/** The transaction whose commit makes a write final: the outermost one (a savepoint's release
 *  commits nothing). */
function outermost(trx: Knex.Transaction): Knex.Transaction {
  let t = trx;
  while (t.parentTransaction) t = t.parentTransaction;
  return t;
}

/**
 * Declare that something happened. Inside a transaction the subscribers run after it commits
 * (and not at all if it rolls back); outside one (`db` is the knex itself), the write is already
 * final and they run now. Never awaits the subscribers: the writer answers at once.
 */
export function declare<N extends EventName>(db: Knex | Knex.Transaction, event: N, payload: ShopEvents[N]): void {
  const trx = (db as Knex.Transaction).isTransaction ? outermost(db as Knex.Transaction) : null;
  if (!trx) return deliver(event, payload);
  trx.executionPromise.then(
    () => deliver(event, payload),
    () => undefined,
  );
}

/** Wait until every effect started so far has settled (tests that read what an effect wrote;
 *  a graceful shutdown). */
export async function settled(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}
