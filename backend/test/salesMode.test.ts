// The sales mode within the tobacco law (ЗТТСТИ чл. 31а; catalogue/visibility): in
// `trade_only` a visitor who is not a member of an approved company — a guest, a signed-in
// consumer, a crawler, staff in the shop's answers — never gets a regulated product's price (API
// lists and single answers, search, rendered pages, JSON-LD, Open Graph) and cannot put it in a
// cart, have it quoted or order it (403 naming the law); accessories stay for everyone; with the
// consumer catalogue `hidden` regulated products are not listed at all. A member sees and buys.
// Mode `all` is the shop as first built: consumers and trade alike. Disposable devices can never be active.
import { shopForThisFile, Browser } from './helpers';
import { checkoutBody } from './fixtures';
import { API } from '@domain/messages';
import { SALES_MODES, CONSUMER_CATALOGUES } from '@domain/trade';
import { SALES_TEXT, DISPOSABLE_TEXT } from '@domain/salesModeTexts';
import { DUNNING_DEFAULTS } from '@domain/dunning';
import { convertAmount } from '@domain/money';
import { CartItem, Category, Company, OrderItem, Product, Setting, User, Variant } from '../src/models';
import { clearSettingsCache, getSettings } from '../src/modules/settings/service';

const ORIGIN = 'https://shop.example.bg';
const shop = shopForThisFile({ publicUrl: ORIGIN });

interface Made {
  id: number;
  slug: string;
  variants: number[];
}
let device: Made; // two variants, 47.13 and 49.17, compared at 52.31
let liquid: Made; // 13.57
let pod: Made; // 21.43
let accessory: Made; // 8.19
let category: Category;
let admin: Browser & { userId: number; email: string };
let consumer: Browser & { userId: number; email: string };
let member: Browser & { userId: number; email: string };

/** Every way a regulated price could be written on a page or in an answer. */
const REGULATED_PRICES = [47.13, 49.17, 52.31, 13.57, 21.43];
function priceTexts(amount: number): string[] {
  const eur = convertAmount(amount, 'BGN', 'EUR');
  return [amount, eur].flatMap((a) => [a.toFixed(2), a.toFixed(2).replace('.', ',')]);
}

async function make(
  name: string,
  slug: string,
  kind: string,
  price: number,
  variants: Array<{ sku: string; name: string; price?: number }>,
  extra: Partial<Product> = {},
): Promise<Made> {
  const p = await Product.query().insertAndFetch({
    name,
    slug,
    price,
    kind,
    status: 'active',
    categoryId: category.id,
    searchText: `${name.toLowerCase()} ${variants.map((v) => v.sku.toLowerCase()).join(' ')} ${slug}`,
    ...extra,
  } as Partial<Product>);
  const ids: number[] = [];
  for (const [position, v] of variants.entries())
    ids.push(
      (
        await Variant.query().insert({
          productId: p.id,
          sku: v.sku,
          name: v.name,
          stock: 50,
          price: v.price ?? null,
          position,
        } as Partial<Variant>)
      ).id,
    );
  return { id: p.id, slug, variants: ids };
}

async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}

/** A search engine: no cookies, a crawler's user agent. */
function crawl(url: string) {
  return shop
    .browser()
    .get(url)
    .set('Accept-Encoding', 'identity')
    .set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
}

async function setSales(sales: Record<string, unknown>) {
  const res = await admin.put('/api/admin/settings', { sales });
  expect(res.status).toBe(200);
  return res;
}

const line = (m: Made, quantity = 1) => ({ productId: m.id, variantId: m.variants[0], quantity });

