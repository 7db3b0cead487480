// What every route promises, checked over the router itself so a new route cannot slip by:
// the admin routes refuse guests (401) and customers (403); every cookie mutation needs the CSRF
// token (403); and no input, however hostile, gets a 500 or changes anything when refused.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import type { ApiRoute } from '../src/app';

let cat: Catalogue;
let routes: ApiRoute[];
let admin: Browser & { userId: number; email: string };
let customer: Browser & { userId: number; email: string };

/** Routes only admins may call: everything under /api/admin, and the product status call. */
const isAdminRoute = (path: string) => path.startsWith('/api/admin') || path === '/api/products/:id/updateStatus';

const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
  routes = shop.app.apiRoutes();
  admin = await shop.signedIn('admin');
  customer = await shop.signedIn();
  const guest = shop.browser();
  await guest.csrf();
  await placeOrder(guest, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
});

function concrete(path: string): string {
  return path.replace(/:[a-zA-Z]+/g, '1');
}

function call(b: Browser, method: string, url: string, body?: unknown) {
  switch (method) {
    case 'GET':
      return b.get(url);
    case 'POST':
      return b.post(url, body as object);
    case 'PUT':
      return b.put(url, body as object);
    case 'DELETE':
      return b.delete(url);
    default:
      throw new Error(method);
  }
}

const FINGERPRINT_TABLES = [
  'users',
  'categories',
  'products',
  'variants',
  'product_images',
  'cart_items',
  'orders',
  'order_items',
  'payments',
  'discounts',
  'notifications',
  'contact_messages',
  'settings',
  'api_tokens',
];
let fingerprintSql: string | undefined;

/**
 * A fingerprint of what the shop holds: changes when any row is written (each table's row count
 * and latest update, and the stock). One query, so hundreds of looks stay cheap on PostgreSQL too.
 */
async function fingerprint(): Promise<string> {
  const knex = shop.app.knex;
  if (!fingerprintSql) {
    const parts: string[] = [];
    for (const t of FINGERPRINT_TABLES) {
      parts.push(`(select count(*) from ${t}) as ${t}_n`);
      if (await knex.schema.hasColumn(t, 'updated_at')) parts.push(`(select max(updated_at) from ${t}) as ${t}_m`);
    }
    parts.push('(select sum(stock) from variants) as stock');
    fingerprintSql = `select ${parts.join(', ')}`;
  }
  const result = await knex.raw(fingerprintSql);
  const row = Array.isArray(result) ? result[0] : result.rows[0];
  return Object.entries(row)
    .map(([k, v]) => `${k}:${v instanceof Date ? v.toISOString() : String(v ?? '')}`)
    .join('|');
}

