// The entry: migrate, seed demo data when asked (only into an empty database), ensure an admin,
// listen; stop cleanly on SIGTERM.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { loadConfig, startupWarnings, Config } from './config';
import { createKnex } from './platform/db/knex';
import { createApp } from './app';
import { migrate, seedIfEmpty, ensureAdmin, demoDataPresent, WeakPasswordError } from './setup';
import { purgeExpiredRows, startPurging } from './platform/db/expiredRows';
import { startMailWorker } from './platform/mail/transport';
import { startPrivacyJobs } from './modules/privacy/jobs';
import { startOverdueReminders } from './modules/orders/jobs';
import { startPermitReminders } from './modules/trade/jobs';
import { installDemoImages } from '../../seeds/demo';
import { scrubError } from './platform/http/scrub';

/** Files the server writes are for its own user only (database, keys, outbox, uploads). */
export function privateFiles(config: Config) {
  process.umask(0o077);
  for (const dir of [config.dataDir, config.uploadDir, config.outboxDir]) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  // Tighten what an older version left readable to everyone.
  const tighten = (p: string, mode: number) => {
    try {
      if ((fs.statSync(p).mode & 0o077) !== 0) fs.chmodSync(p, mode);
    } catch {
      /* missing, or not ours: leave it */
    }
  };
  for (const dir of [config.dataDir, config.uploadDir, config.outboxDir, path.join(config.dataDir, 'backups')]) tighten(dir, 0o700);
  for (const file of [config.dbFile, `${config.dbFile}-wal`, `${config.dbFile}-shm`, path.join(config.dataDir, 'app-keys')])
    tighten(file, 0o600);
  for (const name of fs.readdirSync(config.outboxDir)) tighten(path.join(config.outboxDir, name), 0o600);
}

/** How long a stopping server waits for running effects, and for everything at most (a process
 *  manager's usual grace before SIGKILL is 30 s): what is cut off runs at the next start. */
const EFFECTS_DRAIN_MS = 15_000;
const SHUTDOWN_LIMIT_MS = 25_000;

/** The running shop's mark in DATA_DIR: restore refuses while the process it names is alive. */
export const pidFile = (config: Config) => path.join(config.dataDir, 'shop.pid');

export async function startServer() {
  const config = loadConfig();
  privateFiles(config);
  for (const line of startupWarnings(config)) console.warn(`Warning: ${line}`);
  const knex = createKnex(config);
  await migrate(knex);
  const app = createApp(config, knex);
  if (config.seedDemo && (await seedIfEmpty(knex, { uploadDir: config.uploadDir }))) console.log('Seeded the demo catalogue.');
  // Demo pictures live in the upload folder; put them back if that folder was emptied.
  if (config.seedDemo) installDemoImages(config.uploadDir);
  if (config.env === 'production' && (await demoDataPresent(knex))) {
    console.warn('Warning: this production database holds demo customers (@example.bg): remove them, or start from a new database.');
  }
  try {
    await ensureAdmin({ email: config.adminEmail, password: config.adminPassword, production: config.env === 'production' }, (line) =>
      console.log(line),
    );
  } catch (err) {
    if (err instanceof WeakPasswordError) {
      console.error(`Refusing to start: ${err.message}`);
      await knex.destroy();
      process.exit(1);
    }
    throw err;
  }
  // Expired sessions and throttle counts: gone before the first request, then every hour.
  await purgeExpiredRows(knex);
  startPurging(knex);
  const stopMail = startMailWorker(knex, config);
  const stopPrivacy = startPrivacyJobs(knex);
  const stopReminders = startOverdueReminders(config);
  const stopPermitReminders = startPermitReminders();
  // Effects after commit (platform/outbox): what a previous process left (killed, or stopped with
  // effects still due) runs now, then the worker looks for due retries every few seconds.
  await app.effects.start();

  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  fs.writeFileSync(pidFile(config), `${process.pid}\n`, { mode: 0o600 });
  console.log(`VAP SOLO shop on http://${config.host ?? 'localhost'}:${config.port} (admin at /admin)`);

  let stopping = false;
  const exit = () => {
    fs.rmSync(pidFile(config), { force: true });
    process.exit(0);
  };
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests and effects in flight`);
    stopMail();
    stopPrivacy();
    stopReminders();
    stopPermitReminders();
    // No new requests; those in flight finish, then the effects running here (the outbox takes no
    // new rows from now: what is left runs at the next start).
    server.close(async () => {
      await app.effects.stop(EFFECTS_DRAIN_MS);
      await knex.destroy();
      exit();
    });
    server.closeIdleConnections?.();
    setTimeout(exit, SHUTDOWN_LIMIT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return server;
}

export function failedToStart(err: unknown) {
  console.error(scrubError(err));
  process.exit(1);
}
