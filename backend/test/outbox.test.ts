// Effects that must happen after a change are kept in the outbox, in the change's own transaction:
// none for a change that rolled back, each run once after the commit, retried with growing pauses
// (the worker's clock is given, no waiting), kept as failed with a staff notice after the last
// attempt, run once even when two workers claim at the same time, and the invoice on payment
// issued once and mailed once even when its effect runs again. Stopping waits for a running effect.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, placeOrder, Catalogue } from './fixtures';
import { declare, settled, subscribe } from '../src/platform/events';
import { EFFECT_MAX_ATTEMPTS, EFFECT_RETRY_DELAYS_MS, Outbox } from '../src/platform/outbox';
import { createKnex } from '../src/platform/db/knex';
import { API } from '@domain/messages';
import '../src/modules/catalogue/events';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));
const shop = shopForThisFile({ outboxDir });
let cat: Catalogue;
let admin: Browser;

beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

/** The test's effect: one subscriber name, each test subscribing its own body (the last one counts). */
const EFFECT = 'test.effect';
/** The effect's rows for one product id (a done row's payload is gone: its first row says which). */
const firsts = new Map<number, number>();
async function declared(productId: number, db = shop.app.knex) {
  const [{ last }] = await db('outbox').max({ last: 'id' });
  firsts.set(productId, Number(last ?? 0));
  return declare(db, 'product.saved', { productId });
}
const rows = (productId: number) =>
  shop.app.knex('outbox').where({ subscriber: EFFECT }).where('id', '>', firsts.get(productId)!).orderBy('id').limit(1);
const mails = (match: (text: string) => boolean) =>
  fs
    .readdirSync(outboxDir)
    .map((f) => fs.readFileSync(path.join(outboxDir, f), 'latin1'))
    .filter(match);

