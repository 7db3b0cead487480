// What one guest order sends to the database inside its transaction. On PostgreSQL every
// statement after the stock take is a round trip while the bought variant's row is locked (orders
// of one product wait for each other that long): the order's records, its stock take, the outbox
// row of its confirmation and — past the recipient's mail cap — the note that the confirmation was
// withheld go as one statement, and COMMIT follows. What is stored is the same on both databases.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody } from './fixtures';
import { ORDER_MAILS_PER_RECIPIENT } from '@domain/limits';
import { GUEST_ORDER } from '@domain/messages';
import { isPostgres } from '../src/platform/db/knex';
import { Order } from '../src/models';

let cat: Catalogue;
const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
});

async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}

/** Places one guest order to `email`; answers it and the statements between BEGIN and COMMIT. */
async function placed(email: string): Promise<{ order: { id: number; events: Array<{ note: string }> }; inTransaction: string[] }> {
  const b = await guest();
  const body = checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
  const knex = Order.knex();
  const seen: string[] = [];
  const onQuery = (q: { sql: string }) => seen.push(q.sql);
  knex.on('query', onQuery);
  try {
    const res = await b.post('/api/orders/create', { ...body, customer: { ...body.customer, email } });
    expect(res.status).toBe(201);
    const begin = seen.findIndex((s) => /^begin/i.test(s));
    const commit = seen.findIndex((s) => /^commit/i.test(s));
    return { order: res.body.order, inTransaction: seen.slice(begin + 1, commit) };
  } finally {
    knex.off('query', onQuery);
  }
}

/** The statements sent after the one that takes the bought variant's stock (its row lock is held
 *  from that statement to COMMIT). */
function afterStockTaken(inTransaction: string[]): string[] {
  const at = inTransaction.findIndex((s) => /update "variants" set .*"stock" = "stock" -/.test(s));
  expect(at).toBeGreaterThanOrEqual(0);
  return inTransaction.slice(at + 1);
}

/** The latest order's outbox row (orders here are placed one at a time). */
const lastOutboxRow = () => Order.knex()('outbox').where({ event: 'order.placed' }).orderBy('id', 'desc').first();

const historyNotes = async (orderId: number) =>
  (await Order.knex()('order_events').where({ orderId }).orderBy('id')).map((e: { type: string; note: string }) => `${e.type}:${e.note}`);

describe('a guest order inside its transaction', () => {
  it('within the mail cap: its outbox row says the confirmation goes, and no note is written', async () => {
    const { order, inTransaction } = await placed('v-limita@example.bg');
    if (isPostgres(Order.knex())) expect(afterStockTaken(inTransaction)).toEqual([]);
    expect(await historyNotes(order.id)).toEqual(['created:']);
    const row = await lastOutboxRow();
    expect(row).toBeDefined();
    expect(row.subscriber).toBe('orders.confirmationMail');
    // Done a moment later (its payload then emptied), or still running: never another order's.
    if (row.state !== 'done') expect(JSON.parse(row.payload)).toEqual({ order: { id: order.id }, mail: true });
  });

  it('past the mail cap: the withheld confirmation is noted with the order, after its first entry, in the same round trip', async () => {
    const email = 'nad-limita@example.bg';
    for (let i = 0; i < ORDER_MAILS_PER_RECIPIENT; i++) await placed(email);
    const { order, inTransaction } = await placed(email);
    if (isPostgres(Order.knex())) expect(afterStockTaken(inTransaction)).toEqual([]);
    // The shopper's answer is as before: the order and its first entry.
    expect(order.events.map((e) => e.note)).toEqual(['']);
    expect(await historyNotes(order.id)).toEqual(['created:', `note:${GUEST_ORDER.confirmationWithheld}`]);
    const row = await lastOutboxRow();
    expect(row).toBeDefined();
    if (row.state !== 'done') expect(JSON.parse(row.payload)).toEqual({ order: { id: order.id }, mail: false });
  });
});
