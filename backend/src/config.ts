// Configuration from the environment (README: Configuration). Read once at start.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import net from 'node:net';

export interface Config {
  port: number;
  /** Listen address: 127.0.0.1 in production (behind the proxy on the same machine), else every interface. */
  host?: string;
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
  /** The build the server runs from (build/<stamp>/: server, storefront, admin). */
  buildDir: string;
  storefrontDist: string;
  adminDist: string;
  /** Trust X-Forwarded-* (behind a reverse proxy): TRUST_PROXY set. */
  proxy: boolean;
  /** How many proxies in front of the shop (TRUST_PROXY=<n>): the client is that many entries
   *  from the right of X-Forwarded-For; what a client wrote further left is ignored. */
  proxyHops: number;
  /** Or the proxies' own addresses (TRUST_PROXY=10.0.0.1,10.0.0.2): X-Forwarded-* are read only
   *  from them, and the client is the first address from the right that is not one of them. */
  trustedProxies: string[];
  /** Prometheus /metrics (METRICS=1). */
  metrics: boolean;
  /** In-process caches (catalogue answers, staff lists and counts, sessions, signed-in users,
   *  settings), each emptied by the writes that change it, on PostgreSQL also by those other
   *  instances commit (LISTEN/NOTIFY). */
  memoryCaches: boolean;
  logRequests: boolean;
  /** nodemailer transport URL; without it mail is written as .eml files to outboxDir. */
  smtpUrl?: string;
  /** SMTP_TIMEOUT_MS: nodemailer's connection, greeting and socket (idle) timeouts, far below the
   *  mail queue's claim (platform/mail/transport: mailClaimMs), so a slow or silent server fails
   *  a send long before another round may take the message again. */
  smtpTimeoutMs: number;
  mailFrom: string;
  outboxDir: string;
  /** Public address of the shop, for links in e-mails. */
  publicUrl: string;
  /** Couriers' APIs (README: Couriers). Without user and password: a demo office directory, no waybills. */
  econt: CourierAccount;
  speedy: CourierAccount;
  /** MIN_FREE_DISK_MB: below this much free space in dataDir /api/ready answers 503. Unset: 100,
   *  or 5% of a file system smaller than 2 GB (platform/db/storage). */
  minFreeDiskMb?: number;
  /** COURIER_TIMEOUT_MS: one courier call, headers and body, takes at most this long (15 s). */
  courierTimeoutMs: number;
  /** Trade applications one address may send per window (the browser journeys, all from one address, raise it). */
  tradeApplicationsPerWindow?: number;
  /** Run the courier jobs with the app: office sync at start and daily, tracking every 30 minutes. */
  courierJobs: boolean;
}

export interface CourierAccount {
  apiUrl: string;
  user?: string;
  password?: string;
  /**
   * Econt: how cash on delivery is booked — 'money_transfer' (the default: a postal money
   * transfer, ППП, as Speedy's POSTAL_MONEY_TRANSFER, for shops relying on Наредба Н-18's
   * exemption) or 'cash_on_delivery' (Econt's наложен платеж). ECONT_COD_AS.
   */
  codAs?: 'money_transfer' | 'cash_on_delivery';
}

export const ECONT_PRODUCTION_URL = 'https://ee.econt.com/services/';
export const ECONT_DEMO_URL = 'https://demo.econt.com/ee/services/';
export const SPEEDY_URL = 'https://api.speedy.bg/v1/';

/** The project's folder: found from here, so the built server (build/<stamp>/server) finds it too. */
export const ROOT = projectRoot(__dirname);

/** The built server runs from build/<stamp>/server/ (the real path: Node resolves the
 *  build/current link when it starts) and serves the front ends built with it; from the sources
 *  (`npm run dev`, tests) the newest build. */
export function currentBuildDir(): string {
  const here = path.dirname(__dirname);
  if (path.basename(__dirname) === 'server' && fs.existsSync(path.join(here, 'build.json'))) return here;
  return path.join(ROOT, 'build', 'current');
}

/** TRUST_PROXY: '' → none; '1', '2' → that many hops; 'true' → one; addresses → those proxies. */
export function parseTrustProxy(value: string | undefined): { proxy: boolean; proxyHops: number; trustedProxies: string[] } {
  const v = (value ?? '').trim();
  if (!v || v === '0' || v === 'false') return { proxy: false, proxyHops: 0, trustedProxies: [] };
  if (v === 'true') return { proxy: true, proxyHops: 1, trustedProxies: [] };
  if (/^\d+$/.test(v)) return { proxy: true, proxyHops: Number(v), trustedProxies: [] };
  const list = v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = list.filter((a) => !net.isIP(a.replace(/^::ffff:/, '')));
  if (bad.length) throw new Error(`TRUST_PROXY must be a number of proxies or their IP addresses; not an address: ${bad.join(', ')}`);
  return { proxy: true, proxyHops: 0, trustedProxies: list };
}

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'backend'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../..');
  }
}

