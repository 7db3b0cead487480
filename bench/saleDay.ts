// npx tsx bench/saleDay.ts [URL]: the sale-day measurement against a shop that is already
// running (`npm start` with the demo catalogue, http://localhost:3000 unless a URL is given).
// Beside a Koa no-op it starts itself: page 1 of the product list and one product (50
// connections each), quiet, then while a guest orders a variant of that product ~10 times a
// second, then the guest checkout alone (10 connections); each as a ratio to the no-op of the same
// run. With ADMIN_EMAIL and ADMIN_PASSWORD (an administrator without a second factor) it raises
// the guest-order limits for the run (Настройки → Поръчки без регистрация: every order comes from
// one address, phone and e-mail) and the variant's stock, and sets the limits back afterwards;
// without them it says how many orders were refused. It changes the shop it measures: it places
// real orders. Nothing here is a test.
import autocannon from 'autocannon';
import { describeStream, guestOrderBody, mostFailed, startOrderStream, type GuestSession } from './orderStream';
import { freePort, startNoop } from './processes';

const BASE = (process.argv[2] || process.env.SHOP_URL || 'http://localhost:3000').replace(/\/$/, '');
const SECONDS = Number(process.env.SALE_SECONDS) || 6;
const WARM_UP_SECONDS = 2;
const CATALOGUE_CONNECTIONS = 50;
const CHECKOUT_CONNECTIONS = 10;
const ORDERS_PER_SECOND = Number(process.env.SALE_ORDERS_PER_SECOND) || 10;
/** Stock the variant is raised to when it has less (the checkout alone places a few thousand orders). */
const STOCK_FOR_THE_RUN = 100_000;
const BUYER_EMAIL = 'bench.saleday@example.bg';

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  target: string;
  note?: string;
}

