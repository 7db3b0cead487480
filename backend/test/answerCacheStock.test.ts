// A kept catalogue answer follows the stock ledger: an answer computed while a stock move
// committed is served, and kept, with the move's figure, and its ETag stands for that body.
import crypto from 'node:crypto';
import Koa from 'koa';
import supertest from 'supertest';
import { AnswerCache, publicAnswer, servePublicCache } from '../src/platform/cache/answerCache';
import { StockLedger } from '../src/platform/cache/stockLedger';
import type { TableWrites } from '../src/platform/cache/tableWrites';
import { overlayStock } from '../src/modules/catalogue/stockOverlay';

/** What the cache needs of TableWrites: nothing is written here, moves come to the ledger directly. */
function writesWith(ledger: StockLedger) {
  return { ledger, watch: () => undefined } as unknown as TableWrites;
}

const etagOf = (body: string) => `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

const listWith = (stock: number) => ({
  products: [
    {
      id: 1,
      slug: 'p',
      variants: [
        { id: 11, stock },
        { id: 12, stock: 0 },
      ],
      stock,
      inStock: stock > 0,
    },
  ],
  total: 1,
});

it('serves an answer computed while a stock move committed with its figure, under the ETag of that body', async () => {
  const ledger = new StockLedger();
  const cache = new AnswerCache(10, { overlay: overlayStock }).dropOn(writesWith(ledger), () => true);
  let computed = 0;
  const app = new Koa();
  app.use(servePublicCache(cache));
  app.use((ctx) => {
    computed++;
    publicAnswer(ctx);
    // The list read the variant before an order's move committed.
    const answer = listWith(3);
    ledger.record([{ variantId: 11, productId: 1, stock: 0, seq: 5 }]);
    ctx.body = answer;
  });
  const first = await supertest(app.callback()).get('/api/products').expect(200);
  expect(first.body.products[0]).toMatchObject({ stock: 0, inStock: false });
  expect(first.headers.etag).toBe(etagOf(first.text));
  const again = await supertest(app.callback()).get('/api/products').expect(200);
  expect(again.text).toBe(first.text);
  expect(computed).toBe(1);

  // A later move: the kept answer shows it, with a new ETag.
  ledger.record([{ variantId: 11, productId: 1, stock: 4, seq: 6 }]);
  ledger.record([{ variantId: 11, productId: 1, stock: 9, seq: 4 }]); // an older move heard late
  const later = await supertest(app.callback()).get('/api/products').set('if-none-match', first.headers.etag).expect(200);
  expect(later.body.products[0]).toMatchObject({
    stock: 4,
    inStock: true,
    variants: [
      { id: 11, stock: 4 },
      { id: 12, stock: 0 },
    ],
  });
  expect(later.headers.etag).toBe(etagOf(later.text));
  expect(computed).toBe(1);
});