/** APP_KEYS from the environment, or keys generated once into data/app-keys. */
function loadAppKeys(dataDir: string, fromEnv?: string): string[] {
  if (fromEnv)
    return fromEnv
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
  const file = path.join(dataDir, 'app-keys');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keys = [crypto.randomBytes(32).toString('base64url'), crypto.randomBytes(32).toString('base64url')];
  fs.writeFileSync(file, keys.join('\n') + '\n', { mode: 0o600 });
  return keys;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(ROOT, env.DATA_DIR || 'data');
  const nodeEnv = env.NODE_ENV || 'development';
  const buildDir = currentBuildDir();
  return {
    port: Number(env.PORT) || 3000,
    host: env.HOST || (nodeEnv === 'production' ? '127.0.0.1' : undefined),
    env: nodeEnv,
    dbFile: path.resolve(ROOT, env.DB_FILE || path.join(dataDir, 'shop.sqlite3')),
    databaseUrl: env.DATABASE_URL || undefined,
    appKeys: overrides.appKeys ?? loadAppKeys(dataDir, env.APP_KEYS),
    secureCookies: nodeEnv === 'production' && env.INSECURE_COOKIES !== '1',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    // Demo data only when asked in production; on by default elsewhere (and only ever into an
    // empty database: setup).
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' : nodeEnv !== 'production',
    dataDir,
    uploadDir: path.resolve(ROOT, env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    buildDir,
    storefrontDist: path.join(buildDir, 'storefront'),
    adminDist: path.join(buildDir, 'admin'),
    ...parseTrustProxy(env.TRUST_PROXY),
    metrics: env.METRICS === '1',
    memoryCaches: env.MEMORY_CACHES !== '0',
    logRequests: env.LOG_REQUESTS !== '0' && nodeEnv !== 'test',
    smtpUrl: env.SMTP_URL || undefined,
    smtpTimeoutMs: Number(env.SMTP_TIMEOUT_MS) || 30_000,
    mailFrom: env.MAIL_FROM || 'VAP SOLO <shop@vapsolo.bg>',
    outboxDir: path.join(dataDir, 'outbox'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${Number(env.PORT) || 3000}`).replace(/\/$/, ''),
    econt: {
      apiUrl: env.ECONT_API_URL || ECONT_PRODUCTION_URL,
      user: env.ECONT_USER || undefined,
      password: env.ECONT_PASSWORD || undefined,
      codAs: env.ECONT_COD_AS === 'cash_on_delivery' ? 'cash_on_delivery' : 'money_transfer',
    },
    speedy: { apiUrl: env.SPEEDY_API_URL || SPEEDY_URL, user: env.SPEEDY_USER || undefined, password: env.SPEEDY_PASSWORD || undefined },
    courierTimeoutMs: Number(env.COURIER_TIMEOUT_MS) || 15_000,
    tradeApplicationsPerWindow: Number(env.TRADE_APPLICATIONS_PER_WINDOW) || undefined,
    minFreeDiskMb: env.MIN_FREE_DISK_MB && Number.isFinite(Number(env.MIN_FREE_DISK_MB)) ? Number(env.MIN_FREE_DISK_MB) : undefined,
    courierJobs: env.COURIER_JOBS ? env.COURIER_JOBS === '1' : nodeEnv !== 'test',
    ...overrides,
  };
}

/** What an operator should know at start-up: settings that work but are wrong for a real shop. */
export function startupWarnings(config: Config): string[] {
  if (config.env !== 'production') return [];
  const out: string[] = [];
  if (!config.smtpUrl) out.push(`SMTP_URL is not set: e-mails are only written to ${config.outboxDir}, nobody receives them.`);
  if (/^https?:\/\/(localhost|127\.|\[::1\])/i.test(config.publicUrl))
    out.push(`PUBLIC_URL is ${config.publicUrl}: links in e-mails point to this machine; set the shop's public https address.`);
  else if (config.publicUrl.startsWith('http:')) out.push(`PUBLIC_URL is plain HTTP (${config.publicUrl}): use https.`);
  if (!config.proxy && config.secureCookies) {
    out.push(
      'NODE_ENV=production without TRUST_PROXY: the shop expects HTTPS from a reverse proxy (README: Production). Over plain HTTP browsers drop its secure cookies, so nobody can sign in or keep a cart. Set TRUST_PROXY=1 behind nginx.',
    );
  }
  if (!config.secureCookies) out.push('INSECURE_COOKIES=1: the session cookie is sent over plain HTTP. For test setups only.');
  return out;
}
