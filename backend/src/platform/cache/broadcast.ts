// The in-memory caches of several instances on one PostgreSQL database, kept exact together: after
// every committed write an instance names the tables it changed on PostgreSQL's LISTEN/NOTIFY
// channel, and every other instance drops what those tables feed (platform/cache/tableWrites), as if the write
// had been made there. A notification leaves only once the COMMIT has answered, so whoever reads
// after hearing it reads the new rows; a read begun before is not kept (the caches' generations).
// One dedicated connection (outside knex's pool) listens and sends; when it is lost the caches
// are emptied, since what was said meanwhile is unknown, and it connects again.
// Sessions, kept in memory too (platform/http/session), are named one by one: `session:<hash>`
// when one was saved, `session-end:<hash>` when it ended, the hash of its id and never the id
// (whoever may LISTEN on the database must not learn a cookie); a delete of many (all of a
// user's: a new password, an account removed) is named `sessions`.
// A stock move is told with its figure (`stock:<variant>:<product>=<stock>@<order key>`): the
// other instances take it into their stock ledger and bring their kept answers up to date, as for
// their own moves; a move told without it (`variants.stock`) drops what follows stock. A drop heard
// here stampedes no more than a local one: the answer caches compute each answer once however many
// requests ask for it meanwhile (platform/cache/answerCache's single flight).
import pg from 'pg';
import type { Knex } from 'knex';
import { EVERY_TABLE, EVERY_WRITE, figureOf, type TableWrite, type TableWrites } from './tableWrites';

export const CACHE_CHANNEL = 'vapsolo_cache';
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = 'vapsolo-cache-listener';
/** PostgreSQL refuses payloads of 8000 bytes or more. */
const PAYLOAD_MAX = 7000;
const RECONNECT_MS = 500;
/** How long a stopping instance waits to tell its last writes. */
const STOP_FLUSH_MS = 2000;
/** Tables no shared cache is made of. */
const UNCACHED = new Set([
  'throttles',
  'mail_queue',
  'outbox',
  'write_probe',
  'idempotency_keys',
  'knex_migrations',
  'knex_migrations_lock',
]);

/** How a change of stock alone is named on the channel (other writes: their table). */
const STOCK_ONLY = 'variants.stock';

/** How one session's save and end are named: the hash follows. */
const SESSION_SAVED = 'session:';
const SESSION_ENDED = 'session-end:';

function nameOf(w: TableWrite): string | undefined {
  if (w.session) return (w.kind === 'delete' ? SESSION_ENDED : SESSION_SAVED) + w.session;
  if (w.stock?.unchanged) return undefined;
  const figure = w.stock && figureOf(w.stock);
  if (figure) return `stock:${figure.variantId}:${figure.productId}=${figure.stock}@${figure.seq}`;
  // A move whose figure is unknown is told as a write of the variants: `variants.stock` is kept for
  // the echo below, so that an instance can tell the two apart.
  return w.stockOnly ? 'variants' : w.table;
}

/**
 * What goes on the channel for these committed writes. Stock figures are new words: an instance
 * of the previous release (behind the balancer during a deploy) knows only `variants.stock`, so
 * it is said beside them, and an instance that understands the figures leaves it aside when they
 * come with it.
 */
function namesOf(committed: TableWrite[]): string[] {
  const names = committed
    .filter((w) => !UNCACHED.has(w.table))
    .map(nameOf)
    .filter((n): n is string => n !== undefined);
  if (names.some((n) => STOCK_FIGURE.test(n))) names.push(STOCK_ONLY);
  return names;
}

/** What was heard, the previous release's echo of stock figures left aside. */
function heardWrites(names: string[]): TableWrite[] {
  const figures = names.some((n) => STOCK_FIGURE.test(n));
  return (figures ? names.filter((n) => n !== STOCK_ONLY) : names).map(writeNamed);
}

const STOCK_FIGURE = /^stock:(\d+):(\d+)=(-?\d+)@(\d+)$/;

/** A name heard on the channel, as the write it stands for. */
function writeNamed(name: string): TableWrite {
  const figure = STOCK_FIGURE.exec(name);
  if (figure) {
    const [variantId, productId, stock, seq] = figure.slice(1).map(Number);
    return { table: 'variants', kind: 'update', stockOnly: true, stock: { variantId, productId, stock, seq } };
  }
  if (name === STOCK_ONLY) return { table: 'variants', kind: 'update', stockOnly: true };
  if (name.startsWith(SESSION_SAVED))
    return { table: 'sessions', kind: 'update', stockOnly: false, session: name.slice(SESSION_SAVED.length) };
  if (name.startsWith(SESSION_ENDED))
    return { table: 'sessions', kind: 'delete', stockOnly: false, session: name.slice(SESSION_ENDED.length) };
  return name === EVERY_TABLE || !name ? EVERY_WRITE : { table: name, kind: 'unknown', stockOnly: false };
}

