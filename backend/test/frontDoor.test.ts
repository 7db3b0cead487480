// Kept catalogue answers are given before Koa is entered (the front door): the same answer, bytes
// and headers a shopper gets from the routes, compressed as they accept, and never a guest's answer
// to a request that may be a member's.
import supertest from 'supertest';
import type { Context, Next } from 'koa';
import { shopForThisFile } from './helpers';
import { makeCatalogue, placeOrder, type Catalogue } from './fixtures';

const shop = shopForThisFile({ memoryCaches: true });
let cat: Catalogue;
/** Requests that entered Koa. */
let enteredKoa = 0;
let client: ReturnType<typeof supertest>;

beforeAll(async () => {
  cat = await makeCatalogue();
  // Counted in front of every other middleware; the callback made after it sees it.
  shop.app.middleware.unshift(async (_ctx: Context, next: Next) => {
    enteredKoa++;
    await next();
  });
  client = supertest(shop.app.callback());
});

/** The raw bytes of an answer, whatever supertest would have made of them. */
const raw = (req: supertest.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const SHOP_HEADERS = [
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'permissions-policy',
  'content-security-policy',
  'cache-control',
  'etag',
  'vary',
  'content-type',
];

it('answers a kept product without entering Koa, with the headers and value the routes gave', async () => {
  const url = '/api/products/triples-mentol';
  const fromRoutes = await client.get(url).set('accept-encoding', 'identity').expect(200);
  const before = enteredKoa;
  const fromDoor = await client.get(url).set('accept-encoding', 'identity').expect(200);
  expect(enteredKoa).toBe(before);
  for (const name of SHOP_HEADERS) expect([name, fromDoor.headers[name]]).toEqual([name, fromRoutes.headers[name]]);
  expect(fromDoor.body).toEqual(fromRoutes.body);
  expect(fromDoor.body.product.name).toMatch(/[А-я]/);
});

it('sends the answer in ASCII, which parses to the same Cyrillic', async () => {
  const url = '/api/products?limit=100';
  await client.get(url).expect(200);
  const res = await raw(client.get(url).set('accept-encoding', 'identity')).expect(200);
  const bytes = res.body as Buffer;
  expect(bytes.every((b) => b < 0x80)).toBe(true);
  const names = JSON.parse(bytes.toString()).products.map((p: { name: string }) => p.name);
  expect(names).toContain('TRIPLES Ментол');
  expect(Number(res.headers['content-length'])).toBe(bytes.length);
});

it('compresses as the shopper accepts, the same bytes for the same answer', async () => {
  const url = '/api/products?limit=100';
  const plain = JSON.parse(((await raw(client.get(url).set('accept-encoding', 'identity'))).body as Buffer).toString());
  const before = enteredKoa;
  const br = await raw(client.get(url).set('accept-encoding', 'gzip, deflate, br')).expect(200);
  expect(br.headers['content-encoding']).toBe('br');
  // supertest has undone the encoding it names.
  expect(JSON.parse((br.body as Buffer).toString())).toEqual(plain);
  const gz = await raw(client.get(url).set('accept-encoding', 'gzip')).expect(200);
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse((gz.body as Buffer).toString())).toEqual(plain);
  expect(enteredKoa).toBe(before);
  // With q-values Koa negotiates: brotli refused, gzip it is.
  const q = await raw(client.get(url).set('accept-encoding', 'br;q=0, gzip;q=1')).expect(200);
  expect(q.headers['content-encoding']).toBe('gzip');
  expect(enteredKoa).toBe(before + 1);
});

it('answers 304 to a revalidation and HEAD without a body', async () => {
  const url = '/api/products/triples-mentol';
  const first = await client.get(url).expect(200);
  const before = enteredKoa;
  await client.get(url).set('if-none-match', first.headers.etag).expect(304);
  const head = await raw(client.head(url).set('accept-encoding', 'identity')).expect(200);
  expect((head.body as Buffer | undefined)?.length ?? 0).toBe(0);
  expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
  expect(enteredKoa).toBe(before);
});

it('shows the stock an order took at once', async () => {
  const url = '/api/products/triples-mentol';
  const stock = async () =>
    (await client.get(url).expect(200)).body.product.variants.find((v: { id: number }) => v.id === cat.triples.variant).stock;
  const before = await stock();
  const b = shop.browser();
  await b.csrf();
  await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 2 }]);
  expect(await stock()).toBe(before - 2);
});

it('leaves to Koa what may be a member’s or a script’s: a trade hint, a token, another path', async () => {
  const url = '/api/products/triples-mentol';
  await client.get(url).expect(200);
  let before = enteredKoa;
  await client.get(url).set('cookie', 'vs_trade=1').expect(200);
  expect(enteredKoa).toBe(before + 1);
  before = enteredKoa;
  await client.get(url).set('authorization', 'Bearer nothing').expect(401);
  expect(enteredKoa).toBe(before + 1);
  before = enteredKoa;
  await client.post(url).expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
  expect(enteredKoa).toBe(before + 1);
});
