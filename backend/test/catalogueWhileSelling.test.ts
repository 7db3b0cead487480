// The catalogue kept in memory while orders are placed: a stock move brings the kept answers'
// figures up to date instead of dropping them (a shopper still never sees a stock figure the
// database no longer has), a rendered page is dropped only when what it shows of stock changes,
// every other catalogue write drops as before, and an answer being computed is computed once
// however many ask for it meanwhile.
import type { Knex } from 'knex';
import { shopForThisFile, Browser } from './helpers';
import { approvedCompany, makeCatalogue, Catalogue, placeOrder, product, stockOf } from './fixtures';
import { Product, User, Variant } from '../src/models';
import { adjustStock } from '../src/modules/inventory';
import { cartView } from '../src/modules/cart/service';

const shop = shopForThisFile({ memoryCaches: true, publicUrl: 'https://shop.example.bg' });
let cat: Catalogue;
let buyer: Browser;

beforeAll(async () => {
  cat = await makeCatalogue();
  buyer = shop.browser();
  await buyer.csrf();
});

/** The statements the app sends while `run` runs. */
async function queriesDuring<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const knex = shop.app.knex as Knex;
  const queries: string[] = [];
  // Not counted: what may fall into any request's time without being its work — the settings'
  // re-read (kept a few seconds at most, a rule that follows the clock) and the outbox's
  // background rounds (earlier orders' effects, their done marks gathered a moment later).
  const heard = (q: { sql: string }) => {
    if (!/(from|update|into) [`"](settings|outbox|mail_queue)[`"]/.test(q.sql)) queries.push(q.sql);
  };
  knex.on('query', heard);
  try {
    return { result: await run(), queries };
  } finally {
    knex.removeListener('query', heard);
  }
}

const LIST = '/api/products?limit=50&sort=name';

/** A middleware holding each request until `n` have come. */
function barrier(n: number) {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async (_ctx: unknown, next: () => Promise<unknown>) => {
    if (++arrived >= n) open();
    await opened;
    return next();
  };
}
const inList = (body: any, productId: number) => body.products.find((p: any) => p.id === productId);

describe('the answers kept in memory', () => {
  it('keep the list across an order and show the stock it took, without computing it again', async () => {
    const b = shop.browser();
    const before = inList((await b.get(LIST).expect(200)).body, cat.twins.id);
    await placeOrder(buyer, [{ productId: cat.twins.id, variantId: cat.twins.v0, quantity: 4 }]);
    const { result, queries } = await queriesDuring(() => b.get(LIST).expect(200));
    expect(queries).toEqual([]);
    const after = inList(result.body, cat.twins.id);
    expect(after.variants.find((v: any) => v.id === cat.twins.v0).stock).toBe(
      before.variants.find((v: any) => v.id === cat.twins.v0).stock - 4,
    );
    expect(after.stock).toBe(before.stock - 4);
    expect(after.stock).toBe((await stockOf(cat.twins.v0)) + (await stockOf(cat.twins.v20)));
    // The ETag follows the figures: a browser holding the old answer gets the new one.
    const again = await b.get(LIST).set('if-none-match', result.headers.etag).expect(304);
    expect(again.body).toEqual({});
  });

  it('flip a product to out of stock when an order takes its last units', async () => {
    const last = await product('Последни бройки', 'posledni-broyki', 1500, [{ sku: 'PB-1', name: 'Стандартен', stock: 2 }]);
    const b = shop.browser();
    expect(inList((await b.get(LIST)).body, last.id).inStock).toBe(true);
    expect((await b.get('/api/products/posledni-broyki')).body.product.inStock).toBe(true);
    await placeOrder(buyer, [{ productId: last.id, variantId: last.variants[0], quantity: 2 }]);
    const { result, queries } = await queriesDuring(async () => [await b.get(LIST), await b.get('/api/products/posledni-broyki')]);
    expect(queries).toEqual([]);
    expect(inList(result[0].body, last.id)).toMatchObject({ stock: 0, inStock: false });
    expect(result[1].body.product).toMatchObject({ stock: 0, inStock: false });
    expect(result[1].body.product.variants[0].stock).toBe(0);
  });

  it('are still dropped by a staff edit of a product', async () => {
    const b = shop.browser();
    await b.get(LIST);
    const admin = await shop.signedIn('admin');
    expect((await admin.put(`/api/admin/products/${cat.triples.id}`, { price: 31.5 })).status).toBe(200);
    const { result, queries } = await queriesDuring(() => b.get(LIST));
    expect(queries.length).toBeGreaterThan(0);
    expect(inList(result.body, cat.triples.id).price).toBe(31.5);
  });

  it('move nothing for a rolled-back stock move', async () => {
    const b = shop.browser();
    const before = inList((await b.get(LIST)).body, cat.triples.id).stock;
    const shopper = await shop.signedIn('customer');
    await shopper.post('/api/cart/add', { productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }).expect(200);
    const line = (cart: any) => cart.cartItems.find((l: any) => l.productId === cat.triples.id);
    await expect(
      Variant.transaction(async (trx) => {
        expect(await adjustStock(trx, { variantId: cat.triples.variant, delta: -5, reason: 'adjustment' })).toBe(before - 5);
        // Read inside the transaction: the cart sees 5 fewer…
        expect(line(await cartView(shopper.userId, trx)).stock).toBe(before - 5);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // …and after the rollback every answer shows the stock as it is, the list still from memory.
    const { result, queries } = await queriesDuring(() => b.get(LIST));
    expect(queries).toEqual([]);
    expect(inList(result.body, cat.triples.id).stock).toBe(before);
    expect(await stockOf(cat.triples.variant)).toBe(before);
    expect(line((await shopper.get('/api/cart').expect(200)).body).stock).toBe(before);
  });

  it("keep a trade member's list across an order, with the stock it took", async () => {
    const company = await approvedCompany();
    const account = await shop.user('customer');
    await User.query()
      .patch({ companyId: company.id } as Partial<User>)
      .findById(account.id);
    const member = shop.browser();
    await member.signIn(account.email, account.password);
    const first = inList((await member.get(LIST)).body, cat.triples.id);
    expect(first.pricesInclude).toBe('net');
    await member.get(LIST);
    await placeOrder(buyer, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 2 }]);
    const { result, queries } = await queriesDuring(() => member.get(LIST));
    const after = inList(result.body, cat.triples.id);
    expect(after.pricesInclude).toBe('net');
    expect(after.stock).toBe(first.stock - 2);
    expect(after.stock).toBe(await stockOf(cat.triples.variant));
    // Only the member's session and terms are read: the list itself is not computed again.
    expect(queries.filter((q) => /from [`"]?products[`"]?/i.test(q))).toEqual([]);
  });
});

describe('one computation at a time', () => {
  it('computes a dropped list once for every request that asks for it meanwhile', async () => {
    const drop = () =>
      Product.query()
        .patch({ seoTitle: `Заглавие ${Math.random()}` } as Partial<Product>)
        .findById(cat.last3.id);
    const url = '/api/products?limit=20&sort=-price';
    await shop.browser().get(url).expect(200);
    await drop();
    const one = await queriesDuring(() => shop.browser().get(url).expect(200));
    expect(one.queries.length).toBeGreaterThan(0);
    await drop();
    // The six requests arrive together: each waits at the door until all are there.
    const together = barrier(6);
    shop.app.middleware.unshift(together);
    const browsers = Array.from({ length: 6 }, () => shop.browser());
    shop.app.middleware.splice(shop.app.middleware.indexOf(together), 1);
    const many = await queriesDuring(() => Promise.all(browsers.map((b) => b.get(url).expect(200))));
    expect(many.queries.length).toBe(one.queries.length);
    for (const res of many.result) expect(res.body).toEqual(many.result[0].body);
  });

  it('renders a dropped page once for every request that asks for it meanwhile', async () => {
    const crawler = () => shop.browser().get('/products/triples-mentol').set('Accept-Encoding', 'identity');
    const drop = () =>
      Product.query()
        .patch({ seoDescription: `Описание ${Math.random()}` } as Partial<Product>)
        .findById(cat.triples.id);
    await drop();
    const one = await queriesDuring(() => crawler().expect(200));
    expect(one.queries.length).toBeGreaterThan(0);
    await drop();
    const together = barrier(5);
    shop.app.middleware.unshift(together);
    const requests = Array.from({ length: 5 }, () => crawler());
    shop.app.middleware.splice(shop.app.middleware.indexOf(together), 1);
    const many = await queriesDuring(() => Promise.all(requests.map((r) => r.expect(200))));
    expect(many.queries.length).toBe(one.queries.length);
    for (const res of many.result) expect(res.text).toBe(many.result[0].text);
  });

  it('lets the waiting requests compute their own when the shared computation fails', async () => {
    const url = '/api/products?limit=20&sort=name&failing=1';
    const knex = shop.app.knex as Knex;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let failed = 0;
    // The first statement of the first computation fails; whoever waited for it computes again.
    const fail = (q: { sql: string }) => {
      if (!failed && /from [`"]?products[`"]?/i.test(q.sql)) {
        failed++;
        throw new Error('the database went away');
      }
    };
    knex.on('query', fail);
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, () => shop.browser().get(url)));
      expect(failed).toBe(1);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 500]);
    } finally {
      knex.removeListener('query', fail);
      jest.restoreAllMocks();
    }
  });
});

describe('rendered pages', () => {
  function crawl(url: string) {
    return shop.browser().get(url).set('Accept-Encoding', 'identity').set('User-Agent', 'facebookexternalhit/1.1');
  }
  const dataOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="__DATA__">([\s\S]*?)<\/script>/.exec(html)![1].replace(/\\u003c/g, '<'));

  it('keep a list page across an order that changes no product’s availability, and drop it when one runs out', async () => {
    const runsOut = await product('Изчерпващ се', 'izcherpvasht-se', 1700, [{ sku: 'IS-1', name: 'Стандартен', stock: 1 }]);
    const first = await crawl('/products').expect(200);
    expect(dataOf(first.text).products.products.find((p: any) => p.id === runsOut.id).inStock).toBe(true);
    await placeOrder(buyer, [{ productId: cat.twins.id, variantId: cat.twins.v0, quantity: 1 }]);
    const kept = await queriesDuring(() => crawl('/products').expect(200));
    expect(kept.queries).toEqual([]);
    expect(kept.result.text).toBe(first.text);

    await placeOrder(buyer, [{ productId: runsOut.id, variantId: runsOut.variants[0], quantity: 1 }]);
    const again = await queriesDuring(() => crawl('/products').expect(200));
    expect(again.queries.length).toBeGreaterThan(0);
    expect(dataOf(again.result.text).products.products.find((p: any) => p.id === runsOut.id).inStock).toBe(false);
  });

  it('drop a product page on every move of its stock, which it shows', async () => {
    const first = await crawl('/products/triples-mentol').expect(200);
    const shown = dataOf(first.text).product.variants[0].stock;
    await placeOrder(buyer, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
    const after = await crawl('/products/triples-mentol').expect(200);
    expect(dataOf(after.text).product.variants[0].stock).toBe(shown - 1);
    expect(dataOf(after.text).product.variants[0].stock).toBe(await stockOf(cat.triples.variant));
    // Another product's page is kept.
    const other = await crawl('/products/twins-limitiran').expect(200);
    await placeOrder(buyer, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
    const otherAgain = await queriesDuring(() => crawl('/products/twins-limitiran').expect(200));
    expect(otherAgain.queries).toEqual([]);
    expect(otherAgain.result.text).toBe(other.text);
  });
});