export class CacheBroadcast {
  private client?: pg.Client;
  private connected = false;
  private stopped = false;
  private pending = new Set<string>();
  private sending = false;
  private retry?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private hearers = new Set<(names: string[]) => void>();

  constructor(
    private knex: Knex,
    private writes: TableWrites,
    private connectionString: string,
  ) {}

  /** Tell the other instances that these tables changed. */
  announce(targets: Iterable<string>) {
    for (const t of targets) this.pending.add(t);
    if (!this.sending && this.pending.size) this.flushing = this.flush();
  }

  async start() {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString, application_name: LISTENER_NAME });
    this.client = client;
    client.on('notification', (msg) => {
      // Our own words come back on this connection: the local watchers have already acted.
      if (msg.channel !== CACHE_CHANNEL || msg.processId === (client as any).processID) return;
      this.heard((msg.payload ?? '*').split(','));
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      this.connected = true;
      // Whatever was written while nobody listened is unknown: start afresh.
      this.heard(['*']);
      if (this.pending.size && !this.sending) this.flushing = this.flush();
    } catch {
      this.lost(client);
    }
  }

  async stop() {
    clearTimeout(this.retry);
    // What this instance committed last is still told before it goes: the others would otherwise
    // keep answers it made stale. Bounded: a database that does not answer does not hold the exit.
    if (this.pending.size && !this.sending) this.flushing = this.flush();
    let giveUp: NodeJS.Timeout | undefined;
    await Promise.race([this.flushing, new Promise((resolve) => (giveUp = setTimeout(resolve, STOP_FLUSH_MS)))]);
    clearTimeout(giveUp);
    this.stopped = true;
    this.connected = false;
    await this.client?.end().catch(() => undefined);
  }

  /** Be told what this instance hears from the others, once its caches have acted on it (tests
   *  wait for news this way). Answers a function that stops it. */
  onHeard(listener: (names: string[]) => void): () => void {
    this.hearers.add(listener);
    return () => this.hearers.delete(listener);
  }

  /** Settles once this instance listens (at once when it does already). */
  whenListening(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = this.onHeard(() => {
        if (!this.connected) return;
        stop();
        resolve();
      });
    });
  }

  private heard(names: string[]) {
    this.writes.writtenElsewhere(heardWrites(names));
    for (const listener of [...this.hearers]) listener(names);
  }

  private lost(client: pg.Client) {
    if (client !== this.client) return;
    this.connected = false;
    this.client = undefined;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (!this.stopped) this.retry = setTimeout(() => void this.start(), RECONNECT_MS);
  }

  /** One notification at a time on the connection; what comes meanwhile goes out together next. */
  private async flush() {
    this.sending = true;
    try {
      while (this.pending.size && !this.stopped) {
        const payload = this.takePayload();
        try {
          if (this.connected && this.client) await this.client.query('select pg_notify($1, $2)', [CACHE_CHANNEL, payload]);
          else await this.knex.raw('select pg_notify(?, ?)', [CACHE_CHANNEL, payload]);
        } catch (err) {
          if (!this.stopped) console.error('cache broadcast failed:', (err as Error).message);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  private takePayload(): string {
    const parts: string[] = [];
    let length = 0;
    for (const t of this.pending) {
      if (length + t.length + 1 > PAYLOAD_MAX) break;
      parts.push(t);
      length += t.length + 1;
      this.pending.delete(t);
    }
    return parts.join(',');
  }
}

/**
 * From a process that serves nothing (the command line) on PostgreSQL: tell the running instances
 * that these tables changed, as an instance does after its commit (they keep users and sessions
 * in memory, which a write they never heard of would leave stale).
 */
export async function tellRunningInstances(knex: Knex, tables: string[]): Promise<void> {
  if (knex.client.config.client === 'pg') await knex.raw('select pg_notify(?, ?)', [CACHE_CHANNEL, tables.join(',')]);
}

const broadcasts = new WeakMap<Knex, CacheBroadcast>();

/** The broadcast of this knex instance's database, when caches are shared that way. */
export function cacheBroadcast(knex: Knex): CacheBroadcast | undefined {
  return broadcasts.get(knex);
}

/**
 * Announce every committed write made through this knex (TableWrites tells them once committed:
 * a lone write once it has answered, a transaction's writes once its COMMIT has answered, nothing
 * for a rollback). The instance's knex.destroy() also stops the broadcast.
 */
export function broadcastWrites(knex: Knex, writes: TableWrites, connectionString: string): CacheBroadcast {
  const broadcast = new CacheBroadcast(knex, writes, connectionString);
  broadcasts.set(knex, broadcast);
  writes.onCommitted((committed) => {
    const names = namesOf(committed);
    if (names.length) broadcast.announce(names);
  });

  const destroy = knex.destroy.bind(knex) as (...args: any[]) => Promise<void>;
  const stopThenDestroy = async (...args: any[]) => {
    await broadcast.stop();
    return destroy(...args);
  };
  Object.defineProperty(knex, 'destroy', { value: stopThenDestroy, configurable: true });
  void broadcast.start();
  return broadcast;
}
