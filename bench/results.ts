// The bench's figures kept per database (bench/results/<database>.json, committed) and
// bench/RESULTS.md rendered from both: a run on one database replaces its own figures and keeps
// the other's, so the tables always show SQLite and PostgreSQL side by side, each with when and
// where it was measured.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Database = 'sqlite' | 'postgres';
export const DATABASES: Database[] = ['sqlite', 'postgres'];
const TITLE: Record<Database, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export interface Figures {
  /** The table the scenario belongs to (GROUPS). */
  group?: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio?: number;
  note?: string;
}

export interface Audit {
  page: string;
  performance: number;
  accessibility: number;
  seo: number;
  lcp: string;
  cls: string;
  tbt: string;
}

/** One full run of `npm run bench` on one database. */
export interface RunRecord {
  database: Database;
  measuredAt: string;
  machine: string;
  /** The machine's 1-minute load average when the run started and ended (others' work moves the figures). */
  loadAverage?: { start: number; end: number };
  data: string;
  connections: number;
  secondsPerScenario: number;
  generateSeconds: number;
  totalSeconds: number;
  memoryMb: number;
  noop: Figures;
  rows: Figures[];
  /** Measured on SQLite's run only (the database changes nothing there). */
  frontEnds?: { weight: Record<string, { js: number; css: number }>; audits: Audit[] };
}

/** The tables of RESULTS.md, in order; a scenario names its own. */
export const GROUPS = {
  catalogue: 'Catalogue (10 connections)',
  selling: 'Catalogue while selling (50 connections, guest orders at ~10/s)',
  signedIn: 'Signed in',
  checkout: 'Checkout (10 connections)',
  admin: 'Admin (10 connections)',
} as const;

/** A scenario of the selling group is named `<what>, quiet` or `<what>, while selling`. */
export const QUIET = ', quiet';
export const WHILE_SELLING = ', while selling';

const DIR = path.join(__dirname, 'results');
const fileOf = (db: Database) => path.join(DIR, `${db}.json`);

export function machineDescription(): string {
  const cpu = os.cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

export const loadAverageNow = () => Math.round(os.loadavg()[0] * 100) / 100;

export function loadRun(db: Database): RunRecord | undefined {
  const file = fileOf(db);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as RunRecord) : undefined;
}

export function saveRun(record: RunRecord): void {
  fs.mkdirSync(DIR, { recursive: true });
  fs.writeFileSync(fileOf(record.database), JSON.stringify(record, null, 2) + '\n');
}

const cell = (v: number | string | undefined) => (v === undefined || v === '' ? '–' : String(v));
const day = (iso: string) => iso.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC');

