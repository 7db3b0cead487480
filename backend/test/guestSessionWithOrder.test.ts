// A guest's browser remembers its order (so that it may open it) in the order's own transaction:
// the order and the session's memory of it stand or fall together, and no commit of its own follows
// the answer. With the caches on the session is also kept in memory, and the next request of the
// browser is answered from that copy.
import { shopForThisFile, type Browser } from './helpers';
import { makeCatalogue, checkoutBody, type Catalogue } from './fixtures';
import { Order } from '../src/models';

const shop = shopForThisFile({ memoryCaches: true });
let cat: Catalogue;
beforeAll(async () => {
  cat = await makeCatalogue();
});

/** Every statement sent while `run` ran. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const knex = Order.knex();
  const seen: string[] = [];
  const onQuery = (q: { sql: string }) => seen.push(q.sql);
  knex.on('query', onQuery);
  try {
    await run();
    return seen;
  } finally {
    knex.off('query', onQuery);
  }
}

/** Statements that save a session (on PostgreSQL the order's one statement does, among its parts). */
const sessionWrites = (statements: string[]) => statements.filter((s) => /insert into ["`]sessions["`]/i.test(s));

async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}

/** A guest order of one TRIPLES and the statements it sent. */
async function order(b: Browser) {
  let placed: { id: number } | undefined;
  const statements = await statementsOf(async () => {
    const res = await b.post(
      '/api/orders/create',
      checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]),
    );
    expect(res.status).toBe(201);
    placed = res.body.order;
  });
  return { placed: placed!, statements };
}

/** The session was saved once, before COMMIT. */
function savedWithTheOrder(statements: string[]) {
  const commit = statements.findIndex((s) => /^commit/i.test(s));
  expect(sessionWrites(statements)).toHaveLength(1);
  expect(statements.findIndex((s) => /insert into ["`]sessions["`]/i.test(s))).toBeLessThan(commit);
}

it('saves the session with the order, before COMMIT, and not again after the answer', async () => {
  const b = await guest();
  // The browser's first order makes its session; the next one changes it.
  const first = await order(b);
  savedWithTheOrder(first.statements);
  const second = await order(b);
  savedWithTheOrder(second.statements);
  // The browser opens its orders; the copy kept in memory answers, the database is not asked.
  const reads = await statementsOf(async () => {
    await b.get(`/api/orders/${first.placed.id}`).expect(200);
    await b.get(`/api/orders/${second.placed.id}`).expect(200);
  });
  expect(reads.filter((s) => /from ["`]sessions["`]/i.test(s))).toEqual([]);
  // Another browser may not.
  await (await guest()).get(`/api/orders/${second.placed.id}`).expect(404);
});

it('remembers every order of the browser, each saved with its order', async () => {
  const b = await guest();
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await b.post(
      '/api/orders/create',
      checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]),
    );
    expect(res.status).toBe(201);
    ids.push(res.body.order.id);
  }
  for (const id of ids) await b.get(`/api/orders/${id}`).expect(200);
  // What the row holds is what the browser has: read again after the kept copies are gone.
  const rows = await Order.knex()('sessions').select('data');
  const remembered = rows.map((r: { data: string }) => JSON.parse(r.data).orderIds ?? []).find((o: number[]) => o.includes(ids[0]));
  expect(remembered).toEqual(expect.arrayContaining(ids));
});

it('a refused order leaves the session as it was', async () => {
  const b = await guest();
  const first = await b.post(
    '/api/orders/create',
    checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]),
  );
  expect(first.status).toBe(201);
  const before = await Order.knex()('sessions').select('id', 'data');
  const statements = await statementsOf(async () => {
    const refused = await b.post(
      '/api/orders/create',
      checkoutBody([{ productId: cat.last3.id, variantId: cat.last3.variant, quantity: 99 }]),
    );
    expect(refused.status).toBe(409);
  });
  // Its save went with the order's records and was rolled back with them; none follows.
  const rollback = statements.findIndex((s) => /^rollback/i.test(s));
  expect(rollback).toBeGreaterThan(0);
  expect(sessionWrites(statements.slice(rollback))).toEqual([]);
  expect(await Order.knex()('sessions').select('id', 'data')).toEqual(before);
  await b.get(`/api/orders/${first.body.order.id}`).expect(200);
});
