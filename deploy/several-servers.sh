#!/usr/bin/env bash
# Several servers, exercised: PostgreSQL (started if it is not running), a new database, two
# instances on it with the same APP_KEYS and DATABASE_URL, HAProxy in front (deploy/haproxy.cfg),
# then guest checkouts and a price change through the balancer, checking that both instances
# serve what was just written; everything it started is stopped at the end.
#   PG_URL          PostgreSQL server without a database (postgres://postgres:postgres@127.0.0.1:5432)
#   PORT_A, PORT_B  the instances' ports (3101, 3102); BALANCER_PORT (8180)
set -euo pipefail
cd "$(dirname "$0")/.."
PG_URL=${PG_URL:-postgres://postgres:postgres@127.0.0.1:5432}
PORT_A=${PORT_A:-3101}
PORT_B=${PORT_B:-3102}
BALANCER_PORT=${BALANCER_PORT:-8180}
DB="vapsolo_several_$$"
WORK=$(mktemp -d)
PIDS=()
STARTED_PG=""

cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  psql "$PG_URL/postgres" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true
  if [ -n "$STARTED_PG" ]; then pg_ctlcluster "$STARTED_PG" main stop || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

wait_for() { # url, what
  for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "$2 did not answer at $1" >&2
  return 1
}

if ! pg_isready -h 127.0.0.1 -q; then
  STARTED_PG=$(ls /usr/lib/postgresql | sort -n | tail -1)
  echo "Starting PostgreSQL $STARTED_PG…"
  pg_ctlcluster "$STARTED_PG" main start
  pg_isready -h 127.0.0.1 -t 30
fi
psql "$PG_URL/postgres" -qc "create database $DB"
npm run build:server --silent
SERVER="$(realpath build/current/server/main.js)"

export DATABASE_URL="$PG_URL/$DB"
export APP_KEYS="$(node -e "console.log([1,2].map(() => require('crypto').randomBytes(32).toString('base64url')).join(','))")"
export NODE_ENV=production INSECURE_COOKIES=1 TRUST_PROXY=1 LOG_REQUESTS=0 SEED_DEMO=1 DATA_DIR="$WORK/data"
export ADMIN_EMAIL=several@vapsolo.bg ADMIN_PASSWORD="several-$(node -e "console.log(require('crypto').randomBytes(9).toString('base64url'))")"

# The first instance migrates and seeds; the second starts on the ready database.
PORT=$PORT_A node "$SERVER" >"$WORK/a.log" 2>&1 &
PIDS+=($!)
wait_for "http://127.0.0.1:$PORT_A/api/health" "instance A" || { cat "$WORK/a.log"; exit 1; }
PORT=$PORT_B node "$SERVER" >"$WORK/b.log" 2>&1 &
PIDS+=($!)
wait_for "http://127.0.0.1:$PORT_B/api/health" "instance B" || { cat "$WORK/b.log"; exit 1; }
BALANCER_BIND="127.0.0.1:$BALANCER_PORT" INSTANCE_A="127.0.0.1:$PORT_A" INSTANCE_B="127.0.0.1:$PORT_B" \
  haproxy -db -f deploy/haproxy.cfg >"$WORK/haproxy.log" 2>&1 &
PIDS+=($!)
wait_for "http://127.0.0.1:$BALANCER_PORT/api/health" "HAProxy" || { cat "$WORK/haproxy.log"; exit 1; }
echo "Two instances (:$PORT_A, :$PORT_B) on $DB behind HAProxy (:$BALANCER_PORT)."

BALANCER="http://127.0.0.1:$BALANCER_PORT" A="http://127.0.0.1:$PORT_A" B="http://127.0.0.1:$PORT_B" node --input-type=module <<'JS'
const { BALANCER, A, B, ADMIN_EMAIL, ADMIN_PASSWORD } = process.env;
const fail = (why) => { console.error('FAILED:', why); process.exit(1); };

/** A browser: cookies kept, the CSRF token sent on writes. */
function browser(base) {
  const jar = new Map();
  let csrf = '';
  async function call(method, path, body) {
    const headers = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
  return {
    call,
    async csrf() { csrf = (await call('GET', '/api/csrf-token')).body.csrfToken; },
  };
}

/** Ask an instance directly until `done` holds (up to 1 s); answers the product and the wait. */
async function seenOn(base, slug, done) {
  const started = Date.now();
  for (;;) {
    const product = (await (await fetch(`${base}/api/products/${slug}`)).json()).product;
    if (done(product) || Date.now() - started > 1000) return { product, ms: Date.now() - started };
    await new Promise((r) => setTimeout(r, 10));
  }
}

const list = (await (await fetch(`${BALANCER}/api/products?limit=50`)).json()).products;
const target = list.find((p) => p.variants.some((v) => v.stock >= 10));
if (!target) fail('no product with stock in the demo catalogue');
const variant = target.variants.find((v) => v.stock >= 10);
// Both instances now keep the product's answer in memory.
for (const base of [A, B]) await seenOn(base, target.slug, () => true);

const ORDERS = 6;
for (let i = 0; i < ORDERS; i++) {
  const guest = browser(BALANCER);
  await guest.csrf(); // round robin: the session is made on one instance, the order sent to the other
  const placed = await guest.call('POST', '/api/orders/create', {
    items: [{ productId: target.id, variantId: variant.id, quantity: 1 }],
    customer: { firstName: 'Мария', lastName: 'Иванова', email: `several${i}@example.bg`, phone: '+359 88 123 4567' },
    shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис Еконт Витоша' },
    paymentMethod: 'cod', ageConfirmed: true, termsAccepted: true,
  });
  if (placed.status !== 201) fail(`guest checkout ${i + 1}: ${placed.status} ${JSON.stringify(placed.body)}`);
  const again = await guest.call('GET', `/api/orders/${placed.body.order.id}`);
  if (again.status !== 200) fail(`guest order ${placed.body.order.number} not visible to its buyer: ${again.status}`);
  console.log(`guest checkout ${i + 1}: order ${placed.body.order.number}, total ${placed.body.order.total}`);
}
for (const [name, base] of [['A', A], ['B', B]]) {
  const { product, ms } = await seenOn(base, target.slug, (p) => p.variants.find((v) => v.id === variant.id).stock === variant.stock - ORDERS);
  const stock = product.variants.find((v) => v.id === variant.id).stock;
  if (stock !== variant.stock - ORDERS) fail(`instance ${name} shows stock ${stock}, expected ${variant.stock - ORDERS}`);
  console.log(`instance ${name} shows stock ${stock} (was ${variant.stock}) after ${ms} ms`);
}

const admin = browser(BALANCER);
await admin.csrf();
const login = await admin.call('POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
if (login.status !== 200) fail(`admin sign-in: ${login.status} ${JSON.stringify(login.body)}`);
const record = (await admin.call('GET', `/api/admin/products/${target.id}`)).body;
const newPrice = Math.round((record.price + 1.11) * 100) / 100;
const saved = await admin.call('PUT', `/api/admin/products/${target.id}`, { ...record, price: newPrice });
if (saved.status !== 200) fail(`price change: ${saved.status} ${JSON.stringify(saved.body)}`);
for (const [name, base] of [['A', A], ['B', B]]) {
  const { product, ms } = await seenOn(base, target.slug, (p) => p.price === newPrice);
  if (product.price !== newPrice) fail(`instance ${name} still shows ${product.price} a second after the change to ${newPrice}`);
  console.log(`instance ${name} shows the new price ${newPrice} (was ${record.price}) after ${ms} ms`);
}
console.log('Several servers: every check passed.');

// Figures (MEASURE_SECONDS=0 skips them): the same load on one instance and on the balancer in
// front of both, side by side. One machine runs the database, both instances and the load, so
// the two columns compare, they do not predict a real pair of servers.
const seconds = Number(process.env.MEASURE_SECONDS ?? 5);
if (seconds > 0) {
  const { default: autocannon } = await import('autocannon');
  const session = await (async () => {
    // The cookie and token of one guest session, as the bench's checkout uses them.
    const res = await fetch(`${BALANCER}/api/csrf-token`);
    return { cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), token: (await res.json()).csrfToken };
  })();
  const order = JSON.stringify({
    items: [{ productId: target.id, variantId: variant.id, quantity: 1 }],
    customer: { firstName: 'Мария', lastName: 'Иванова', email: 'several.load@example.bg', phone: '+359 88 123 4567' },
    shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис Еконт Витоша' },
    paymentMethod: 'cod', ageConfirmed: true, termsAccepted: true,
  });
  // Enough stock for every order of the run.
  await admin.call('PUT', `/api/admin/products/${target.id}`, { ...record, price: newPrice, variants: record.variants.map((v) => ({ ...v, stock: v.id === variant.id ? 1_000_000 : v.stock })) });
  // Every load order comes from one address, phone and e-mail: the guest-order limits set high
  // through Settings, as the bench does (bench/NOTES.md).
  const high = 1_000_000;
  await admin.call('PUT', '/api/admin/settings', { guestOrders: { perAddressSoft: high, perAddressHard: high, perPhoneSoft: high, perPhoneHard: high, perEmailSoft: high, perEmailHard: high } });
  const scenarios = [
    ['product list, page 1', (base) => ({ url: `${base}/api/products?page=1&limit=10` })],
    ['one product by slug', (base) => ({ url: `${base}/api/products/${target.slug}` })],
    ['guest checkout', (base) => ({ url: `${base}/api/orders/create`, method: 'POST', body: order, headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.token } })],
  ];
  const rows = [];
  for (const [name, opts] of scenarios) {
    const figures = [];
    for (const base of [A, BALANCER]) {
      await autocannon({ connections: 10, duration: 1, ...opts(base) });
      const r = await autocannon({ connections: 10, duration: seconds, ...opts(base) });
      figures.push(`${Math.round(r.requests.average)}/s (p50 ${r.latency.p50} ms, non-2xx ${r.non2xx})`);
    }
    rows.push(`| ${name} | ${figures[0]} | ${figures[1]} |`);
  }
  console.log(['', '| scenario | one instance | two instances behind HAProxy |', '|---|---|---|', ...rows].join('\n'));
}
JS
