// npm run bench: the shop at scale under load, each scenario beside a do-nothing Koa endpoint
// measured in the same run (the ratio is what the figures mean), the front ends' weight, the
// run's figures kept in bench/results/<database>.json and bench/RESULTS.md rendered from both
// databases' (results.ts). Nothing here is a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { loadConfig } from '../backend/src/config';
import { createKnex } from '../backend/src/platform/db/knex';
import { allowBenchGuestOrders, generateLargeData, FULL } from './largeData';
import { describeStream, guestOrderBody, mostFailed, startOrderStream, type OrderStream, type StreamCount } from './orderStream';
import {
  GROUPS,
  QUIET,
  WHILE_SELLING,
  loadAverageNow,
  machineDescription,
  saveRun,
  writeResultsFile,
  type Audit,
  type Figures,
} from './results';
import { freePort, startBuiltShop, startNoop, waitFor } from './processes';

const ROOT = path.resolve(__dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS) || 8;
const CONNECTIONS = 10;
/** The catalogue while selling: as many connections as the sale-day measurement used. */
const SELLING_CONNECTIONS = 50;
/** Guest orders a second placed beside the "while selling" scenarios. */
const ORDERS_PER_SECOND = 10;
/** The guest who buys while the catalogue is read (the no-oversell check counts their orders). */
const SELLING_EMAIL = 'bench.selling@example.bg';
const WARM_UP_SECONDS = 2;
/** BENCH_ONLY=cart: only the scenarios whose name (or group's name) contains it (several: `a|b`),
 *  beside the no-op; printed, not written. */
const ONLY = process.env.BENCH_ONLY;
const only = (...names: string[]) => !ONLY || ONLY.split('|').some((part) => names.some((name) => name.includes(part)));

function peakMemoryMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function load(name: string, opts: autocannon.Options, group?: string): Promise<Figures> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return {
    ...(group ? { group } : {}),
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** A scenario's requests/s over the no-op's: two decimals, three below 0.1 (the checkout's targets
 *  are 0.01 and 0.02 of the no-op). */
function ratioTo(noopRps: number, rps: number): number {
  const scale = rps < noopRps / 10 ? 1000 : 100;
  return Math.round((rps / noopRps) * scale) / scale;
}

/** A browser's session: its cookie and CSRF token, signed in when an account is given. */
async function session(base: string, account?: { email: string; password: string }) {
  const res = await fetch(`${base}/api/csrf-token`);
  let cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = ((await res.json()) as { csrfToken: string }).csrfToken;
  if (account) {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
      body: JSON.stringify(account),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
    // The sign-in sets the session's cookies; the CSRF cookie from before stays (a browser's jar).
    const jar = new Map(cookie.split('; ').map((c) => [c.split('=')[0], c] as const));
    for (const c of login.headers.getSetCookie()) jar.set(c.split('=')[0], c.split(';')[0]);
    cookie = [...jar.values()].join('; ');
  }
  return { cookie, token };
}

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The JS and CSS an app's index.html loads before anything else (not the lazy chunks). */
function initialWeight(app: 'storefront' | 'admin') {
  const dist = path.join(ROOT, 'build/current', app);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1].replace(/^\/(admin\/)?/, ''));
  let js = 0;
  let css = 0;
  for (const f of files) {
    const size = gzipSize(path.join(dist, f));
    if (f.endsWith('.js')) js += size;
    else css += size;
  }
  return { js: Math.round(js / 1024), css: Math.round(css / 1024) };
}

const MEMBER_EMAIL = 'klient8@example.bg';

/** A trade price list with fixed prices on a few hundred variants, each with two quantity breaks
 *  (from 10 and from 50), an approved company on it, and one generated customer as its member. */
