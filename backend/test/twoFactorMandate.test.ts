// The two-factor mandate is one guard (platform/http/auth isStaff): with "two-factor required for
// admins" on, an admin without a second factor gets no staff-only answer on any route, whatever
// its path. Walked over the router itself, with the ids of other people's real records, by the
// held-back admin's session and by their personal API token made before the mandate: every admin
// route answers 403 with the mandate's message, and no other answer carries anyone else's data.
import supertest from 'supertest';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, checkoutBody, product, approvedCompany } from './fixtures';
import { CartItem, User } from '../src/models';
import { saveSettings } from '../src/modules/settings/service';
import { settled } from '../src/platform/events';
import { API } from '@domain/messages';
import type { ApiRoute } from '../src/app';

const shop = shopForThisFile();

/** What belongs to someone else: none of it may reach the held-back admin. */
const FOREIGN = {
  email: 'zhertva.chuzhda@example.bg',
  phone: '+359 88 900 1122',
  lastName: 'Чуждестранова',
  address: 'ул. „Тайна“ 77',
  company: 'Тайна Търговия ООД',
  draft: 'Чернова Неиздадена',
};

let routes: ApiRoute[];
let heldBack: Browser;
let heldBackToken: string;
/** The ids the walk puts in each path's parameters: other people's records. */
const ids: Record<string, string> = {};

type Caller = { name: string; call(method: string, url: string): Promise<supertest.Response> };

function sessionCaller(b: Browser): Caller {
  return {
    name: 'session',
    call: (method, url) => {
      if (method === 'GET') return b.get(url);
      if (method === 'POST') return b.post(url, {});
      if (method === 'PUT') return b.put(url, {});
      return b.delete(url);
    },
  };
}

function tokenCaller(token: string): Caller {
  const agent = supertest(shop.app.callback());
  return {
    name: 'token',
    call: (method, url) => {
      const m = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      const t = agent[m](url).set('Authorization', `Bearer ${token}`);
      return m === 'get' || m === 'delete' ? t : t.send({});
    },
  };
}

/** The path with each parameter replaced by the id of someone else's record of that kind. */
function concrete(path: string): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    if (name === 'idOrSlug') return ids.draftSlug;
    if (name === 'userId') return ids.user;
    if (/\/(users?|customers|admins)\//.test(path)) return ids.user;
    if (path.includes('/invoices/')) return ids.invoice;
    if (path.includes('/companies/')) return ids.company;
    if (path.includes('/products/')) return ids.draft;
    if (path.includes('/tokens/')) return ids.token;
    if (path.includes('/cart/')) return ids.cartItem;
    if (path.includes('/payments/')) return ids.payment;
    return ids.order;
  });
}

const isAdminRoute = (path: string) => path.startsWith('/api/admin') || path === '/api/products/:id/updateStatus';
/** Calls that end the walker's own session or account, or sign someone in: not walked. */
const NOT_WALKED = ['/api/auth/logout', '/api/account/close', '/api/auth/login', '/api/auth/login/2fa', '/api/auth/register'];

