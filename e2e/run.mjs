// Browser journeys in Debian's Chromium against the real server on a fresh temporary database.
// `npm run test:e2e` builds both front ends, starts the server, runs every journey (at the
// widths it names) and, on a failure, saves a screenshot and the page's console to e2e/artifacts/.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, request as playwrightRequest } from 'playwright-core';
import { E2E_GUEST_ORDER_LIMITS, setGuestOrderLimits } from './helpers.mjs';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ADMIN = { email: 'admin@vapsolo.bg', password: 'e2e-admin-parola' };
const only = process.argv.slice(2);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(base, server) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error('the server stopped while starting');
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer /api/health');
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`Chromium is not at ${CHROMIUM}. Install Debian's package: apt-get install chromium`);
    process.exit(1);
  }
  // E2E_SKIP_BUILD keeps the front ends as built (build/current); the server (under a second) is
  // always rebuilt.
  const build = spawnSync('npm', ['run', process.env.E2E_SKIP_BUILD ? 'build:server' : 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.rmSync(ARTIFACTS, { recursive: true, force: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-e2e-'));
  const port = await freePort();
  // Econt answers from a local stand-in (backend/test/courierStandIn.ts): waybills without the real courier.
  const { startCourierStandIn } = await tsImport('../backend/test/courierStandIn.ts', import.meta.url);
  const couriers = await startCourierStandIn();
  const base = `http://127.0.0.1:${port}`;
  // The server as `npm start` runs it: the built bundle.
  const server = spawn(process.execPath, [fs.realpathSync(path.join(ROOT, 'build/current/server/main.js'))], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DB_FILE: path.join(dataDir, 'shop.sqlite3'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: '1',
      LOG_REQUESTS: '0',
      // Every journey applies as a business from this one address.
      TRADE_APPLICATIONS_PER_WINDOW: '100',
      ECONT_API_URL: couriers.econtUrl,
      ECONT_USER: couriers.credentials.user,
      ECONT_PASSWORD: couriers.credentials.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let serverLog = '';
  server.stdout.on('data', (d) => (serverLog += d));
  server.stderr.on('data', (d) => (serverLog += d));

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  const results = [];
  const started = Date.now();
  try {
    await waitForHealth(base, server);
    // The journeys order as one person from one address: the guest-order limits out of their way
    // (the journey that tests them sets its own).
    const setup = await playwrightRequest.newContext({ baseURL: base });
    await setGuestOrderLimits(setup, ADMIN, E2E_GUEST_ORDER_LIMITS);
    await setup.dispose();
    const files = fs
      .readdirSync(path.join(ROOT, 'e2e', 'journeys'))
      .filter((f) => f.endsWith('.mjs'))
      .sort();
    for (const file of files) {
      const { journeys } = await import(path.join(ROOT, 'e2e', 'journeys', file));
      for (const journey of journeys) {
        for (const width of journey.widths ?? [1440]) {
          const name = `${journey.name} @${width}px`;
          if (only.length && !only.some((o) => name.includes(o))) continue;
          results.push(await runJourney(browser, base, journey, width, name, dataDir, couriers));
        }
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await couriers.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`\n${results.length - failed.length} passed, ${failed.length} failed (${Math.round((Date.now() - started) / 1000)} s)`);
  if (failed.length) {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, 'server.log'), serverLog);
    process.exit(1);
  }
}

async function runJourney(browser, base, journey, width, name, dataDir, couriers) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'bg-BG',
    timezoneId: 'Europe/Sofia',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const consoleLines = [];
  page.on('console', (m) => consoleLines.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`));
  const t = Date.now();
  try {
    await journey.run({ page, context, base, width, admin: ADMIN, outbox: path.join(dataDir, 'outbox'), couriers });
    console.log(`✓ ${name} (${Date.now() - t} ms)`);
    return { name, ok: true };
  } catch (err) {
    console.log(
      `✗ ${name}\n  ${String(err?.stack || err)
        .split('\n')
        .slice(0, 6)
        .join('\n  ')}`,
    );
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await page.screenshot({ path: path.join(ARTIFACTS, `${slug}.png`), fullPage: true }).catch(() => undefined);
    fs.writeFileSync(path.join(ARTIFACTS, `${slug}.console.txt`), consoleLines.join('\n'));
    return { name, ok: false };
  } finally {
    await context.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