beforeAll(async () => {
  category = await Category.query().insertAndFetch({ name: 'Всичко', slug: 'vsichko', position: 0 } as Partial<Category>);
  device = await make(
    'Устройство Квант',
    'ustroystvo-kvant',
    'device',
    4713,
    [
      { sku: 'KV-0', name: '0 mg' },
      { sku: 'KV-20', name: '20 mg', price: 4917 },
    ],
    { compareAtPrice: 5231 } as Partial<Product>,
  );
  liquid = await make('Течност Квант Ягода', 'technost-kvant', 'liquid', 1357, [{ sku: 'KVL-1', name: 'Стандартен' }]);
  pod = await make('Пълнител Квант', 'palnitel-kvant', 'pod', 2143, [{ sku: 'KVP-1', name: 'Стандартен' }]);
  accessory = await make('Калъф Квант', 'kalaf-kvant', 'accessory', 819, [{ sku: 'KVA-1', name: 'Стандартен' }]);
  admin = await shop.signedIn('admin');
  consumer = await shop.signedIn('customer');
  // A member of an approved company (the trade area's membership: users.company_id).
  const company = await Company.query().insertAndFetch({
    name: 'Вейп Магазин ООД',
    eik: '206123451',
    vatNumber: '',
    address: 'ул. Търговска 1',
    city: 'Пловдив',
    mol: 'Петър Петров',
    tobaccoPermit: 'ТР-123',
    contactFirstName: 'Петър',
    contactLastName: 'Петров',
    contactEmail: 'office@vape-shop.bg',
    contactPhone: '+359 88 111 2222',
    status: 'approved',
    statusReason: '',
    priceListId: null,
    paymentTermsDays: 0,
    creditLimit: null,
    approvedAt: new Date().toISOString(),
  } as Partial<Company>);
  const u = await shop.user('customer');
  await User.query()
    .patch({ companyId: company.id } as Partial<User>)
    .findById(u.id);
  member = Object.assign(new Browser(shop.app), { userId: u.id, email: u.email });
  await member.signIn(u.email, u.password);
});

beforeEach(async () => {
  await Setting.query().where('key', 'sales').delete();
  clearSettingsCache();
});

/** A product answer (list entry or single) carries no price at all, and says why. */
function expectPriceless(p: any) {
  expect(p.saleRestricted).toBe(true);
  expect(p.price).toBeNull();
  expect(p.compareAtPrice).toBeNull();
  for (const v of p.variants) expect(v.price).toBeNull();
  const text = JSON.stringify(p);
  for (const amount of REGULATED_PRICES) expect(text).not.toContain(String(amount));
}

describe('the settings group `sales`', () => {
  it('defaults to selling to everyone, and is public', async () => {
    const pub = await (await guest()).get('/api/settings');
    expect(pub.body.sales).toEqual({ mode: 'all', consumerCatalogue: 'info', tradeMinimumOrder: 0 });
    expect((await admin.get('/api/admin/settings/1')).body.sales).toEqual({
      mode: 'all',
      consumerCatalogue: 'info',
      tradeMinimumOrder: 0,
      dunning: DUNNING_DEFAULTS,
    });
  });

  it('saves field by field, the trade minimum as a decimal amount kept in minor units', async () => {
    const res = await setSales({ mode: 'trade_only', tradeMinimumOrder: '150,50' });
    expect(res.body.settings.sales).toEqual({
      mode: 'trade_only',
      consumerCatalogue: 'info',
      tradeMinimumOrder: 150.5,
      dunning: DUNNING_DEFAULTS,
    });
    expect((await getSettings()).sales.tradeMinimumOrder).toBe(15050);
    const again = await setSales({ consumerCatalogue: 'hidden' });
    expect(again.body.settings.sales).toEqual({
      mode: 'trade_only',
      consumerCatalogue: 'hidden',
      tradeMinimumOrder: 150.5,
      dunning: DUNNING_DEFAULTS,
    });
    // A visitor reads the mode, not the staff's reminders.
    expect((await (await guest()).get('/api/settings')).body.sales).toEqual({
      mode: 'trade_only',
      consumerCatalogue: 'hidden',
      tradeMinimumOrder: 150.5,
    });
    // react-admin's single record sends the whole record back.
    const record = (await admin.get('/api/admin/settings/1')).body;
    const put = await admin.put('/api/admin/settings/1', { ...record, sales: { ...record.sales, mode: 'all' } });
    expect(put.status).toBe(200);
    expect(put.body.sales).toEqual({ mode: 'all', consumerCatalogue: 'hidden', tradeMinimumOrder: 150.5, dunning: DUNNING_DEFAULTS });
  });

  it.each([
    ['an unknown mode', { mode: 'b2b' }, { 'sales.mode': API.oneOf(SALES_MODES) }],
    ['an unknown consumer catalogue', { consumerCatalogue: 'grey' }, { 'sales.consumerCatalogue': API.oneOf(CONSUMER_CATALOGUES) }],
    ['a negative minimum', { tradeMinimumOrder: -1 }, { 'sales.tradeMinimumOrder': API.atLeast(0) }],
    ['a minimum that is not money', { tradeMinimumOrder: 'сто' }, { 'sales.tradeMinimumOrder': API.invalidMoney }],
    ['an unknown field', { channel: 'web' }, { 'sales.channel': API.unknownField }],
  ])('refuses %s with 400 naming the field, and saves nothing', async (_, sales, errors) => {
    const res = await admin.put('/api/admin/settings', { sales });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
    expect((await getSettings()).sales.mode).toBe('all');
  });

  it('is staff’s: 401 for a guest, 403 for a customer or a member', async () => {
    expect((await (await guest()).put('/api/admin/settings', { sales: { mode: 'trade_only' } })).status).toBe(401);
    for (const b of [consumer, member]) expect((await b.put('/api/admin/settings', { sales: { mode: 'trade_only' } })).status).toBe(403);
    expect((await getSettings()).sales.mode).toBe('all');
  });
});

