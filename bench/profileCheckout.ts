// Profile one scenario of the bench with V8's CPU profiler: `npx tsx bench/profileCheckout.ts`
// (DATABASE_URL for PostgreSQL). Generates the bench's data, starts the built server with
// --cpu-prof, runs guest checkouts for BENCH_SECONDS, and prints the heaviest functions (self time).
// Not a test and not part of `npm run bench`: a tool for finding where a slow path spends its time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { loadConfig } from '../backend/src/config';
import { createKnex } from '../backend/src/platform/db/knex';
import { generateLargeData, FULL } from './largeData';

const ROOT = path.resolve(__dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-profile-'));
  const dbFile = path.join(dataDir, 'shop.sqlite3');
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DB_FILE: dbFile, SEED_DEMO: '0' } as NodeJS.ProcessEnv);
  const knex = createKnex(config);
  await knex.migrate.latest();
  await generateLargeData(knex, process.env.PROFILE_SMALL ? { ...FULL, orders: 10_000 } : FULL);
  const target = await knex('variants').join('products', 'products.id', 'variants.productId').where('products.status', 'active').first('variants.id', 'variants.productId');
  await knex('variants').where({ id: target.id }).update({ stock: 1_000_000 });
  await knex.destroy();
  if (!process.env.PROFILE_NO_BUILD) spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  const profDir = path.join(dataDir, 'profile');
  const port = 3900 + Math.floor(Math.random() * 90);
  const shop = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, fs.realpathSync(path.join(ROOT, 'build/current/server/main.js'))], {
    cwd: ROOT, stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', INSECURE_COOKIES: '1', PORT: String(port), DATA_DIR: dataDir, DB_FILE: dbFile, SEED_DEMO: '0', LOG_REQUESTS: '0', ADMIN_EMAIL: 'bench@vapsolo.bg', ADMIN_PASSWORD: 'bench-admin-1' },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try { await fetch(`${base}/api/health`); break; } catch { await new Promise((r) => setTimeout(r, 100)); }
  }
  const res = await fetch(`${base}/api/csrf-token`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const token = ((await res.json()) as { csrfToken: string }).csrfToken;
  const r = await autocannon({
    url: `${base}/api/orders/create`, method: 'POST', connections: 10, duration: SECONDS,
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
    body: JSON.stringify({
      items: [{ productId: target.productId, variantId: target.id, quantity: 1 }],
      customer: { firstName: 'Бенч', lastName: 'Тест', email: 'bench.guest@example.bg', phone: '0888000000' },
      shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис' },
      paymentMethod: 'cod', ageConfirmed: true, termsAccepted: true,
    }),
  });
  console.log(`guest checkout: ${Math.round(r.requests.average)} orders/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
  shop.kill('SIGINT');
  await new Promise((done) => shop.once('exit', done));
  const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const kept = path.join(os.tmpdir(), `checkout-${Date.now()}.cpuprofile`);
  fs.copyFileSync(path.join(profDir, file), kept);
  const profile = JSON.parse(fs.readFileSync(kept, 'utf8')) as { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } ; hitCount: number }> };
  const self = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const key = `${n.callFrame.functionName || '(anonymous)'} ${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + n.hitCount);
    total += n.hitCount;
  }
  console.log(`profile: ${kept}`);
  for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
