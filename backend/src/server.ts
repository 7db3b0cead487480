// The entry: migrate, seed when empty, ensure an admin, listen; stop cleanly on SIGTERM.
import http from 'node:http';
import { loadConfig } from './config';
import { createKnex } from './db/knex';
import { createApp } from './app';
import { migrate, seedIfEmpty, ensureAdmin } from './db/setup';
import { purgeExpiredSessions } from './http/session';
import { installDemoImages } from '../../seeds/demo';

export async function startServer() {
  const config = loadConfig();
  const knex = createKnex(config);
  await migrate(knex);
  const app = createApp(config, knex);
  if (config.seedDemo && (await seedIfEmpty(knex, { uploadDir: config.uploadDir }))) console.log('Seeded the demo catalogue.');
  // Demo pictures live in the upload folder; put them back if that folder was emptied.
  if (config.seedDemo) installDemoImages(config.uploadDir);
  await ensureAdmin({ email: config.adminEmail, password: config.adminPassword }, (line) => console.log(line));
  await purgeExpiredSessions(knex);
  const purge = setInterval(() => purgeExpiredSessions(knex).catch(() => undefined), 60 * 60_000);
  purge.unref();

  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  console.log(`VAP SOLO shop on http://localhost:${config.port} (admin at /admin)`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight`);
    server.close(async () => {
      await knex.destroy();
      process.exit(0);
    });
    server.closeIdleConnections?.();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return server;
}