describe('mode all: consumers and trade alike', () => {
  it('prices every product for everyone, with no trace of the sales mode', async () => {
    const list = await (await guest()).get('/api/products?limit=100');
    const byId = new Map(list.body.products.map((p: any) => [p.id, p]));
    expect((byId.get(device.id) as any).price).toBe(47.13);
    expect((byId.get(device.id) as any).variants.map((v: any) => v.price)).toEqual([47.13, 49.17]);
    expect((byId.get(liquid.id) as any).price).toBe(13.57);
    for (const p of list.body.products) expect(p).not.toHaveProperty('saleRestricted');
    expect((await consumer.post('/api/cart/add', line(device))).status).toBe(200);
    await consumer.delete('/api/cart');
  });
});

describe('trade_only, consumer catalogue info', () => {
  beforeEach(async () => {
    await setSales({ mode: 'trade_only', consumerCatalogue: 'info' });
  });

  it('a guest, a consumer, staff and a crawler get no regulated price from the list, search or a product; accessories keep theirs', async () => {
    const crawler = { get: (url: string) => crawl(url) };
    for (const b of [await guest(), consumer, admin, crawler]) {
      const list = await b.get('/api/products?limit=100');
      expect(list.status).toBe(200);
      const byId = new Map<number, any>(list.body.products.map((p: any) => [p.id, p]));
      for (const m of [device, liquid, pod]) expectPriceless(byId.get(m.id));
      expect(byId.get(accessory.id).price).toBe(8.19);
      expect(byId.get(accessory.id)).not.toHaveProperty('saleRestricted');

      const search = await b.get('/api/products?search=kvant');
      expect(search.body.products.map((p: any) => p.id).sort()).toEqual([device.id, liquid.id, pod.id, accessory.id].sort());
      for (const p of search.body.products.filter((x: any) => x.id !== accessory.id)) expectPriceless(p);

      for (const key of [device.slug, String(device.id)]) {
        const one = await b.get(`/api/products/${key}`);
        expect(one.status).toBe(200);
        expectPriceless(one.body.product);
      }
      expect((await b.get(`/api/products/${accessory.slug}`)).body.product.price).toBe(8.19);
    }
  });

  it('a price filter or the price order tells nothing of a regulated price', async () => {
    const b = await guest();
    const filtered = await b.get('/api/products?limit=100&minPrice=40&maxPrice=50');
    expect(filtered.body.products).toEqual([]);
    const cheap = await b.get('/api/products?limit=100&maxPrice=10');
    expect(cheap.body.products.map((p: any) => p.id)).toEqual([accessory.id]);
    for (const sort of ['price', '-price']) {
      const sorted = await b.get(`/api/products?limit=100&sort=${sort}`);
      expect(sorted.body.products[0].id).toBe(accessory.id);
    }
  });

  it('the rendered product, shop and home pages carry no regulated price, no offer and no Open Graph price', async () => {
    const page = await crawl(`/products/${device.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Устройство Квант');
    expect(page.text).toContain(SALES_TEXT.tradeOnlyNotice);
    expect(page.text).toContain('href="/where-to-buy"');
    expect(page.text).toContain(SALES_TEXT.whereToBuy);
    for (const amount of REGULATED_PRICES) for (const t of priceTexts(amount)) expect(page.text).not.toContain(t);
    expect(page.text).not.toContain('"Offer"');
    expect(page.text).not.toContain('product:price');
    expect(page.text).not.toContain('og:price');
    expect(page.text).not.toContain('Добави в количката');

    for (const url of ['/products', '/products?category=vsichko', '/products?search=kvant', '/']) {
      const html = (await crawl(url)).text;
      for (const amount of REGULATED_PRICES) for (const t of priceTexts(amount)) expect(html).not.toContain(t);
      if (url !== '/') {
        expect(html).toContain('Калъф Квант');
        expect(html).toContain('8,19');
      }
    }
    // The accessory's page keeps its offer.
    const acc = await crawl(`/products/${accessory.slug}`);
    expect(acc.text).toContain('"Offer"');
    expect(acc.text).toContain('8,19');
  });

  it('what was cached in mode all is dropped by the switch', async () => {
    await setSales({ mode: 'all' });
    expect((await crawl(`/products/${device.slug}`)).text).toContain('47,13');
    expect((await (await guest()).get(`/api/products/${device.slug}`)).body.product.price).toBe(47.13);
    await setSales({ mode: 'trade_only' });
    expect((await crawl(`/products/${device.slug}`)).text).not.toContain('47,13');
    expectPriceless((await (await guest()).get(`/api/products/${device.slug}`)).body.product);
  });

  it('refuses a regulated product in the cart, the quote and the order with 403 naming the law; the accessory is sold', async () => {
    for (const m of [device, liquid, pod]) {
      const add = await consumer.post('/api/cart/add', line(m));
      expect(add.status).toBe(403);
      expect(add.body.message).toBe(SALES_TEXT.tradeOnlyRefusal);
      expect(add.body.message).toContain('чл. 31а от Закона за тютюна');
    }
    expect((await consumer.get('/api/cart')).body.cartItems).toEqual([]);
    const b = await guest();
    for (const who of [b, consumer, admin]) {
      const quote = await who.post('/api/checkout/quote', { items: [line(accessory), line(device)] });
      expect([quote.status, quote.body.message]).toEqual([403, SALES_TEXT.tradeOnlyRefusal]);
      expect(quote.body.errors).toEqual({ 'items.1.productId': SALES_TEXT.tradeOnlyRefusal });
      const order = await who.post('/api/orders/create', checkoutBody([line(liquid)]));
      expect([order.status, order.body.message]).toEqual([403, SALES_TEXT.tradeOnlyRefusal]);
    }
    expect(await OrderItem.query().whereIn('productId', [device.id, liquid.id, pod.id]).resultSize()).toBe(0);
    // A guest's cookie lines: the regulated one shows without price, not available.
    const preview = await b.post('/api/cart/preview', { items: [line(device, 2), line(accessory)] });
    expect(preview.status).toBe(200);
    const [dev, acc] = preview.body.cartItems;
    expect(dev).toEqual(
      expect.objectContaining({
        available: false,
        unitPrice: null,
        lineTotal: null,
        saleRestricted: true,
        refusal: SALES_TEXT.tradeOnlyRefusal,
      }),
    );
    expect(acc).toEqual(expect.objectContaining({ available: true, unitPrice: 8.19 }));
    expect(preview.body.subtotal).toBe(8.19);
    // The accessory is bought as today.
    expect((await consumer.post('/api/cart/add', line(accessory))).status).toBe(200);
    const order = await b.post('/api/orders/create', checkoutBody([line(accessory)]));
    expect(order.status).toBe(201);
    await consumer.delete('/api/cart');
  });

  it('a cart from before the switch: the line is shown refused, cannot be changed, the server cart is not quoted', async () => {
    await setSales({ mode: 'all' });
    expect((await consumer.post('/api/cart/add', line(device))).status).toBe(200);
    await setSales({ mode: 'trade_only' });
    const cart = await consumer.get('/api/cart');
    expect(cart.body.cartItems[0]).toEqual(
      expect.objectContaining({ productId: device.id, available: false, unitPrice: null, saleRestricted: true }),
    );
    expect(cart.body.subtotal).toBe(0);
    const edit = await consumer.put(`/api/cart/edit/${cart.body.cartItems[0].id}`, { quantity: 2 });
    expect([edit.status, edit.body.message]).toEqual([403, SALES_TEXT.tradeOnlyRefusal]);
    const quote = await consumer.post('/api/checkout/quote', {});
    expect([quote.status, quote.body.message]).toEqual([403, SALES_TEXT.tradeOnlyRefusal]);
    const order = await consumer.post('/api/orders/create', checkoutBody(undefined));
    expect(order.status).toBe(403);
    // Removing it is allowed.
    expect((await consumer.delete(`/api/cart/remove/${cart.body.cartItems[0].id}`)).status).toBe(200);
    expect(await CartItem.query().where('userId', consumer.userId).resultSize()).toBe(0);
  });

  it('a member of an approved company sees and buys regulated products', async () => {
    const list = await member.get('/api/products?limit=100');
    const dev = list.body.products.find((p: any) => p.id === device.id);
    expect(dev.saleRestricted).toBeUndefined();
    expect(typeof dev.variants[0].price).toBe('number');
    const one = await member.get(`/api/products/${device.slug}`);
    expect(one.body.product.saleRestricted).toBeUndefined();
    expect(typeof one.body.product.price).toBe('number');
    // The guests' caches were not filled with the member's answer.
    expectPriceless((await (await guest()).get(`/api/products/${device.slug}`)).body.product);
    expect((await member.post('/api/cart/add', line(device))).status).toBe(200);
    expect((await member.post('/api/checkout/quote', {})).status).toBe(200);
    const order = await member.post(
      '/api/orders/create',
      checkoutBody(undefined, { customer: { firstName: 'Петър', lastName: 'Петров', email: member.email, phone: '+359 88 111 2222' } }),
    );
    expect(order.status).toBe(201);
    expect(await OrderItem.query().where('productId', device.id).resultSize()).toBeGreaterThan(0);
  });

  it('a member’s first request after signing in is priced, even when guests filled the caches', async () => {
    const url = `/api/products/${liquid.slug}`;
    expectPriceless((await (await guest()).get(url)).body.product);
    expectPriceless((await (await guest()).get(url)).body.product); // kept for guests
    const u = await shop.user('customer');
    await User.query()
      .patch({ companyId: (await User.query().findById(member.userId))!.companyId } as Partial<User>)
      .findById(u.id);
    const fresh = new Browser(shop.app);
    await fresh.signIn(u.email, u.password);
    const res = await fresh.get(url);
    expect(res.body.product.price).toBe(13.57);
  });

  it('a guest cart joins the account at sign-in: a member keeps its regulated lines, a consumer only what they may buy', async () => {
    const cookie = encodeURIComponent(
      JSON.stringify([
        { id: 1, productId: liquid.id, variantId: liquid.variants[0], quantity: 2, personalization: '', attributes: [] },
        { id: 2, productId: accessory.id, variantId: accessory.variants[0], quantity: 1, personalization: '', attributes: [] },
      ]),
    );
    const companyId = (await User.query().findById(member.userId))!.companyId;
    const signInWith = async (trade: boolean) => {
      const u = await shop.user('customer');
      if (trade)
        await User.query()
          .patch({ companyId } as Partial<User>)
          .findById(u.id);
      const b = new Browser(shop.app);
      b.agent.jar.setCookie(`cart=${cookie}; Path=/`, '127.0.0.1', '/');
      const res = await b.signIn(u.email, u.password);
      return (res.body.cartItems as Array<{ productId: number }>).map((l) => l.productId).sort((x, y) => x - y);
    };
    expect(await signInWith(true)).toEqual([liquid.id, accessory.id].sort((x, y) => x - y));
    expect(await signInWith(false)).toEqual([accessory.id]);
  });

  it('a suspended company’s member is a consumer again', async () => {
    const user = await User.query().findById(member.userId);
    await Company.query()
      .patch({ status: 'suspended' } as Partial<Company>)
      .findById(user!.companyId!);
    try {
      const add = await member.post('/api/cart/add', line(pod));
      expect([add.status, add.body.message]).toEqual([403, SALES_TEXT.tradeOnlyRefusal]);
      expectPriceless((await member.get(`/api/products/${pod.slug}`)).body.product);
    } finally {
      await Company.query()
        .patch({ status: 'approved' } as Partial<Company>)
        .findById(user!.companyId!);
    }
  });

  it('staff taking an order by phone are not restricted (not an information-society service)', async () => {
    const res = await admin.post('/api/admin/orders', {
      ...checkoutBody([line(pod)]),
      staffNote: 'Поръчка по телефона от търговец',
    });
    expect(res.status).toBe(201);
  });
});

describe('trade_only, consumer catalogue hidden', () => {
  beforeEach(async () => {
    await setSales({ mode: 'trade_only', consumerCatalogue: 'hidden' });
  });

  it('regulated products are in no list, search or count, their pages are 404, the sitemap leaves them out', async () => {
    for (const b of [await guest(), consumer, { get: (url: string) => crawl(url) }]) {
      const ids = (await b.get('/api/products?limit=100')).body.products.map((p: any) => p.id);
      expect(ids).toEqual([accessory.id]);
      expect((await b.get('/api/products?search=kvant')).body.products.map((p: any) => p.id)).toEqual([accessory.id]);
      expect((await b.get('/api/products?limit=100')).body.total).toBe(1);
      const cats = (await b.get('/api/categories')).body.categories;
      expect(cats.find((c: any) => c.slug === 'vsichko').productCount).toBe(1);
      for (const m of [device, liquid, pod]) {
        const res = await b.get(`/api/products/${m.slug}`);
        expect([res.status, res.body.message]).toEqual([404, API.productNotFound]);
      }
    }
    const page = await crawl(`/products/${device.slug}`);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('47,13');
    const sitemap = await crawl('/sitemap.xml');
    expect(sitemap.text).toContain(`${ORIGIN}/products/${accessory.slug}`);
    for (const m of [device, liquid, pod]) expect(sitemap.text).not.toContain(m.slug);
    const add = await consumer.post('/api/cart/add', line(device));
    expect([add.status, add.body.message]).toEqual([403, SALES_TEXT.tradeOnlyRefusal]);
  });

  it('a member still sees them all', async () => {
    const ids = (await member.get('/api/products?limit=100')).body.products.map((p: any) => p.id);
    expect(ids.sort()).toEqual([device.id, liquid.id, pod.id, accessory.id].sort());
    expect((await member.get(`/api/products/${device.slug}`)).status).toBe(200);
  });

  it('back to mode all, everything is listed and priced again', async () => {
    await setSales({ mode: 'all' });
    const list = await (await guest()).get('/api/products?limit=100');
    expect(list.body.total).toBe(4);
    expect((await crawl('/sitemap.xml')).text).toContain(device.slug);
  });
});

describe('disposable devices', () => {
  const body = (sku: string, extra: Record<string, unknown> = {}) => ({
    name: `Еднократен ${sku}`,
    price: 15,
    kind: 'device',
    variants: [{ name: 'Стандартен', sku, stock: 5 }],
    ...extra,
  });

  it('a product says whether it is disposable, in the product API', async () => {
    const res = await admin.post('/api/admin/products', body('DSP-1', { disposable: true }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual(expect.objectContaining({ disposable: true, status: 'draft' }));
    expect((await admin.get(`/api/admin/products/${res.body.id}`)).body.disposable).toBe(true);
    const plain = await admin.post('/api/admin/products', body('DSP-2'));
    expect(plain.body.disposable).toBe(false);
  });

  it('cannot be created active, by the form or the plain call', async () => {
    for (const url of ['/api/admin/products', '/api/admin/products/create']) {
      const res = await admin.post(url, body(`DSP-A${url.length}`, { disposable: true, status: 'active' }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ status: DISPOSABLE_TEXT.cannotBeActive });
      expect(res.body.message).toContain('забранени');
    }
    expect(await Variant.query().where('sku', 'like', 'DSP-A%').resultSize()).toBe(0);
  });

  it('cannot be made active by a change, the status call, or marked disposable while active', async () => {
    const made = (await admin.post('/api/admin/products', body('DSP-3', { disposable: true }))).body;
    const put = await admin.put(`/api/admin/products/${made.id}`, { status: 'active' });
    expect([put.status, put.body.errors]).toEqual([400, { status: DISPOSABLE_TEXT.cannotBeActive }]);
    const status = await admin.put(`/api/products/${made.id}/updateStatus`, { status: 'active' });
    expect([status.status, status.body.errors]).toEqual([400, { status: DISPOSABLE_TEXT.cannotBeActive }]);
    expect((await Product.query().findById(made.id))!.status).toBe('draft');
    // An active product marked disposable: refused too.
    const active = (await admin.post('/api/admin/products', body('DSP-4', { status: 'active' }))).body;
    const mark = await admin.put(`/api/admin/products/${active.id}`, { disposable: true });
    expect([mark.status, mark.body.errors]).toEqual([400, { status: DISPOSABLE_TEXT.cannotBeActive }]);
    // Marked and archived together: fine.
    const archived = await admin.put(`/api/admin/products/${active.id}`, { disposable: true, status: 'archived' });
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual(expect.objectContaining({ disposable: true, status: 'archived' }));
  });

  it('the CSV import cannot make it active', async () => {
    const made = (await admin.post('/api/admin/products', body('DSP-5', { disposable: true }))).body;
    const file = Buffer.from(
      '\uFEFF' +
        [
          ['Продукт', 'Адрес (slug)', 'Вариант', 'SKU', 'Цена', 'Наличност', 'Статус'],
          [made.name, made.slug, 'Стандартен', 'DSP-5', '15,00', '5', 'Активен'],
        ]
          .map((l) => l.join(';'))
          .join('\r\n') +
        '\r\n',
      'utf8',
    );
    const res = await admin.agent
      .post('/api/admin/import/products')
      .set('x-csrf-token', admin.csrfToken)
      .attach('file', file, 'import.csv');
    expect(res.body.counts.error).toBe(1);
    expect(JSON.stringify(res.body.rows)).toContain(DISPOSABLE_TEXT.cannotBeActive);
    expect((await Product.query().findById(made.id))!.status).toBe('draft');
  });

  it('a duplicate of a disposable device stays disposable (a draft)', async () => {
    const made = (await admin.post('/api/admin/products', body('DSP-6', { disposable: true }))).body;
    const copy = await admin.post(`/api/admin/products/${made.id}/duplicate`, {});
    expect(copy.status).toBe(201);
    const id = copy.body.id ?? copy.body.product?.id;
    expect((await Product.query().findById(id))!.disposable).toBe(true);
  });
});
