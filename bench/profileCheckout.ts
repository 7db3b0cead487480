// npx tsx bench/profileCheckout.ts: guest checkout under load (autocannon, 10 connections) against
// the built server run with --cpu-prof, on SQLite, or on a new PostgreSQL database with
// DATABASE_URL=postgres://…/postgres (dropped after). On PostgreSQL the shop's connections are
// sampled from pg_stat_activity meanwhile: what they wait on (a row lock, with the statement that
// waits for it; the WAL's fsync; the Node process: ClientRead) is printed beside the figures. The profile goes to PROFILE_DIR
// (default: a temporary folder); open it in Chrome's DevTools. Not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { loadConfig } from '../backend/src/config';
import { createKnex } from '../backend/src/platform/db/knex';
import { allowBenchGuestOrders, generateLargeData } from './largeData';
import { cpuMs, freePort, startBuiltShop } from './processes';

const ROOT = path.resolve(__dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS) || 8;

/** What the shop's connections wait on, sampled every 100 ms: "state / wait event" → count. */
function sampleWaits(knex: Knex, database: string) {
  const counts = new Map<string, number>();
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const rows: Array<{ state: string; wait: string | null; query: string }> = (
        await knex.raw(
          "select state, wait_event_type || ':' || wait_event as wait, left(query, 60) as query from pg_stat_activity where datname = ? and application_name = 'vapsolo-shop' and state <> 'idle'",
          [database],
        )
      ).rows;
      for (const r of rows) {
        // A lock wait names the statement that waits (the order's, or another row everyone writes).
        const key = `${r.state} / ${r.wait ?? 'running'}${r.wait?.startsWith('Lock:') ? ` on ${r.query.replace(/\s+/g, ' ')}` : ''}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stopped = true;
    await done;
    return [...counts].sort((a, b) => b[1] - a[1]);
  };
}

async function backendPids(knex: Knex | undefined, database: string): Promise<number[]> {
  if (!knex) return [];
  return (await knex.raw("select pid from pg_stat_activity where datname = ? and application_name = 'vapsolo-shop'", [database])).rows.map(
    (r: { pid: number }) => r.pid,
  );
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-profile-'));
  const profileDir = process.env.PROFILE_DIR || path.join(dataDir, 'profile');
  const database = `vapsolo_profile_${process.pid}`;
  let url = '';
  if (serverUrl) {
    const admin = createKnex({ dbFile: ':memory:', databaseUrl: serverUrl });
    await admin.raw('create database ??', [database]);
    await admin.destroy();
    const u = new URL(serverUrl);
    u.pathname = '/' + database;
    url = u.toString();
  }
  const dbFile = path.join(dataDir, 'shop.sqlite3');
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DB_FILE: dbFile, DATABASE_URL: url, SEED_DEMO: '0' } as NodeJS.ProcessEnv);
  const knex = createKnex(config);
  await knex.migrate.latest();
  await generateLargeData(knex, { products: 200, variantsPerProduct: 4, customers: 100, orders: 1000 });
  const target = await knex('variants')
    .join('products', 'products.id', 'variants.productId')
    .where('products.status', 'active')
    .first('variants.id', 'variants.productId');
  await knex('variants').where({ id: target.id }).update({ stock: 1_000_000 });
  // One address, phone and e-mail for every virtual client: the guest-order limits set high (NOTES.md).
  await allowBenchGuestOrders(knex);
  await knex.destroy();

  spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shop = startBuiltShop(port, { DATA_DIR: dataDir, DB_FILE: dbFile, DATABASE_URL: url, SEED_DEMO: '0' }, [
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
  ]);
  const watcher = serverUrl ? createKnex({ dbFile: ':memory:', databaseUrl: serverUrl }) : undefined;
  try {
    for (let i = 0; ; i++) {
      try {
        await fetch(`${base}/api/health`);
        break;
      } catch {
        if (i > 600) throw new Error('the server did not answer');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const res = await fetch(`${base}/api/csrf-token`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = ((await res.json()) as { csrfToken: string }).csrfToken;
    const body = {
      items: [{ productId: target.productId, variantId: target.id, quantity: 1 }],
      customer: { firstName: 'Бенч', lastName: 'Тест', email: 'bench.guest@example.bg', phone: '0888000000' },
      shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис' },
      paymentMethod: 'cod',
      ageConfirmed: true,
      termsAccepted: true,
    };
    // PROFILE_EMAILS=each: every order to its own address, so each confirmation is within the
    // recipient's cap and is rendered and queued (one address, its +tags too: past the cap after three orders).
    let sent = 0;
    const eachEmail = process.env.PROFILE_EMAILS === 'each';
    const opts: autocannon.Options = {
      url: `${base}/api/orders/create`,
      method: 'POST',
      connections: 10,
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
      body: JSON.stringify(body),
      ...(eachEmail && {
        requests: [
          {
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              body: JSON.stringify({ ...body, customer: { ...body.customer, email: `bench.guest${++sent}@example.bg` } }),
            }),
          },
        ],
      }),
    };
    await autocannon({ ...opts, duration: 2 });
    const pids = await backendPids(watcher, database);
    const cpuBefore = { shop: cpuMs(shop.pid!), pg: pids.reduce((s, p) => s + cpuMs(p), 0) };
    const stopSampling = watcher ? sampleWaits(watcher, database) : undefined;
    const r = await autocannon({ ...opts, duration: SECONDS });
    const waits = await stopSampling?.();
    const orders = r.requests.average * SECONDS;
    const shopCpu = (cpuMs(shop.pid!) - cpuBefore.shop) / orders;
    const pgCpu = (pids.reduce((s, p) => s + cpuMs(p), 0) - cpuBefore.pg) / orders;
    console.log(
      `CPU per order (whatever the machine's load): the shop's process ${shopCpu.toFixed(2)} ms${watcher ? `, its PostgreSQL backends ${pgCpu.toFixed(2)} ms` : ''}`,
    );
    console.log(
      `guest checkout (${serverUrl ? 'PostgreSQL' : 'SQLite'}): ${Math.round(r.requests.average)} orders/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
    );
    if (waits)
      console.log("the shop's busy connections (state / wait event: samples):\n" + waits.map(([k, n]) => `  ${k}: ${n}`).join('\n'));
  } finally {
    shop.kill('SIGTERM');
    await new Promise((r) => shop.once('exit', r));
    await watcher?.raw('drop database if exists ?? with (force)', [database]);
    await watcher?.destroy();
    console.log(`CPU profile: ${profileDir}`);
    if (!process.env.PROFILE_DIR) fs.rmSync(path.join(dataDir, 'shop.sqlite3'), { force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
