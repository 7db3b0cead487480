// The public catalogue served from memory never shows a stale price or stock.
import { makeShop, TestShop } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import { Product, Variant } from '../src/models';

let shop: TestShop;
let cat: Catalogue;
beforeAll(async () => {
  shop = await makeShop({ memoryCaches: true });
  cat = await makeCatalogue();
});
afterAll(() => shop.close());

const stockIn = (body: any, variantId: number) => body.product.variants.find((v: any) => v.id === variantId).stock;

it('answers again from memory with an ETag, and revalidates with 304', async () => {
  const b = shop.browser();
  const first = await b.get('/api/products/triples-mentol').expect(200);
  const again = await b.get('/api/products/triples-mentol').expect(200);
  expect(again.body).toEqual(first.body);
  expect(again.headers.etag).toBeDefined();
  expect(again.headers['cache-control']).toBe('no-cache');
  await b.get('/api/products/triples-mentol').set('if-none-match', again.headers.etag).expect(304);
});

it('shows the stock an order took, at once', async () => {
  const b = shop.browser();
  await b.csrf();
  const before = stockIn((await b.get('/api/products/triples-mentol')).body, cat.triples.variant);
  const list = (await b.get('/api/products?limit=100')).body.products.find((p: any) => p.id === cat.triples.id).stock;
  await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 3 }]);
  expect(stockIn((await b.get('/api/products/triples-mentol')).body, cat.triples.variant)).toBe(before - 3);
  expect((await b.get('/api/products?limit=100')).body.products.find((p: any) => p.id === cat.triples.id).stock).toBe(list - 3);
});

it('shows a new price and takes a product off sale at once, whoever changed it', async () => {
  const b = shop.browser();
  await b.get('/api/products/twins-plodov-miks').expect(200);
  await Product.query().patch({ price: 2790 } as Partial<Product>).findById(cat.twins.id);
  expect((await b.get('/api/products/twins-plodov-miks')).body.product.price).toBe(27.9);
  await Variant.query().patch({ stock: 0 } as Partial<Variant>).findById(cat.twins.v20);
  expect(stockIn((await b.get('/api/products/twins-plodov-miks')).body, cat.twins.v20)).toBe(0);
  const admin = await shop.signedIn('admin');
  await admin.put(`/api/products/${cat.twins.id}/updateStatus`, { status: 'draft' }).expect(200);
  await b.get('/api/products/twins-plodov-miks').expect(404);
  expect((await b.get('/api/products?limit=100')).body.products.map((p: any) => p.id)).not.toContain(cat.twins.id);
  // An admin still sees the draft; a shopper after them still does not.
  expect((await admin.get('/api/products/twins-plodov-miks')).status).toBe(200);
  await b.get('/api/products/twins-plodov-miks').expect(404);
});

it('keeps admin list counts exact across new and deleted orders', async () => {
  const admin = await shop.signedIn('admin');
  const total = async () => Number(/\/(\d+)$/.exec((await admin.get('/api/admin/orders?range=[0,9]')).headers['content-range'])![1]);
  const spec = async () => (await admin.get('/api/admin/orders?searchTerm=example')).body.data.total;
  const [before, specBefore] = [await total(), await spec()];
  expect(await total()).toBe(before);
  const b = shop.browser();
  await b.csrf();
  const order = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
  expect(await total()).toBe(before + 1);
  expect(await spec()).toBe(specBefore + 1);
  await admin.delete(`/api/admin/orders/${order.id}`).expect(200);
  expect(await total()).toBe(before);
  expect(await spec()).toBe(specBefore);
});
