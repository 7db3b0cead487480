// Crash safety: the server is killed (SIGKILL) in the middle of a burst of checkouts and started
// again on the same database. Every order that was answered 201 is there, the stock adds up with
// what was sold, and SQLite's integrity check passes.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import net from 'node:net';
import { spawn, ChildProcess } from 'node:child_process';
import knexFactory from 'knex';
import Database from 'better-sqlite3';
import { TEST_GUEST_ORDER_LIMITS } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-crash-'));
const dbFile = path.join(dataDir, 'shop.sqlite3');
let port = 0;
let server: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
}

async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'backend/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DB_FILE: dbFile,
      SEED_DEMO: '1',
      LOG_REQUESTS: '0',
      ADMIN_EMAIL: 'admin@vapsolo.bg',
      ADMIN_PASSWORD: 'crash-admin-1',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** A guest browser: its session cookie and CSRF token. */
async function guest(): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/csrf-token`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, token: ((await res.json()) as { csrfToken: string }).csrfToken };
}

/** Staff signed in on the running server: the session's cookies and CSRF token. */
async function adminSession(): Promise<{ cookie: string; token: string }> {
  const b = await guest();
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': b.token, cookie: b.cookie },
    body: JSON.stringify({ email: 'admin@vapsolo.bg', password: 'crash-admin-1' }),
  });
  // The sign-in renews the session's cookies: the new ones replace the old of the same name.
  const jar = new Map(
    [...b.cookie.split('; '), ...login.headers.getSetCookie().map((c) => c.split(';')[0])].map(
      (c) => [c.slice(0, c.indexOf('=')), c] as const,
    ),
  );
  const cookie = [...jar.values()].join('; ');
  const token = ((await login.json()) as { csrfToken?: string }).csrfToken ?? b.token;
  if (login.status !== 200) throw new Error(`sign-in: ${login.status}`);
  return { cookie, token };
}

async function adminPut(session: { cookie: string; token: string }, url: string, body: object): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-csrf-token': session.token, cookie: session.cookie },
    body: JSON.stringify(body),
  });
}

/** Every checkout here comes from one address and phone: the guest-order limits set high through
 *  the admin's settings (they are the shop's own, kept in the database across the restart). */
async function allowGuestOrders(): Promise<void> {
  const put = await adminPut(await adminSession(), '/api/admin/settings', { guestOrders: TEST_GUEST_ORDER_LIMITS });
  if (put.status !== 200) throw new Error(`guest-order limits: ${put.status} ${await put.text()}`);
}

beforeAll(async () => {
  port = await freePort();
}, 30_000);
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('keeps every answered order and consistent stock across a SIGKILL during checkouts', async () => {
  server = await start();
  await allowGuestOrders();
  const { product } = (await (await fetch(`http://127.0.0.1:${port}/api/products/usb-c-kabel-za-zarezhdane`)).json()) as { product: any };
  const variant = product.variants[0];
  const stockBefore: number = variant.stock;
  const buyers = await Promise.all(Array.from({ length: 40 }, () => guest()));
  const answered: string[] = [];
  let settled = 0;
  const body = (i: number) =>
    JSON.stringify({
      items: [{ productId: product.id, variantId: variant.id, quantity: 1 }],
      customer: { firstName: 'Краш', lastName: `Тест${i}`, email: `crash${i}@example.bg`, phone: '0888000000' },
      shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис' },
      paymentMethod: 'cod',
      ageConfirmed: true,
      termsAccepted: true,
    });
  const killed = new Promise<void>((resolve) => {
    const burst = buyers.map((b, i) =>
      fetch(`http://127.0.0.1:${port}/api/orders/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': b.token, cookie: b.cookie },
        body: body(i),
      })
        .then(async (res) => {
          if (res.status === 201) answered.push(((await res.json()) as { order: { number: string } }).order.number);
        })
        .catch(() => undefined)
        .finally(() => {
          settled++;
          // Kill it with requests still in flight.
          if (settled === 12) {
            server!.kill('SIGKILL');
            resolve();
          }
        }),
    );
    void Promise.all(burst).then(() => resolve());
  });
  await killed;
  await new Promise((r) => (server!.exitCode !== null || server!.signalCode ? r(null) : server!.once('exit', r)));
  expect(answered.length).toBeGreaterThanOrEqual(1);

  server = await start();
  const db = knexFactory({ client: 'better-sqlite3', connection: { filename: dbFile, readonly: true } as any, useNullAsDefault: true });
  try {
    const numbers = (await db('orders').whereIn('number', answered).select('number')).map((r) => r.number);
    expect(numbers.sort()).toEqual([...answered].sort());
    const [{ sold }] = await db('order_items')
      .join('orders', 'orders.id', 'order_items.order_id')
      .where('order_items.variant_id', variant.id)
      .where('orders.customer_first_name', 'Краш')
      .sum({ sold: 'order_items.quantity' });
    const { stock } = await db('variants').where({ id: variant.id }).first('stock');
    expect(Number(stock) + Number(sold ?? 0)).toBe(stockBefore);
    const [check] = await db.raw('pragma integrity_check');
    expect(check.integrity_check).toBe('ok');
  } finally {
    await db.destroy();
  }
  // Each answered order's confirmation goes out once: the one owed when the process died is sent
  // after the restart, none twice.
  const confirmations = () => {
    const subjects = fs.readdirSync(path.join(dataDir, 'outbox')).map((f) => {
      const line = /^Subject: ([^\r\n]*)/m.exec(fs.readFileSync(path.join(dataDir, 'outbox', f), 'utf8'))?.[1] ?? '';
      const encoded = /^=\?UTF-8\?B\?(.*)\?=$/.exec(line.trim());
      return encoded ? Buffer.from(encoded[1], 'base64').toString('utf8') : line;
    });
    return answered.map((n) => subjects.filter((s) => s === `Поръчка ${n} е приета`).length);
  };
  for (let i = 0; i < 300 && confirmations().some((n) => n === 0); i++) await new Promise((r) => setTimeout(r, 100));
  expect(confirmations()).toEqual(answered.map(() => 1));
  // The restarted shop takes orders again.
  const b = await guest();
  const again = await fetch(`http://127.0.0.1:${port}/api/orders/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': b.token, cookie: b.cookie },
    body: body(99),
  });
  expect(again.status).toBe(201);
}, 90_000);

