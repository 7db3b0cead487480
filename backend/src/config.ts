// Configuration from the environment (README: Configuration). Read once at start.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export interface Config {
  port: number;
  env: string;
  dbFile: string;
  databaseUrl?: string;
  appKeys: string[];
  secureCookies: boolean;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  dataDir: string;
  uploadDir: string;
  storefrontDist: string;
  adminDist: string;
  /** Trust X-Forwarded-For (behind a reverse proxy). */
  proxy: boolean;
  /** In-process caches (catalogue answers, staff lists and counts, sessions, signed-in users,
   *  settings), each emptied by the writes that change it, on PostgreSQL also by those other
   *  instances commit (LISTEN/NOTIFY). */
  memoryCaches: boolean;
  logRequests: boolean;
  /** nodemailer transport URL; without it mail is written as .eml files to outboxDir. */
  smtpUrl?: string;
  mailFrom: string;
  outboxDir: string;
  /** Public address of the shop, for links in e-mails. */
  publicUrl: string;
}

/** The project's folder: found from here, so the built server (backend/dist) finds it too. */
export const ROOT = projectRoot(__dirname);

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'backend'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../..');
  }
}

/** APP_KEYS from the environment, or keys generated once into data/app-keys. */
function loadAppKeys(dataDir: string, fromEnv?: string): string[] {
  if (fromEnv) return fromEnv.split(',').map((k) => k.trim()).filter(Boolean);
  const file = path.join(dataDir, 'app-keys');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = [crypto.randomBytes(32).toString('base64url'), crypto.randomBytes(32).toString('base64url')];
  fs.writeFileSync(file, keys.join('\n') + '\n', { mode: 0o600 });
  return keys;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(ROOT, env.DATA_DIR || 'data');
  const nodeEnv = env.NODE_ENV || 'development';
  return {
    port: Number(env.PORT) || 3000,
    env: nodeEnv,
    dbFile: path.resolve(ROOT, env.DB_FILE || path.join(dataDir, 'shop.sqlite3')),
    databaseUrl: env.DATABASE_URL || undefined,
    appKeys: overrides.appKeys ?? loadAppKeys(dataDir, env.APP_KEYS),
    secureCookies: nodeEnv === 'production' && env.INSECURE_COOKIES !== '1',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO !== '0',
    dataDir,
    uploadDir: path.resolve(ROOT, env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    storefrontDist: path.join(ROOT, 'storefront/dist'),
    adminDist: path.join(ROOT, 'admin/dist'),
    proxy: env.TRUST_PROXY === '1',
    memoryCaches: env.MEMORY_CACHES !== '0',
    logRequests: env.LOG_REQUESTS !== '0' && nodeEnv !== 'test',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'VAP SOLO <shop@vapsolo.bg>',
    outboxDir: path.join(dataDir, 'outbox'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${Number(env.PORT) || 3000}`).replace(/\/$/, ''),
    ...overrides,
  };
}
