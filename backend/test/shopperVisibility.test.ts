// What a visitor may see and buy is one policy (catalogue/visibility): a draft and an
// archived product are in no list or search, their pages are 404 (staff may preview them), they
// are not in the sitemap or the category counts, and they can be neither put in a cart, quoted
// nor ordered — by a guest, a customer or staff.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, product, checkoutBody } from './fixtures';
import { API } from '@domain/messages';
import { Category, OrderItem, Product } from '../src/models';

let cat: Catalogue;
let customer: Browser & { userId: number; email: string };
let admin: Browser & { userId: number; email: string };
let category: Category;
const hidden: Record<'draft' | 'archived', { id: number; variant: number; slug: string }> = {} as any;
const ORIGIN = 'https://shop.example.bg';

const shop = shopForThisFile({ publicUrl: ORIGIN });
beforeAll(async () => {
  cat = await makeCatalogue();
  category = await Category.query().insertAndFetch({ name: 'Скрити', slug: 'skriti', position: 0 } as Partial<Category>);
  for (const status of ['draft', 'archived'] as const) {
    const slug = `skrit-${status}`;
    const p = await product(`Скрит ${status} ментол`, slug, 1500, [{ sku: `HID-${status.toUpperCase()}`, name: 'Стандартен', stock: 10 }]);
    await Product.query()
      .patch({ status, categoryId: category.id } as Partial<Product>)
      .findById(p.id);
    hidden[status] = { id: p.id, variant: p.variants[0], slug };
  }
  // One product on sale in the same category, so that the category is not simply empty.
  await Product.query()
    .patch({ categoryId: category.id } as Partial<Product>)
    .findById(cat.triples.id);
  customer = await shop.signedIn('customer');
  admin = await shop.signedIn('admin');
});

const statuses = ['draft', 'archived'] as const;

/** A guest's browser, with its CSRF token (for POSTs). */
async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}

describe('seeing', () => {
  it.each(statuses)('the %s product is in no list and no search', async (status) => {
    const { id } = hidden[status];
    for (const b of [shop.browser(), customer]) {
      const ids = async (query: string) => (await b.get(`/api/products?limit=100${query}`)).body.products.map((p: { id: number }) => p.id);
      expect(await ids('')).not.toContain(id);
      expect(await ids('&category=skriti')).toEqual([cat.triples.id]);
      expect(await ids(`&search=${encodeURIComponent(`Скрит ${status}`)}`)).toEqual([]);
      expect(await ids(`&search=HID-${status.toUpperCase()}`)).toEqual([]);
    }
    // The category counts only what a shopper may see.
    const { categories } = (await shop.browser().get('/api/categories')).body;
    expect(categories.find((c: { slug: string }) => c.slug === 'skriti').productCount).toBe(1);
  });

  it.each(statuses)("the %s product's page is 404 for shoppers; staff may preview it", async (status) => {
    const { id, slug } = hidden[status];
    for (const b of [shop.browser(), customer]) {
      for (const key of [slug, String(id)]) {
        const res = await b.get(`/api/products/${key}`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(API.productNotFound);
      }
    }
    const preview = await admin.get(`/api/products/${slug}`);
    expect(preview.status).toBe(200);
    expect(preview.body.product.status).toBe(status);
    // The shop's own page (rendered on the server) says it is not found; one on sale is there.
    expect((await shop.browser().get('/products/triples-mentol').set('Accept', 'text/html')).status).toBe(200);
    const page = await shop.browser().get(`/products/${slug}`).set('Accept', 'text/html');
    expect(page.status).toBe(404);
    expect(page.text).not.toContain(`Скрит ${status} ментол`);
  });

  it('the sitemap names no draft and no archived product', async () => {
    const res = await shop.browser().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`${ORIGIN}/products/triples-mentol`);
    for (const status of statuses) expect(res.text).not.toContain(hidden[status].slug);
  });
});

describe('buying', () => {
  const line = (status: 'draft' | 'archived') => ({ productId: hidden[status].id, variantId: hidden[status].variant, quantity: 1 });

  it.each(statuses)('the %s product cannot be put in the cart', async (status) => {
    const res = await customer.post('/api/cart/add', line(status));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(API.productUnavailable);
    expect((await customer.get('/api/cart')).body.cartItems).toEqual([]);
    // A guest's cookie line naming it is shown as not available, and not counted.
    const preview = await (await guest()).post('/api/cart/preview', { items: [line(status), { productId: cat.triples.id, quantity: 1 }] });
    expect(preview.status).toBe(200);
    expect(preview.body.cartItems.map((l: { productId: number; available: boolean }) => [l.productId, l.available])).toEqual([
      [hidden[status].id, false],
      [cat.triples.id, true],
    ]);
    expect(preview.body.subtotal).toBe(30);
  });

  it.each(statuses)('the %s product is neither quoted nor ordered, by a guest, a customer or staff', async (status) => {
    const quote = await (await guest()).post('/api/checkout/quote', { items: [line(status)] });
    expect(quote.status).toBe(404);
    expect(quote.body.message).toBe(API.productUnavailable);
    for (const b of [await guest(), customer, admin]) {
      const order = await b.post('/api/orders/create', checkoutBody([line(status)]));
      expect(order.status).toBe(404);
      expect(order.body.message).toBe(API.productUnavailable);
    }
    expect(await OrderItem.query().where('productId', hidden[status].id).resultSize()).toBe(0);
  });
});