/** A browser's jar: every cookie the shop set, and its CSRF token. */
class Visitor implements GuestSession {
  private jar = new Map<string, string>();
  token = '';
  get cookie() {
    return [...this.jar.values()].join('; ');
  }
  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) this.jar.set(c.split('=')[0], c.split(';')[0]);
  }
  async start() {
    const res = await fetch(`${BASE}/api/csrf-token`);
    this.keep(res);
    this.token = ((await res.json()) as { csrfToken: string }).csrfToken;
    return this;
  }
  async call(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(BASE + url, {
      method,
      headers: { 'content-type': 'application/json', cookie: this.cookie, 'x-csrf-token': this.token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the message
    }
    return { status: res.status, body: parsed };
  }
}

async function measure(name: string, opts: autocannon.Options, target: string): Promise<Row> {
  process.stdout.write(`  ${name}…\n`);
  await autocannon({ ...opts, duration: WARM_UP_SECONDS });
  const r = await autocannon({ ...opts, duration: SECONDS });
  return { name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, target };
}

/** Signed in as the administrator given, or why not. */
async function signInAdmin(): Promise<Visitor | string> {
  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (!email || !password) return 'no ADMIN_EMAIL and ADMIN_PASSWORD given';
  const admin = await new Visitor().start();
  const login = await admin.call('POST', '/api/auth/login', { email, password });
  if (login.status !== 200) return `the admin's sign-in answered ${login.status} ${JSON.stringify(login.body)}`;
  if (login.body?.twoFactorRequired) return 'the admin has a second factor (use an administrator without one)';
  return admin.start();
}

async function main() {
  const health = await fetch(`${BASE}/api/health`).catch(() => null);
  if (!health?.ok) throw new Error(`no shop answers at ${BASE} (start it with \`npm start\`, or give its URL)`);

  // The product and variant sold: on page 1 of the list (as the storefront's shop page asks for
  // it), the variant with the most stock.
  const listUrl = `${BASE}/api/products?page=1&limit=10`;
  const page = (await (await fetch(listUrl)).json()) as {
    products: Array<{ id: number; slug: string; name: string; variants: Array<{ id: number; stock: number }> }>;
  };
  const candidates = page.products.flatMap((p) => p.variants.map((v) => ({ product: p, variant: v })));
  if (!candidates.length) throw new Error('page 1 of the list is empty');
  const { product, variant } = candidates.reduce((a, b) => (b.variant.stock > a.variant.stock ? b : a));
  console.log(
    `Shop ${BASE}: sold while the catalogue is read: „${product.name}“ (${product.slug}), variant ${variant.id}, stock ${variant.stock}.`,
  );

  const admin = await signInAdmin();
  let restoreLimits: (() => Promise<void>) | undefined;
  if (typeof admin === 'string') {
    console.log(`Guest-order limits and stock left as they are (${admin}): orders past them are refused and counted below.`);
  } else {
    const settings = await admin.call('GET', '/api/admin/settings');
    const before = settings.body?.guestOrders;
    const high = 1_000_000;
    const raised = await admin.call('PUT', '/api/admin/settings', {
      guestOrders: {
        perAddressSoft: high,
        perAddressHard: high,
        perPhoneSoft: high,
        perPhoneHard: high,
        perEmailSoft: high,
        perEmailHard: high,
      },
    });
    if (raised.status !== 200) console.log(`Raising the guest-order limits failed: ${raised.status} ${JSON.stringify(raised.body)}`);
    else {
      console.log('Guest-order limits raised for the run (set back at its end).');
      restoreLimits = async () => {
        const back = await admin.call('PUT', '/api/admin/settings', { guestOrders: before });
        console.log(
          back.status === 200
            ? "Guest-order limits set back. This run's orders still count against this address, phone and e-mail for the limits' window."
            : `Setting the guest-order limits back failed: ${back.status}; set them in Настройки → Поръчки без регистрация.`,
        );
      };
    }
    if (variant.stock < STOCK_FOR_THE_RUN) {
      // A count through the inventory's write path (a product's save never writes a kept variant's stock).
      const counted = await admin.call('PUT', `/api/admin/inventory/${variant.id}`, { stock: STOCK_FOR_THE_RUN, note: 'bench/saleDay.ts' });
      console.log(
        counted.status === 200
          ? `Stock of variant ${variant.id} set to ${STOCK_FOR_THE_RUN} for the run (it stays so; a stock movement records it).`
          : `Setting the stock failed: ${counted.status} ${JSON.stringify(counted.body)}`,
      );
    }
  }

  const noopPort = await freePort();
  const noopUrl = `http://127.0.0.1:${noopPort}/`;
  const noop = startNoop(noopPort);
  const rows: Row[] = [];
  const buyer = await new Visitor().start();
  const order = guestOrderBody({ productId: product.id, variantId: variant.id }, BUYER_EMAIL);
  try {
    for (let i = 0; i < 100 && !(await fetch(noopUrl).catch(() => null)); i++) await new Promise((r) => setTimeout(r, 100));
    const catalogue = { connections: CATALOGUE_CONNECTIONS };
    const noopBefore = await measure('Koa no-op', { ...catalogue, url: noopUrl }, '');
    rows.push(await measure('product list, page 1, quiet', { ...catalogue, url: listUrl }, 'SQLite ≥ 0.5, PostgreSQL ≥ 0.4'));
    rows.push(
      await measure('one product, quiet', { ...catalogue, url: `${BASE}/api/products/${product.slug}` }, 'SQLite ≥ 0.5, PostgreSQL ≥ 0.4'),
    );

    const stream = startOrderStream({ base: BASE, session: buyer, body: order, perSecond: ORDERS_PER_SECOND });
    rows.push(await measure('product list, page 1, while selling', { ...catalogue, url: listUrl }, '≥ 0.35'));
    rows.push(await measure('one product, while selling', { ...catalogue, url: `${BASE}/api/products/${product.slug}` }, '≥ 0.35'));
    const sold = await stream.stop();
    const selling = describeStream(sold) + (sold.firstRefusal ? `; the first refusal: ${sold.firstRefusal}` : '');
    for (const r of rows.slice(2)) r.note = mostFailed(sold) ? `NOT WHILE SELLING: ${selling}` : selling;

    rows.push(
      await measure(
        'guest checkout alone',
        {
          url: `${BASE}/api/orders/create`,
          connections: CHECKOUT_CONNECTIONS,
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: buyer.cookie, 'x-csrf-token': buyer.token },
          body: order,
        },
        'SQLite ≥ 0.02, PostgreSQL ≥ 0.01',
      ),
    );
    const checkout = rows[rows.length - 1];
    if (checkout.non2xx) checkout.note = `${checkout.non2xx} answers were refusals (not 2xx): orders/s counts them too`;

    const noopAfter = await measure('Koa no-op', { ...catalogue, url: noopUrl }, '');
    const noopRps = Math.round((noopBefore.rps + noopAfter.rps) / 2);
    console.log(
      [
        '',
        `${new Date().toISOString()}, ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up; Koa no-op (${CATALOGUE_CONNECTIONS} connections) ${noopRps} requests/s (before ${noopBefore.rps}, after ${noopAfter.rps}).`,
        '',
        '| scenario | requests/s | p50 ms | p99 ms | ratio to no-op | target | errors + non-2xx | note |',
        '|---|---|---|---|---|---|---|---|',
        ...rows.map(
          (r) =>
            `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${(Math.round((r.rps / noopRps) * 1000) / 1000).toFixed(3)} | ${r.target} | ${r.errors + r.non2xx} | ${r.note ?? ''} |`,
        ),
      ].join('\n'),
    );
  } finally {
    noop.kill('SIGTERM');
    await restoreLimits?.();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