describe('recording effects with the change', () => {
  it('keeps no effect of a transaction that rolled back, and runs a committed one once', async () => {
    const seen: number[] = [];
    subscribe('product.saved', EFFECT, ({ productId }) => {
      seen.push(productId);
    });
    await expect(
      shop.app.knex.transaction(async (trx) => {
        await declared(1, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows(1)).toEqual([]);
    await shop.app.knex.transaction(async (trx) => {
      await declared(2, trx);
    });
    await settled();
    expect(seen).toEqual([2]);
    expect(await rows(2)).toEqual([expect.objectContaining({ event: 'product.saved', state: 'done', attempts: 1 })]);
  });
});

describe('a failing effect', () => {
  it('is tried again after growing pauses, and after the last attempt staff are told', async () => {
    let calls = 0;
    subscribe('product.saved', EFFECT, () => {
      calls++;
      throw new Error('the mail server said no');
    });
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await declared(3);
      await settled();
      expect(calls).toBe(1);
      let [row] = await rows(3);
      expect(row).toEqual(
        expect.objectContaining({ state: 'pending', attempts: 1, lastError: expect.stringContaining('the mail server said no') }),
      );
      let at = Number(row.nextAttemptAt);
      for (const pause of EFFECT_RETRY_DELAYS_MS) {
        // Not before its pause is over.
        expect(await shop.app.effects.runDue(at - 1)).toBe(0);
        expect(await shop.app.effects.runDue(at)).toBe(1);
        [row] = await rows(3);
        if (row.state === 'failed') break;
        expect(Number(row.nextAttemptAt)).toBe(at + EFFECT_RETRY_DELAYS_MS[EFFECT_RETRY_DELAYS_MS.indexOf(pause) + 1]);
        at = Number(row.nextAttemptAt);
      }
      expect(calls).toBe(EFFECT_MAX_ATTEMPTS);
      expect(row).toEqual(expect.objectContaining({ state: 'failed', attempts: EFFECT_MAX_ATTEMPTS }));
      expect(await shop.app.effects.runDue(at + 24 * 60 * 60_000)).toBe(0);
    } finally {
      quiet.mockRestore();
    }
    const notices = (await admin.get('/api/admin/notifications')).body as Array<{ message: string }>;
    expect(notices.map((n) => n.message)).toContain(API.effectGivenUp(EFFECT, EFFECT_MAX_ATTEMPTS, 'the mail server said no'));
  });

  it('is done once an attempt succeeds', async () => {
    let calls = 0;
    subscribe('product.saved', EFFECT, () => {
      if (++calls === 1) throw new Error('not yet');
    });
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await declared(4);
    await settled();
    quiet.mockRestore();
    const [row] = await rows(4);
    expect(await shop.app.effects.runDue(Number(row.nextAttemptAt))).toBe(1);
    expect(await rows(4)).toEqual([expect.objectContaining({ state: 'done', attempts: 2, lastError: expect.stringContaining('not yet') })]);
    expect(calls).toBe(2);
  });
});

describe('several workers', () => {
  it('run each due effect once when they claim at the same time', async () => {
    const ran = new Map<number, number>();
    // On PostgreSQL a second pool, as another instance has; SQLite's in-memory database is this one.
    const other = process.env.TEST_DATABASE_URL ? createKnex(shop.config) : shop.app.knex;
    const workers = [shop.app.knex, other].flatMap((knex) =>
      [0, 1].map(
        () =>
          new Outbox({
            knex,
            run: async ({ payload }) => {
              const n = (payload as { n: number }).n;
              ran.set(n, (ran.get(n) ?? 0) + 1);
            },
          }),
      ),
    );
    const now = Date.now();
    const due = Array.from({ length: 60 }, (_, n) => ({
      event: 'test.race',
      payload: JSON.stringify({ n }),
      subscriber: 'test.race',
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    }));
    await shop.app.knex('outbox').insert(due);
    try {
      let claimed = 0;
      for (let round = 0; round < 10; round++) claimed += (await Promise.all(workers.map((w) => w.runDue(now)))).reduce((a, b) => a + b, 0);
      expect(claimed).toBe(60);
      expect([...ran.keys()].sort((a, b) => a - b)).toEqual(due.map((_, n) => n));
      expect([...ran.values()].every((times) => times === 1)).toBe(true);
      expect(await shop.app.knex('outbox').where({ subscriber: 'test.race' }).whereNot({ state: 'done' })).toEqual([]);
    } finally {
      if (other !== shop.app.knex) await other.destroy();
    }
  });
});

describe('the invoice on payment', () => {
  it('is issued once and mailed once, even when its effect runs again', async () => {
    await admin.put('/api/admin/settings', {
      legal: { companyName: 'ВАП СОЛО 2 ЕООД', eik: '121396123', vatNumber: 'BG121396123' },
      invoices: { autoIssueOnPayment: true },
    });
    const b = shop.browser();
    await b.csrf();
    const invoice = {
      companyName: 'Клиент Трейд ООД',
      eik: '130175000',
      vatNumber: 'BG130175000',
      mol: 'Петър Петров',
      address: 'гр. Пловдив, ул. „Тракия“ 5',
    };
    const order = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }], { invoice });
    expect((await admin.put(`/api/admin/orders/${order.id}`, { paymentStatus: 'paid' })).status).toBe(200);
    await settled();
    const issued = (await admin.get(`/api/admin/orders/${order.id}/invoices`)).body;
    expect(issued.documents).toHaveLength(1);
    const pdfName = `faktura-${issued.invoice.number}.pdf`;
    expect(mails((t) => t.includes(pdfName))).toHaveLength(1);

    // As after a crash between the effect's work and its mark: both rows still claimed by a process
    // that is gone (lease over, payload kept), so they run again.
    const again = async (subscriber: string, payload: object) => {
      const [row] = await shop.app.knex('outbox').where({ subscriber }).orderBy('id', 'desc').limit(1);
      await shop.app
        .knex('outbox')
        .where({ id: row.id })
        .update({ state: 'running', lockedBy: 'gone', lockedUntil: 0, payload: JSON.stringify(payload) });
    };
    await again('invoices.onPayment', { orderId: order.id, from: 'pending', to: 'paid' });
    await again('invoices.mailDocument', { invoiceId: issued.invoice.id });
    expect(await shop.app.effects.runDue()).toBeGreaterThanOrEqual(2);
    await settled();
    expect((await admin.get(`/api/admin/orders/${order.id}/invoices`)).body.documents).toHaveLength(1);
    expect(mails((t) => t.includes(pdfName))).toHaveLength(1);
    expect(
      await shop.app.knex('outbox').whereIn('subscriber', ['invoices.onPayment', 'invoices.mailDocument']).whereNot({ state: 'done' }),
    ).toEqual([]);
  });
});

describe('stopping', () => {
  it('waits for a running effect to finish, and takes no new ones', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let finished = false;
    subscribe('product.saved', EFFECT, async () => {
      await released;
      finished = true;
    });
    await declared(5);
    let stopped = false;
    const stopping = shop.app.effects.stop(60_000).then(() => (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    expect(await rows(5)).toEqual([expect.objectContaining({ state: 'done' })]);
    // Nothing is claimed while stopped; started again, the worker takes what is due.
    const [done] = await rows(5);
    await shop.app.knex('outbox').where({ id: done.id }).update({ state: 'pending', nextAttemptAt: 0 });
    expect(await shop.app.effects.runDue()).toBe(0);
    await shop.app.effects.start(60 * 60_000);
    await shop.app.effects.settled();
    expect(await rows(5)).toEqual([expect.objectContaining({ state: 'done', attempts: 2 })]);
    await shop.app.effects.stop();
  });
});