beforeAll(async () => {
  const cat = await makeCatalogue();
  const draft = await product(FOREIGN.draft, 'chernova-neizdadena', 1500, [{ sku: 'DR-1', name: 'Стандартен', stock: 5 }], 'draft');
  const admin = await shop.signedIn('admin');
  // Someone else: a customer of a company, with an order, its invoice, a cart line and a token.
  const company = await approvedCompany({
    name: FOREIGN.company,
    address: FOREIGN.address,
    contactLastName: FOREIGN.lastName,
    contactEmail: FOREIGN.email,
    contactPhone: FOREIGN.phone,
  });
  const victim = await shop.user('customer', { email: FOREIGN.email, lastName: FOREIGN.lastName });
  const victimBrowser = shop.browser();
  await victimBrowser.signIn(victim.email, victim.password);
  const line = { productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 };
  const placed = await victimBrowser.post(
    '/api/orders/create',
    checkoutBody([line], {
      customer: { firstName: 'Жертва', lastName: FOREIGN.lastName, email: FOREIGN.email, phone: FOREIGN.phone },
      shipping: { method: 'address', city: 'София', postcode: '1000', address: FOREIGN.address },
    }),
  );
  expect(placed.status).toBe(201);
  await settled();
  const invoice = await admin.post(`/api/admin/orders/${placed.body.order.id}/invoice`, {}).expect(201);
  await victimBrowser.post('/api/cart/add', line).expect(200);
  const token = await victimBrowser.post('/api/account/tokens', { name: 'скрипт' }).expect(201);
  await User.query()
    .patch({ companyId: company.id } as Partial<User>)
    .findById(victim.id);
  Object.assign(ids, {
    order: String(placed.body.order.id),
    invoice: String(invoice.body.invoice.id),
    user: String(victim.id),
    company: String(company.id),
    draft: String(draft.id),
    draftSlug: 'chernova-neizdadena',
    token: String(token.body.token.id),
    cartItem: String((await CartItem.query().where({ userId: victim.id }).first())!.id),
    payment: String(placed.body.order.payment?.id ?? 1),
  });
  // The held-back admin: no second factor; a personal token made before the mandate.
  const walker = await shop.signedIn('admin');
  heldBack = walker;
  heldBackToken = (await walker.post('/api/account/tokens', { name: 'скрипт' }).expect(201)).body.token.token;
  // Before the mandate, staff see the order and the draft: the walk below proves the guard does it.
  expect((await walker.get(`/api/orders/${ids.order}`)).status).toBe(200);
  await saveSettings({ twoFactorRequiredForAdmins: true });
  routes = shop.app.apiRoutes();
});

describe('an admin held back by the two-factor mandate', () => {
  it("does not get someone else's order by GET /api/orders/:id (404, as any customer)", async () => {
    const res = await heldBack.get(`/api/orders/${ids.order}`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(FOREIGN.phone);
  });

  it('does not preview a draft product, as staff would', async () => {
    expect((await heldBack.get(`/api/products/${ids.draftSlug}`)).status).toBe(404);
    const list = await heldBack.get('/api/products');
    expect(JSON.stringify(list.body)).not.toContain(FOREIGN.draft);
  });

  it.each(['session', 'token'])("gets no staff-only answer and nobody else's data on any route (%s)", async (via) => {
    const caller = via === 'session' ? sessionCaller(heldBack) : tokenCaller(heldBackToken);
    const wrong: string[] = [];
    const message = via === 'session' ? API.twoFactorMandatory : API.tokenNeedsTwoFactor;
    for (const route of routes) {
      if (NOT_WALKED.includes(route.path)) continue;
      for (const method of route.methods) {
        // Outside the staff's paths, what changes is walked where it names a record.
        if (!isAdminRoute(route.path) && method !== 'GET' && !route.path.includes(':')) continue;
        const url = concrete(route.path);
        const res = await caller.call(method, url);
        if (isAdminRoute(route.path)) {
          if (res.status !== 403 || res.body.message !== message) wrong.push(`${method} ${url}: ${res.status} ${res.body.message}`);
          continue;
        }
        if (res.status >= 500) wrong.push(`${method} ${url}: ${res.status}`);
        if (res.status < 300 && String(res.headers['content-type']).includes('pdf')) wrong.push(`${method} ${url}: a PDF`);
        const text = JSON.stringify(res.body ?? '') + (res.text ?? '');
        for (const [what, value] of Object.entries(FOREIGN)) {
          if (text.includes(value)) wrong.push(`${method} ${url}: ${res.status} carries the ${what}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is staff again once the mandate is off', async () => {
    await saveSettings({ twoFactorRequiredForAdmins: false });
    try {
      expect((await heldBack.get(`/api/orders/${ids.order}`)).status).toBe(200);
      expect((await heldBack.get('/api/admin/orders')).status).toBe(200);
    } finally {
      await saveSettings({ twoFactorRequiredForAdmins: true });
    }
  });
});
