// npx tsx bench/catalogueWhileSelling.ts: the catalogue (list, one product) under 50 connections,
// quiet and while guest orders are placed at a steady rate (ORDERS_PER_SECOND, default 10) on a
// product of the list, each beside a Koa no-op measured in the same run. The demo catalogue, the
// built server as `npm start` runs it (run `npm run build` first); DATABASE_URL for PostgreSQL.
// A quick look for the one who changes the caches, not the bench itself (bench/run.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../backend/src/config';
import { createKnex } from '../backend/src/platform/db/knex';
import { allowBenchGuestOrders } from './largeData';
import { freePort, startBuiltShop, startNoop, waitFor } from './processes';

const SECONDS = Number(process.env.BENCH_SECONDS) || 6;
const CONNECTIONS = 50;
const ORDERS_PER_SECOND = Number(process.env.ORDERS_PER_SECOND) || 10;

async function rps(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, bad: r.errors + r.non2xx };
}

/** Guest orders at a steady rate until stopped: answers how many were placed and refused. */
function sell(base: string, item: object) {
  let stopped = false;
  const counts = { placed: 0, refused: 0 };
  const run = (async () => {
    const res = await fetch(`${base}/api/csrf-token`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = ((await res.json()) as { csrfToken: string }).csrfToken;
    const started = Date.now();
    let n = 0;
    while (!stopped) {
      const due = started + (n * 1000) / ORDERS_PER_SECOND;
      if (Date.now() < due) await new Promise((r) => setTimeout(r, due - Date.now()));
      n++;
      void fetch(`${base}/api/orders/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
        body: JSON.stringify({
          items: [item],
          customer: { firstName: 'Бенч', lastName: 'Тест', email: 'bench.guest@example.bg', phone: '0888000000' },
          shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис' },
          paymentMethod: 'cod',
          ageConfirmed: true,
          termsAccepted: true,
        }),
      }).then(
        (r) => (r.status === 201 ? counts.placed++ : counts.refused++),
        () => counts.refused++,
      );
    }
  })();
  return {
    async stop() {
      stopped = true;
      await run;
      return counts;
    },
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-selling-'));
  const dbFile = path.join(dataDir, 'shop.sqlite3');
  const server = process.env.DATABASE_URL;
  const dbName = `vapsolo_selling_${process.pid}`;
  let databaseUrl = '';
  if (server) {
    const admin = createKnex({ dbFile: ':memory:', databaseUrl: server });
    await admin.raw('create database ??', [dbName]);
    await admin.destroy();
    const url = new URL(server);
    url.pathname = '/' + dbName;
    databaseUrl = url.toString();
  }
  const env = { DATA_DIR: dataDir, DB_FILE: dbFile, DATABASE_URL: databaseUrl, SEED_DEMO: '1' };
  const [shopPort, noopPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${shopPort}`;
  const noopUrl = `http://127.0.0.1:${noopPort}/`;
  // SHOP_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: the server's profile of the run.
  const nodeArgs = (process.env.SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const shop = startBuiltShop(shopPort, env, nodeArgs);
  const noop = startNoop(noopPort);
  try {
    await waitFor(`${base}/api/health`, shop);
    await waitFor(noopUrl, noop);
    const knex = createKnex(loadConfig({ ...process.env, ...env } as NodeJS.ProcessEnv));
    await allowBenchGuestOrders(knex);
    const list = `${base}/api/products?page=1&limit=10`;
    const first = ((await (await fetch(list)).json()) as { products: Array<{ id: number; slug: string; variants: Array<{ id: number }> }> })
      .products[0];
    // Room for every order of the run, in a product the list shows.
    await knex('variants').where({ id: first.variants[0].id }).update({ stock: 1_000_000 });
    await knex.destroy();
    const item = { productId: first.id, variantId: first.variants[0].id, quantity: 1 };
    const product = `${base}/api/products/${first.slug}`;
    // The server's CPU for the orders alone (no load beside them): what selling takes from the catalogue.
    const cpu = () => {
      const f = fs.readFileSync(`/proc/${shop.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      // utime and stime, in clock ticks (100 a second): milliseconds.
      return (Number(f[11]) + Number(f[12])) * 10;
    };
    const cpuBefore = cpu();
    const alone = sell(base, item);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const soldAlone = await alone.stop();
    console.log(
      `orders alone: ${soldAlone.placed} in ${SECONDS} s, server CPU ${Math.round((cpu() - cpuBefore) / SECONDS / 10)} % of a core`,
    );
    await autocannon({ url: noopUrl, connections: CONNECTIONS, duration: 2 });
    await autocannon({ url: list, connections: CONNECTIONS, duration: 2 });
    const rows: string[] = [];
    const noopBefore = await rps(noopUrl);
    const quiet = { list: await rps(list), product: await rps(product) };
    const selling = sell(base, item);
    const busy = { list: await rps(list), product: await rps(product) };
    const sold = await selling.stop();
    const noopAfter = await rps(noopUrl);
    const noopRps = (noopBefore.rps + noopAfter.rps) / 2;
    const row = (name: string, f: { rps: number; p99: number; bad: number }) =>
      rows.push(`| ${name} | ${f.rps} | ${f.p99} | ${(f.rps / noopRps).toFixed(2)} | ${f.bad} |`);
    row('list, quiet', quiet.list);
    row('one product, quiet', quiet.product);
    row('list, while selling', busy.list);
    row('one product, while selling', busy.product);
    console.log(
      [
        `${server ? 'PostgreSQL' : 'SQLite'}; no-op ${noopBefore.rps} / ${noopAfter.rps} req/s; orders placed ${sold.placed}, refused ${sold.refused} (${ORDERS_PER_SECOND}/s asked)`,
        '| scenario | req/s | p99 ms | ratio to no-op | errors + non-2xx |',
        '|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
  } finally {
    shop.kill('SIGTERM');
    noop.kill('SIGTERM');
    if (shop.exitCode === null) await new Promise((r) => shop.once('exit', r));
    if (server) {
      const admin = createKnex({ dbFile: ':memory:', databaseUrl: server });
      await admin.raw('drop database if exists ?? with (force)', [dbName]);
      await admin.destroy();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