async function makeBenchMember(knex: ReturnType<typeof createKnex>) {
  const at = new Date().toISOString();
  const [{ id: priceListId }] = await knex('priceLists')
    .insert({ name: 'Дистрибутори', discountBp: 2500, createdAt: at, updatedAt: at })
    .returning('id');
  const variants = await knex('variants').orderBy('id').limit(300).select('id');
  for (let i = 0; i < variants.length; i += 100)
    await knex('priceListPrices').insert(
      variants.slice(i, i + 100).flatMap((v: { id: number }) => [
        { priceListId, variantId: v.id, netPrice: 999, minQuantity: 1 },
        { priceListId, variantId: v.id, netPrice: 949, minQuantity: 10 },
        { priceListId, variantId: v.id, netPrice: 899, minQuantity: 50 },
      ]),
    );
  const [{ id: companyId }] = await knex('companies')
    .insert({
      name: 'Бенч Дистрибуция ЕООД',
      eik: '121212121',
      address: 'ул. Бенч 1',
      city: 'София',
      mol: 'Бенч Бенчев',
      tobaccoPermit: 'ЗАДС-1',
      contactFirstName: 'Бенч',
      contactLastName: 'Бенчев',
      contactEmail: 'bench.trade@example.bg',
      contactPhone: '0888000001',
      status: 'approved',
      priceListId,
      approvedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id');
  await knex('users').where({ email: MEMBER_EMAIL }).update({ companyId });
}

async function main() {
  if (process.argv.includes('--render')) {
    writeResultsFile();
    console.log('bench/RESULTS.md rendered from bench/results/*.json');
    return;
  }
  if (process.env.BENCH_DATABASES === 'both') return bothDatabases();
  const started = Date.now();
  const loadAtStart = loadAverageNow();
  // The front ends' weight and Lighthouse are measured on SQLite's run only (the database changes nothing there).
  const onPostgres = Boolean(process.env.DATABASE_URL);
  if (
    !onPostgres &&
    !ONLY &&
    (!fs.existsSync(path.join(ROOT, 'build/current/storefront/index.html')) ||
      !fs.existsSync(path.join(ROOT, 'build/current/admin/index.html')) ||
      process.env.BENCH_BUILD)
  ) {
    spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-bench-'));
  const dbFile = path.join(dataDir, 'shop.sqlite3');
  // With DATABASE_URL (a PostgreSQL server): a new database there for the run, dropped after.
  const pg = process.env.DATABASE_URL ? await newPostgresDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DB_FILE: dbFile,
    DATABASE_URL: pg?.url ?? '',
    SEED_DEMO: '0',
  } as NodeJS.ProcessEnv);
  const knex = createKnex(config);
  await knex.migrate.latest();
  const t0 = Date.now();
  await generateLargeData(knex, FULL, (s) => process.stdout.write(`  generated ${s}\n`));
  const generateSeconds = (Date.now() - t0) / 1000;
  // PostgreSQL plans from its statistics, which a bulk load leaves empty until autovacuum comes
  // round: gathered now, as after any bulk load (a shop's data grows slowly and has them).
  if (pg) await knex.raw('analyze');
  // A variant with room for every checkout of the run, to prove there is no oversell.
  const target = await knex('variants')
    .join('products', 'products.id', 'variants.productId')
    .where('products.status', 'active')
    .first('variants.id', 'variants.productId');
  const STOCK = 1_000_000;
  await knex('variants').where({ id: target.id }).update({ stock: STOCK });
  // The variant the orders "while selling" buy must be on page 1 of the list, whose rules (what a
  // guest may see, cheapest first) are the server's: the first variant of each of the 50 cheapest
  // products gets room for every order of the run, and the sold one is picked from page 1 as the
  // server answers it, of another product than the checkout's.
  const cheapest: Array<{ productId: number; id: number }> = await knex('variants')
    .whereIn(
      'id',
      knex('variants')
        .min('id')
        .whereIn('productId', knex('products').where({ status: 'active' }).orderBy('price').orderBy('id').limit(50).select('id'))
        .groupBy('productId'),
    )
    .select('productId', 'id');
  await knex('variants')
    .whereIn(
      'id',
      cheapest.map((v) => v.id),
    )
    .update({ stock: STOCK });
  // One address, phone and e-mail for every virtual client: the guest-order limits set high (NOTES.md).
  await allowBenchGuestOrders(knex);
  await makeBenchMember(knex);
  await knex.destroy();

  const [shopPort, noopPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${shopPort}`;
  const noopUrl = `http://127.0.0.1:${noopPort}/`;
  // The server as `npm start` runs it: the built bundle.
  spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  const shop = startBuiltShop(shopPort, {
    DATA_DIR: dataDir,
    DB_FILE: dbFile,
    DATABASE_URL: pg?.url ?? '',
    SEED_DEMO: '0',
    ADMIN_EMAIL: 'bench@vapsolo.bg',
    ADMIN_PASSWORD: 'bench-admin-1',
  });
  const noop = startNoop(noopPort);
  const results: Figures[] = [];
  try {
    await waitFor(`${base}/api/health`, shop);
    await waitFor(noopUrl, noop);
    const first = (await (await fetch(`${base}/api/products?limit=1`)).json()) as { products: Array<{ slug: string }> };
    const slug = first.products[0].slug;
    const listed = (await (await fetch(`${base}/api/products?page=1&limit=10`)).json()) as {
      products: Array<{ id: number; slug: string }>;
    };
    const soldProduct = listed.products.find((p) => p.id !== target.productId && cheapest.some((v) => v.productId === p.id));
    if (!soldProduct) throw new Error('no product on page 1 of the list has a variant stocked for the orders while selling');
    const soldVariant = cheapest.find((v) => v.productId === soldProduct.id)!;
    const customer = await session(base, { email: 'klient7@example.bg', password: 'bench-parola-1' });
    // A member of an approved trade company: their browser carries the hint cookie, so the
    // guests' early cache lets their requests through to session, auth and the routes.
    const member = await session(base, { email: MEMBER_EMAIL, password: 'bench-parola-1' });
    const memberCookie = `${member.cookie}; vs_trade=1`;
    const memberCheck = (await (await fetch(`${base}/api/products?page=1&limit=10`, { headers: { cookie: memberCookie } })).json()) as {
      products: Array<{ tradePrice?: number }>;
    };
    if (typeof memberCheck.products[0]?.tradePrice !== 'number') throw new Error('the bench member gets no trade prices');
    const admin = await session(base, { email: 'bench@vapsolo.bg', password: 'bench-admin-1' });
    // The cart's scenario measures adds that succeed: one first, or the run stops with the reason.
    const added = await fetch(`${base}/api/cart/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: customer.cookie, 'x-csrf-token': customer.token },
      body: JSON.stringify({ productId: target.productId, variantId: target.id, quantity: 1 }),
    });
    if (!added.ok) throw new Error(`the bench customer cannot add to the cart: ${added.status} ${await added.text()}`);
    await fetch(`${base}/api/cart`, { method: 'DELETE', headers: { cookie: customer.cookie, 'x-csrf-token': customer.token } });
    const guest = await session(base);
    // The guest who buys while the catalogue is read: one order first, or the run stops with the reason.
    const seller = await session(base);
    const sellingOrder = guestOrderBody({ productId: soldVariant.productId, variantId: soldVariant.id }, SELLING_EMAIL);
    const firstSale = await fetch(`${base}/api/orders/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: seller.cookie, 'x-csrf-token': seller.token },
      body: sellingOrder,
    });
    if (firstSale.status !== 201) throw new Error(`the bench guest cannot order: ${firstSale.status} ${await firstSale.text()}`);
    const json = (s: { cookie: string; token: string }) => ({
      'content-type': 'application/json',
      cookie: s.cookie,
      'x-csrf-token': s.token,
    });

    // Warm up the no-op (JIT) before measuring it.
    await autocannon({ url: noopUrl, connections: CONNECTIONS, duration: WARM_UP_SECONDS });

    const noopBefore = await load('Koa no-op', { url: noopUrl });
    let uncachedSerial = 0;
    const scenarios: Array<[string, string, autocannon.Options]> = [
      [GROUPS.catalogue, 'product list, page 1', { url: `${base}/api/products?page=1&limit=10` }],
      // The same page for a member of a trade company: session, sign-in, their company's terms, then
      // the answer kept for their price list (never per person; catalogue/tradePrices).
      [
        GROUPS.catalogue,
        'member (trade) product list, page 1',
        { url: `${base}/api/products?page=1&limit=10`, headers: { cookie: memberCookie } },
      ],
      // The first request of page 1 after a catalogue write (nothing kept): every request has an
      // address of its own (a parameter the list ignores), so the answer cache never has it. One
      // connection: its p50 is one request's time, not a queue's. Target on PostgreSQL: ≤ 10 ms.
      [
        GROUPS.catalogue,
        'product list, page 1, first (uncached) request, 1 connection',
        {
          url: base,
          connections: 1,
          requests: [
            { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/products?page=1&limit=10&uncached=${++uncachedSerial}` }) },
          ],
        },
      ],
      [
        GROUPS.catalogue,
        'filtered, searched, sorted, page 40',
        {
          url: `${base}/api/products?page=40&limit=10&search=${encodeURIComponent('ягода')}&category=twins&sort=-price&minPrice=10&maxPrice=50`,
        },
      ],
      [GROUPS.catalogue, 'one product by slug', { url: `${base}/api/products/${slug}` }],
      [GROUPS.catalogue, 'categories', { url: `${base}/api/categories` }],
      // A whole page as a browser or crawler gets it: rendered on the server, kept, brotli.
      [
        GROUPS.catalogue,
        'rendered product page (HTML, brotli)',
        { url: `${base}/products/${slug}`, headers: { 'accept-encoding': 'br, gzip' } },
      ],
      [
        GROUPS.catalogue,
        'rendered shop page, filtered (HTML, brotli)',
        { url: `${base}/products?category=twins&sort=-price&page=3`, headers: { 'accept-encoding': 'br, gzip' } },
      ],
      // The catalogue while the shop sells: page 1 of the list and the product being sold under
      // 50 connections, first with nothing else happening, then while one guest session orders
      // that product's variant ~10 times a second (each order a stock move of a product on page 1).
      ...[QUIET, WHILE_SELLING].flatMap((phase) =>
        (
          [
            ['product list, page 1', { url: `${base}/api/products?page=1&limit=10` }],
            ['the sold product by slug', { url: `${base}/api/products/${soldProduct.slug}` }],
          ] as const
        ).map(([what, opts]): [string, string, autocannon.Options] => [
          GROUPS.selling,
          what + phase,
          { connections: SELLING_CONNECTIONS, ...opts },
        ]),
      ),
      // Not a target: what any signed-in call costs before it does anything (session, sign-in, CSRF, routing).
      [
        GROUPS.signedIn,
        'signed-in call that does nothing (CSRF token)',
        { url: `${base}/api/csrf-token`, headers: { cookie: customer.cookie } },
      ],
      // The storefront's sequence: each cart action is one request whose answer is the whole
      // cart (no read after it); the cart is read only when the shopper opens another page.
      [
        GROUPS.signedIn,
        'cart: add, then clear (signed in; each answer is the cart)',
        {
          url: base,
          requests: [
            {
              method: 'POST',
              path: '/api/cart/add',
              headers: json(customer),
              body: JSON.stringify({ productId: target.productId, variantId: target.id, quantity: 1 }),
            },
            { method: 'DELETE', path: '/api/cart', headers: json(customer) },
          ],
        },
      ],
      [
        GROUPS.checkout,
        'guest checkout, cash on delivery',
        {
          url: `${base}/api/orders/create`,
          method: 'POST',
          headers: json(guest),
          body: JSON.stringify({
            items: [{ productId: target.productId, variantId: target.id, quantity: 1 }],
            customer: { firstName: 'Бенч', lastName: 'Тест', email: 'bench.guest@example.bg', phone: '0888000000' },
            shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис' },
            paymentMethod: 'cod',
            ageConfirmed: true,
            termsAccepted: true,
          }),
        },
      ],
      [
        // The storefront sends one key per checkout attempt: the key's claim and its stored answer.
        GROUPS.checkout,
        'keyed checkout, guest (Idempotency-Key, a new key each)',
        {
          url: base,
          requests: [
            {
              method: 'POST',
              path: '/api/orders/create',
              headers: json(guest),
              body: JSON.stringify({
                items: [{ productId: target.productId, variantId: target.id, quantity: 1 }],
                customer: { firstName: 'Бенч', lastName: 'Тест', email: 'bench.guest@example.bg', phone: '0888000000' },
                shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис' },
                paymentMethod: 'cod',
                ageConfirmed: true,
                termsAccepted: true,
              }),
              setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }),
            },
          ],
        },
      ],
      [
        GROUPS.admin,
        'admin orders (plain list), searched + sorted',
        {
          url: `${base}/api/admin/orders?page=20&limit=20&searchTerm=${encodeURIComponent('иванова')}&sortBy=total`,
          headers: { cookie: admin.cookie },
        },
      ],
      [
        GROUPS.admin,
        'admin orders (react-admin), filtered + sorted',
        {
          url: `${base}/api/admin/orders?sort=${encodeURIComponent('["total","DESC"]')}&range=${encodeURIComponent('[500,524]')}&filter=${encodeURIComponent('{"status":"delivered","q":"klient1"}')}`,
          headers: { cookie: admin.cookie },
        },
      ],
    ];
    for (const [group, name, opts] of scenarios.filter(([group, name]) => only(group, name))) {
      process.stdout.write(`  ${name}…\n`);
      // The orders start before the warm-up, so the measured seconds see a steady stream.
      const stream: OrderStream | undefined = name.endsWith(WHILE_SELLING)
        ? startOrderStream({ base, session: seller, body: sellingOrder, perSecond: ORDERS_PER_SECOND })
        : undefined;
      let figures: Figures;
      let count: StreamCount | undefined;
      try {
        // Each scenario's code warmed up (JIT, caches) before it is measured, as the catalogue's is.
        await autocannon({ connections: CONNECTIONS, ...opts, duration: WARM_UP_SECONDS });
        figures = await load(name, opts, group);
      } finally {
        count = await stream?.stop();
      }
      if (count) {
        process.stdout.write(`    ${describeStream(count)}\n`);
        if (mostFailed(count))
          throw new Error(
            `"${name}": most of the orders placed meanwhile failed (${describeStream(count)}); the first: ${count.firstRefusal}`,
          );
        figures.note = describeStream(count);
      }
      results.push(figures);
    }
    const noopAfter = await load('Koa no-op', { url: noopUrl });
    const noopRps = Math.round((noopBefore.rps + noopAfter.rps) / 2);
    for (const r of results) r.ratio = ratioTo(noopRps, r.rps);
    results.unshift({ ...noopBefore, rps: noopRps, ratio: 1, note: `before ${noopBefore.rps}, after ${noopAfter.rps}` });

    if (ONLY) {
      // One scenario beside the no-op: printed, RESULTS.md left as it is.
      console.log('\n' + table(results));
      return;
    }
    // No oversell: what the checkouts took plus what is left is what there was.
    const check = createKnex(config);
    const [{ sold }] = await check('orderItems')
      .join('orders', 'orders.id', 'orderItems.orderId')
      .where('orderItems.variantId', target.id)
      .where('orders.customerEmail', 'bench.guest@example.bg')
      .sum({ sold: 'orderItems.quantity' });
    const { stock } = await check('variants').where({ id: target.id }).first('stock');
    const oversell = Number(stock) + Number(sold) !== STOCK || Number(stock) < 0;
    const checkout = results.find((r) => r.name.startsWith('guest checkout'))!;
    checkout.note = `${sold} orders placed, stock ${stock}; ${oversell ? 'OVERSOLD' : 'no oversell'}`;
    // The same for the variant sold while the catalogue was read.
    const [{ soldMeanwhile }] = await check('orderItems')
      .join('orders', 'orders.id', 'orderItems.orderId')
      .where('orderItems.variantId', soldVariant.id)
      .where('orders.customerEmail', SELLING_EMAIL)
      .sum({ soldMeanwhile: 'orderItems.quantity' });
    const { stock: left } = await check('variants').where({ id: soldVariant.id }).first('stock');
    const lastSelling = results.filter((r) => r.name.endsWith(WHILE_SELLING)).pop()!;
    lastSelling.note += `; the sold variant: ${soldMeanwhile} units sold in the run, stock ${left}, ${Number(left) + Number(soldMeanwhile) === STOCK && Number(left) >= 0 ? 'no oversell' : 'OVERSOLD'}`;
    await check.destroy();
    const memory = peakMemoryMb(shop.pid!);
    const frontEnds = pg
      ? undefined
      : {
          weight: { storefront: initialWeight('storefront'), admin: initialWeight('admin') },
          audits: await lighthouseScores(base, ['/', '/products', `/products/${slug}`]),
        };
    const [noopRow, ...rows] = results;
    saveRun({
      database: pg ? 'postgres' : 'sqlite',
      measuredAt: new Date().toISOString(),
      machine: machineDescription(),
      loadAverage: { start: loadAtStart, end: loadAverageNow() },
      data:
        `${FULL.products} products, ${FULL.products * FULL.variantsPerProduct} variants, ${FULL.customers} customers, ${FULL.orders} orders (generated in ${generateSeconds.toFixed(1)} s)` +
        (pg ? "; the server's default settings, the caches' LISTEN/NOTIFY broadcast on" : '; one Node process'),
      connections: CONNECTIONS,
      secondsPerScenario: DURATION,
      generateSeconds: Math.round(generateSeconds * 10) / 10,
      totalSeconds: Math.round((Date.now() - started) / 1000),
      memoryMb: memory,
      noop: noopRow,
      rows,
      ...(frontEnds ? { frontEnds } : {}),
    });
    writeResultsFile();
    console.log('\n' + table(results) + '\n\nKept in bench/results/; bench/RESULTS.md rendered from both databases.');
  } finally {
    shop.kill('SIGTERM');
    noop.kill('SIGTERM');
    if (pg) {
      await new Promise((r) => shop.once('exit', r));
      await pg.drop();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lighthouse (mobile, its default throttling) in Debian's Chromium, one page after another. */
async function lighthouseScores(base: string, pages: string[]): Promise<Audit[]> {
  const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) return [];
  // ES modules only: loaded at run time.
  const load = new Function('m', 'return import(m)') as (m: string) => Promise<any>;
  const { default: lighthouse } = await load('lighthouse');
  const chromeLauncher = await load('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const out: Audit[] = [];
  try {
    for (const page of pages) {
      process.stdout.write(`  lighthouse ${page}…\n`);
      const { lhr } = await lighthouse(base + page, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
      });
      const a = lhr.audits;
      out.push({
        page,
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        seo: Math.round(lhr.categories.seo.score * 100),
        lcp: a['largest-contentful-paint'].displayValue,
        cls: a['cumulative-layout-shift'].displayValue,
        tbt: a['total-blocking-time'].displayValue,
      });
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

/** A run's figures as the console shows them. */
function table(results: Figures[]): string {
  return [
    `${databaseLabel()}, ${DURATION} s per scenario:`,
    '',
    '| scenario | requests/s | p50 ms | p99 ms | ratio to no-op | errors + non-2xx | note |',
    '|---|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ratio ?? ''} | ${r.errors + r.non2xx} | ${r.note ?? ''} |`),
  ].join('\n');
}

const databaseLabel = () => (process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite');

/** BENCH_DATABASES=both: SQLite's run, then PostgreSQL's (DATABASE_URL or TEST_DATABASE_URL names
 *  the server), each in its own process as if run alone; RESULTS.md then has both fresh columns. */
async function bothDatabases() {
  const server = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!server)
    throw new Error(
      'BENCH_DATABASES=both needs a PostgreSQL server: DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)',
    );
  for (const databaseUrl of ['', server]) {
    const env = { ...process.env, BENCH_DATABASES: '', DATABASE_URL: databaseUrl };
    const run = spawnSync(process.execPath, ['--import', 'tsx', __filename], { cwd: ROOT, stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`the ${databaseUrl ? 'PostgreSQL' : 'SQLite'} run failed (exit ${run.status})`);
  }
}

/** A new database on this PostgreSQL server (its URL names any database, e.g. /postgres). */
async function newPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vapsolo_bench_${process.pid}`;
  const admin = createKnex({ dbFile: ':memory:', databaseUrl: serverUrl });
  await admin.raw('create database ??', [name]);
  await admin.destroy();
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  return {
    url: url.toString(),
    async drop() {
      const again = createKnex({ dbFile: ':memory:', databaseUrl: serverUrl });
      await again.raw('drop database if exists ?? with (force)', [name]);
      await again.destroy();
    },
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