/** RESULTS.md from the stored runs, with bench/NOTES.md below it. */
export function renderResults(): string {
  const runs = DATABASES.map((db) => [db, loadRun(db)] as const).filter((r): r is [Database, RunRecord] => Boolean(r[1]));
  const byDb = Object.fromEntries(runs) as Partial<Record<Database, RunRecord>>;
  const header = `| | ${DATABASES.map((db) => TITLE[db]).join(' | ')} |`;
  const line = (label: string, f: (r: RunRecord) => string) =>
    `| ${label} | ${DATABASES.map((db) => (byDb[db] ? f(byDb[db]!) : 'not measured yet')).join(' | ')} |`;
  const out: string[] = [
    '# Benchmark results',
    '',
    'Rendered by `npm run bench` from `bench/results/sqlite.json` and `bench/results/postgres.json`: each',
    "database's last full run (a run on one database keeps the other's figures; `npx tsx bench/run.ts",
    '--render` writes this file again from them). Requests/s, latency p50 and p99 in ms, and the ratio',
    'to the Koa no-op measured in the same run: compare ratios, not requests/s, between the columns.',
    '',
    header,
    `|---|${DATABASES.map(() => '---').join('|')}|`,
    line('measured', (r) => day(r.measuredAt)),
    line('machine', (r) => r.machine),
    line('load average (1 min) at start / end', (r) => (r.loadAverage ? `${r.loadAverage.start} / ${r.loadAverage.end}` : '–')),
    line('data', (r) => r.data),
    line('load', (r) => `autocannon, ${r.secondsPerScenario} s per scenario (after 2 s of warm-up), loopback`),
    line('Koa no-op', (r) => `${r.noop.rps} requests/s (${r.noop.note ?? ''})`),
    line('peak memory of the shop (VmHWM)', (r) => `${r.memoryMb} MB`),
    line('whole run', (r) => `${r.totalSeconds.toFixed(0)} s`),
    '',
  ];

  const rows = (db: Database) => byDb[db]?.rows ?? [];
  for (const group of Object.values(GROUPS)) {
    // Every scenario either run measured, in the order of the runs.
    const names = [
      ...new Set(
        DATABASES.flatMap((db) =>
          rows(db)
            .filter((r) => r.group === group)
            .map((r) => r.name),
        ),
      ),
    ];
    if (!names.length) continue;
    out.push(
      `## ${group}`,
      '',
      '| scenario | SQLite req/s | p50 | p99 | ratio | PostgreSQL req/s | p50 | p99 | ratio | errors + non-2xx | note |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const name of names) {
      const [s, p] = DATABASES.map((db) => rows(db).find((r) => r.name === name));
      const figures = (f?: Figures) => [f?.rps, f?.p50, f?.p99, f?.ratio].map(cell).join(' | ');
      const errors = [s, p].map((f) => (f ? String(f.errors + f.non2xx) : '–')).join(' / ');
      const notes = [s, p]
        .map((f, i) => (f?.note ? `${TITLE[DATABASES[i]]}: ${f.note}` : ''))
        .filter(Boolean)
        .join('; ');
      out.push(`| ${name} | ${figures(s)} | ${figures(p)} | ${errors} | ${notes} |`);
    }
    out.push('');
    if (group === GROUPS.selling) out.push(...quietBesideSelling(names, rows));
  }

  const fronts = byDb.sqlite?.frontEnds;
  if (fronts) {
    out.push(
      `## Front ends (SQLite's run, ${day(byDb.sqlite!.measuredAt)})`,
      '',
      '| front end | initial JS (gzip) | initial CSS (gzip) |',
      '|---|---|---|',
      ...Object.entries(fronts.weight).map(([app, w]) => `| ${app} | ${w.js} KB | ${w.css} KB |`),
      '',
      'Lighthouse, mobile (the storefront on this data; served with brotli):',
      '',
      '| page | performance | accessibility | SEO | LCP | CLS | TBT |',
      '|---|---|---|---|---|---|---|',
      ...(fronts.audits.length
        ? fronts.audits.map((a) => `| ${a.page} | ${a.performance} | ${a.accessibility} | ${a.seo} | ${a.lcp} | ${a.cls} | ${a.tbt} |`)
        : ['| (Chromium not found) | | | | | | |']),
      '',
    );
  }
  const notes = path.join(__dirname, 'NOTES.md');
  return out.join('\n') + (fs.existsSync(notes) ? '\n' + fs.readFileSync(notes, 'utf8') : '');
}

/** The selling group's ratios as the issue reads them: each subject quiet beside while selling. */
function quietBesideSelling(names: string[], rows: (db: Database) => Figures[]): string[] {
  const subjects = [...new Set(names.filter((n) => n.endsWith(QUIET)).map((n) => n.slice(0, -QUIET.length)))];
  if (!subjects.length) return [];
  const ratio = (db: Database, name: string) => cell(rows(db).find((r) => r.name === name)?.ratio);
  return [
    'Ratio to the no-op, quiet beside while selling:',
    '',
    '| | SQLite quiet | SQLite while selling | PostgreSQL quiet | PostgreSQL while selling |',
    '|---|---|---|---|---|',
    ...subjects.map((s) => `| ${s} | ${DATABASES.map((db) => `${ratio(db, s + QUIET)} | ${ratio(db, s + WHILE_SELLING)}`).join(' | ')} |`),
    '',
  ];
}

export function writeResultsFile(): string {
  const text = renderResults();
  fs.writeFileSync(path.join(__dirname, 'RESULTS.md'), text);
  return text;
}
