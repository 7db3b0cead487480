// A shopper through the TLS proxy: registers, signs in, adds to the cart and orders.
// node deploy/smoke-test.mjs https://127.0.0.1:8443   (NODE_EXTRA_CA_CERTS=<the proxy's certificate>)
// Exits 0 when every step answered as a shopper expects; prints each step.
const base = process.argv[2];
if (!base) {
  console.error('Usage: node deploy/smoke-test.mjs <https base URL>');
  process.exit(2);
}

const jar = new Map();
let csrf = '';

async function call(method, path, body, headers = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  for (const c of res.headers.getSetCookie()) {
    if (!/;\s*secure/i.test(c)) throw new Error(`${path}: cookie without Secure over HTTPS: ${c.split(';')[0].split('=')[0]}`);
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

function expect(step, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${step}${detail ? ` — ${detail}` : ''}`);
  if (!ok) process.exitCode = 1;
  return ok;
}

const health = await call('GET', '/api/ready');
expect('GET /api/ready', health.status === 200, health.text);

const token = await call('GET', '/api/csrf-token');
expect('GET /api/csrf-token with a Secure session cookie', token.status === 200 && jar.has('sid'), `status ${token.status}`);
csrf = token.json?.csrfToken;

const email = `smoke-${Date.now()}@example.org`;
const password = 'smoke-test-parola-2026';
const reg = await call('POST', '/api/auth/register', { email, password, firstName: 'Смоук', lastName: 'Тест', phone: '0888123456' });
expect('register a customer', reg.status === 201, `status ${reg.status} ${reg.json?.message ?? ''}`);

const login = await call('POST', '/api/auth/login', { email, password });
expect('sign in', login.status === 200, `status ${login.status} ${login.json?.message ?? ''}`);
if (login.json?.csrfToken) csrf = login.json.csrfToken;

const list = await call('GET', '/api/products?limit=50');
const product = (list.json?.products ?? []).find((p) => (p.variants ?? []).some((v) => v.stock > 0)) ?? list.json?.products?.[0];
expect('a product to buy', Boolean(product), `${list.json?.products?.length ?? 0} products`);
const full = await call('GET', `/api/products/${product?.slug ?? product?.id}`);
const variant = (full.json?.product?.variants ?? []).find((v) => v.stock > 0);
const add = await call('POST', '/api/cart/add', { productId: product?.id, variantId: variant?.id ?? null, quantity: 1 });
expect('add to the cart', add.status === 200 || add.status === 201, `status ${add.status} ${add.json?.message ?? ''}`);

const order = await call('POST', '/api/orders/create', {
  customer: { firstName: 'Смоук', lastName: 'Тест', email, phone: '0888123456' },
  shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис Еконт Витоша' },
  paymentMethod: 'cod',
  ageConfirmed: true,
  termsAccepted: true,
});
expect('place the order', order.status === 201, `status ${order.status} ${order.json?.order?.number ?? order.json?.message ?? ''}`);

const mine = await call('GET', '/api/orders');
const orders = mine.json?.orders ?? mine.json ?? [];
expect('the order is in the account', Array.isArray(orders) && orders.some((o) => o.number === order.json?.order?.number));

const page = await call('GET', '/products');
expect('a storefront page', page.status === 200 && page.text.includes('<div id="root"'), `status ${page.status}`);
const asset = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
const assetRes = asset ? await call('GET', asset) : undefined;
expect(
  'a hashed asset, cached for a year',
  assetRes?.status === 200 && /immutable/.test(assetRes.headers.get('cache-control') ?? ''),
  `${asset} ${assetRes?.headers.get('cache-control')}`,
);
const probe = await call('GET', '/wp-admin');
expect('an unknown path is 404', probe.status === 404, `status ${probe.status}`);
const metrics = await call('GET', '/metrics');
expect('/metrics is 404 while METRICS is off', metrics.status === 404, `status ${metrics.status}`);