it('issues exactly one invoice for every order paid before a SIGKILL, once the shop is started again', async () => {
  if (!server || server.exitCode !== null || server.signalCode) server = await start();
  await allowGuestOrders();
  const staff = await adminSession();
  const settings = await adminPut(staff, '/api/admin/settings', {
    legal: { companyName: 'ВАП СОЛО 2 ЕООД', eik: '121396123', vatNumber: 'BG121396123' },
    invoices: { autoIssueOnPayment: true },
  });
  expect(settings.status).toBe(200);
  const { product } = (await (await fetch(`http://127.0.0.1:${port}/api/products/usb-c-kabel-za-zarezhdane`)).json()) as { product: any };
  const invoice = {
    companyName: 'Клиент Трейд ООД',
    eik: '130175000',
    vatNumber: 'BG130175000',
    mol: 'Петър Петров',
    address: 'гр. Пловдив, ул. „Тракия“ 5',
  };
  const orderIds: number[] = [];
  for (let i = 0; i < 24; i++) {
    const b = await guest();
    const res = await fetch(`http://127.0.0.1:${port}/api/orders/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': b.token, cookie: b.cookie },
      body: JSON.stringify({
        items: [{ productId: product.id, variantId: product.variants[0].id, quantity: 1 }],
        customer: { firstName: 'Фактура', lastName: `Тест${i}`, email: `invoice${i}@example.bg`, phone: '0888000000' },
        shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис' },
        paymentMethod: 'cod',
        ageConfirmed: true,
        termsAccepted: true,
        invoice,
      }),
    });
    expect(res.status).toBe(201);
    orderIds.push(((await res.json()) as { order: { id: number } }).order.id);
  }
  // Staff record every payment at once; the process is killed right after the third payment's
  // commit, as seen from the database itself (before or as its answer goes out).
  const watch = new Database(dbFile, { readonly: true });
  const paidNow = watch.prepare(`select count(*) as n from orders where payment_status = 'paid' and id in (${orderIds.join(',')})`);
  const payments = orderIds.map((id) => adminPut(staff, `/api/admin/orders/${id}`, { paymentStatus: 'paid' }).catch(() => undefined));
  let all = false;
  void Promise.all(payments).then(() => (all = true));
  while (!all && (paidNow.get() as { n: number }).n < 3) await new Promise((r) => setImmediate(r));
  server!.kill('SIGKILL');
  watch.close();
  await new Promise((r) => (server!.exitCode !== null || server!.signalCode ? r(null) : server!.once('exit', r)));
  await Promise.all(payments);

  server = await start();
  const db = knexFactory({ client: 'better-sqlite3', connection: { filename: dbFile, readonly: true } as any, useNullAsDefault: true });
  try {
    const paid = (await db('orders').whereIn('id', orderIds).where({ payment_status: 'paid' }).select('id')).map((r) => r.id);
    expect(paid.length).toBeGreaterThanOrEqual(3);
    const invoiced = async () =>
      (await db('invoices')
        .whereIn('order_id', paid)
        .where({ kind: 'invoice' })
        .groupBy('order_id')
        .select('order_id')
        .count({ n: '*' })) as Array<{
        order_id: number;
        n: number;
      }>;
    // The restarted shop takes up what the killed one owed: wait until it is done (or the test's limit).
    let counts = await invoiced();
    for (let i = 0; i < 300 && counts.length < paid.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      counts = await invoiced();
    }
    expect(counts.map((c) => Number(c.order_id)).sort((a, b) => a - b)).toEqual([...paid].sort((a, b) => a - b));
    expect(counts.every((c) => Number(c.n) === 1)).toBe(true);
  } finally {
    await db.destroy();
  }
}, 120_000);