describe('the authorisation matrix', () => {
  it('covers the plain admin routes', () => {
    const paths = routes.map((r) => r.path);
    for (const p of [
      '/api/admin/users',
      '/api/admin/orders/:id',
      '/api/admin/categories/create',
      '/api/admin/products/:id',
      '/api/admin/settings',
      '/api/admin/dashboard',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('answers 401 to guests and 403 to customers on every admin route and method, and lets admins through', async () => {
    const guest = shop.browser();
    await guest.csrf();
    const wrong: string[] = [];
    for (const route of routes.filter((r) => isAdminRoute(r.path))) {
      for (const method of route.methods) {
        const url = concrete(route.path);
        const [g, c] = [await call(guest, method, url, {}), await call(customer, method, url, {})];
        if (g.status !== 401) wrong.push(`guest ${method} ${url}: ${g.status}`);
        if (c.status !== 403) wrong.push(`customer ${method} ${url}: ${c.status}`);
        if (method === 'GET') {
          const a = await call(admin, method, url);
          if ([401, 403].includes(a.status) || a.status >= 500) wrong.push(`admin ${method} ${url}: ${a.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every cookie mutation without the CSRF token, and the refusal changes nothing', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const route of routes) {
      for (const method of route.methods.filter((m) => m !== 'GET')) {
        for (const b of [admin, customer]) {
          const url = concrete(route.path);
          const t = method === 'POST' ? b.agent.post(url) : method === 'PUT' ? b.agent.put(url) : b.agent.delete(url);
          const res = await t.send({});
          if (res.status !== 403) wrong.push(`${method} ${url}: ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });
});

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -1e308,
  2 ** 53 + 7,
  1.5,
  'NaN',
  '',
  ' ',
  'x'.repeat(100_000),
  "' OR 1=1 --",
  '"; DROP TABLE orders; --',
  '%_\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'ḁ̷̧͎̙͔̈́̈́𝕏🙂\u0000\u202e',
  [],
  [1, 2],
  {},
  { $gt: '' },
  { __proto__: { isAdmin: true } },
];
const FIELD_NAMES = [
  'id',
  'email',
  'password',
  'firstName',
  'name',
  'slug',
  'price',
  'status',
  'role',
  'quantity',
  'productId',
  'variantId',
  'attributes',
  'personalization',
  'items',
  'customer',
  'shipping',
  'paymentMethod',
  'discountCode',
  'code',
  'type',
  'value',
  'parentId',
  'categoryName',
  'parentCategoryId',
  'variants',
  'images',
  'isRead',
  'message',
  'trackingNumber',
  'staffNote',
  'contacts',
  'shippingFees',
  'startsAt',
];
const QUERY_NAMES = [
  'page',
  'limit',
  'search',
  'sort',
  'filter',
  'range',
  'category',
  'minPrice',
  'maxPrice',
  'searchTerm',
  'statusFilter',
  'sortBy',
  'from',
  'to',
  'granularity',
];

describe('hostile input', () => {
  it('never gets a 500 from any write, and a refused write changes nothing', async () => {
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    const writes = routes
      .flatMap((r) => r.methods.filter((m) => m !== 'GET').map((method) => ({ method, url: concrete(r.path) })))
      // Signing out, emptying the cart and deleting records are tried once with an empty body below.
      .filter((w) => w.method !== 'DELETE' && w.url !== '/api/auth/logout');
    let held = await fingerprint();
    for (const { method, url } of writes) {
      const bodies: unknown[] = [
        '{"broken json',
        '[1,2,3]',
        '"just a string"',
        '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
      ];
      for (const value of HOSTILE_VALUES) bodies.push(Object.fromEntries(FIELD_NAMES.map((f) => [f, value])));
      for (const body of bodies) {
        // What the shop holds before this call: read again only after a call that was let through.
        const res = await call(admin, method, url, body);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status >= 500) failures.push(`${method} ${url} ${JSON.stringify(body).slice(0, 80)} → ${res.status}`);
        const after = await fingerprint();
        if (res.status >= 400 && res.status < 500) {
          if (typeof res.body?.message !== 'string' || !/[а-яА-Я]/.test(res.body.message))
            failures.push(`${method} ${url} → ${res.status} without a Bulgarian message`);
          if (after !== held) failures.push(`${method} ${url} → ${res.status} but data changed`);
        }
        held = after;
      }
    }
    expect(failures).toEqual([]);
    // The hostile bodies were refused as bad input, not waved through.
    expect(statuses[400]).toBeGreaterThan(500);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  }, 180_000);

  it('never gets a 500 from any list or read, whatever the query string', async () => {
    const failures: string[] = [];
    const reads = routes.filter((r) => r.methods.includes('GET')).map((r) => concrete(r.path));
    const values = [
      '-1',
      '0',
      '99999999999999999999',
      'abc',
      "'; DROP TABLE users; --",
      '["x","ASC"]',
      '[0,99999]',
      '{"q":{"$gt":""}}',
      '{"__proto__":{}}',
      '%',
      encodeURIComponent('ḁ🙂'),
    ];
    for (const url of reads) {
      for (const v of values) {
        const query = QUERY_NAMES.map((q) => `${q}=${encodeURIComponent(v)}`).join('&');
        const res = await admin.get(`${url}?${query}`);
        if (res.status >= 500) failures.push(`GET ${url}?…=${v} → ${res.status}`);
      }
      const repeated = await admin.get(`${url}?page=1&page=2&sort=a&sort=b`);
      if (repeated.status >= 500) failures.push(`GET ${url} with repeated parameters → ${repeated.status}`);
    }
    for (const path of [
      '/api/products/%00',
      '/api/products/' + 'x'.repeat(5000),
      '/api/orders/1e3',
      '/api/admin/orders/-1',
      '/api/admin/users/999999999999999999',
    ]) {
      const res = await admin.get(path);
      if (res.status >= 500) failures.push(`GET ${path.slice(0, 60)} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers deletes of what does not exist with 404, never 500', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.methods.includes('DELETE') && r.path.includes(':'))) {
      const res = await admin.delete(route.path.replace(/:[a-zA-Z]+/g, '987654'));
      if (res.status !== 404) failures.push(`DELETE ${route.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
