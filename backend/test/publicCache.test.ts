// The public catalogue served from memory never shows a stale price or stock.
import { shopForThisFile } from './helpers';
import { makeCatalogue, Catalogue, placeOrder, product } from './fixtures';
import { cartView } from '../src/modules/cart/service';
import { Product, Variant, AttributeValue, ProductAttribute } from '../src/models';

let cat: Catalogue;
const shop = shopForThisFile({ memoryCaches: true });
beforeAll(async () => {
  cat = await makeCatalogue();
});

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
  await Product.query()
    .patch({ price: 2790 } as Partial<Product>)
    .findById(cat.twins.id);
  expect((await b.get('/api/products/twins-plodov-miks')).body.product.price).toBe(27.9);
  await Variant.query()
    .patch({ stock: 0 } as Partial<Variant>)
    .findById(cat.twins.v20);
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

describe('the cart, checked against the catalogue kept in memory', () => {
  let pod: { id: number; variants: number[] };
  const line = (body: any) => body.cartItems.find((l: any) => l.productId === pod.id);
  const berry = () => ({ attributeId: cat.flavour, attributeValueId: cat.berry });
  const mint = () => ({ attributeId: cat.flavour, attributeValueId: cat.mint });
  beforeAll(async () => {
    pod = await product('TWINS Горски плод', 'twins-gorski-plod', 2490, [{ sku: 'GP-0', name: '0 mg', stock: 50 }]);
    for (const v of [cat.berry, cat.mint])
      await ProductAttribute.query().insert({
        productId: pod.id,
        attributeId: cat.flavour,
        attributeValueId: v,
      } as Partial<ProductAttribute>);
  });

  it('sees stock taken by orders and put back by a cancellation, and new prices and names', async () => {
    const shopper = await shop.signedIn('customer');
    await shopper.post('/api/cart/add', { productId: pod.id, variantId: pod.variants[0], attributes: [berry()], quantity: 1 }).expect(200);
    expect(line((await shopper.get('/api/cart').expect(200)).body).stock).toBe(50);

    // Another shopper's order takes stock: the cart shows what is left, and refuses more.
    const guest = shop.browser();
    await guest.csrf();
    const order = await placeOrder(guest, [{ productId: pod.id, variantId: pod.variants[0], attributes: [mint()], quantity: 5 }]);
    expect(line((await shopper.get('/api/cart')).body).stock).toBe(45);
    await shopper.post('/api/cart/add', { productId: pod.id, variantId: pod.variants[0], attributes: [berry()], quantity: 45 }).expect(409);

    // Staff cancel it: the stock is back.
    const admin = await shop.signedIn('admin');
    await admin.put(`/api/admin/orders/${order.id}`, { status: 'cancelled' }).expect(200);
    expect(line((await shopper.get('/api/cart')).body).stock).toBe(50);

    // A new price, a renamed flavour and variant: the next read shows them.
    await Product.query()
      .patch({ price: 2590 } as Partial<Product>)
      .findById(pod.id);
    await Variant.query()
      .patch({ name: '0 mg никотин' } as Partial<Variant>)
      .findById(pod.variants[0]);
    await AttributeValue.query()
      .patch({ value: 'Горска ягода' } as Partial<AttributeValue>)
      .findById(cat.berry);
    const now = line((await shopper.get('/api/cart')).body);
    expect(now).toEqual(expect.objectContaining({ unitPrice: 25.9, variantName: '0 mg никотин' }));
    expect(now.attributes[0].attributeValue).toBe('Горска ягода');

    // A flavour no longer offered is refused at once.
    await ProductAttribute.query().delete().where({ productId: pod.id, attributeValueId: cat.mint });
    await shopper.post('/api/cart/add', { productId: pod.id, variantId: pod.variants[0], attributes: [mint()] }).expect(400);
  });

  it('forgets what a rolled-back transaction wrote', async () => {
    const shopper = await shop.signedIn('customer');
    await shopper.post('/api/cart/add', { productId: pod.id, variantId: pod.variants[0], attributes: [berry()] }).expect(200);
    const stock = line((await shopper.get('/api/cart')).body).stock;
    await expect(
      Variant.transaction(async (trx) => {
        await Variant.query(trx).where('id', pod.variants[0]).decrement('stock', 7);
        // Inside the transaction the cart sees 7 fewer…
        expect(line(await cartView(shopper.userId, trx)).stock).toBe(stock - 7);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // …and after the rollback the stock as it is.
    expect(line((await shopper.get('/api/cart')).body).stock).toBe(stock);
  });
});
