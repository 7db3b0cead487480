// `npm run build [-- part…]`: everything a server needs — the server bundle and both front ends —
// into a NEW folder build/<stamp>/, then build/current is switched to it in one rename. A running
// shop keeps serving its own folder (it resolved build/current when it started), so a rebuild never
// makes it answer 404 half-way; restart it to take the new build.
//
// Parts are steps in PARTS, in order; each writes only inside the new folder. With part names
// (`npm run build -- server`) only those are built and the others are copied from the current build.
// A later step (e.g. a server-side renderer bundle) is one more entry in PARTS.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { BUILD_DIR, CURRENT, ROOT, readBuildInfo } from './build-info.mjs';

const KEEP_BUILDS = 3;

function run(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${res.status ?? res.signal})`);
}

const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

function vite(app) {
  return async (out) => {
    run(process.execPath, [
      VITE,
      'build',
      '--config',
      `${app}/vite.config.mts`,
      '--outDir',
      path.join(out, app),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
    run(process.execPath, [path.join(ROOT, 'scripts/compress-dist.mjs'), path.join(out, app)]);
  };
}

/** The storefront for the browser, then its server entry (the same components, rendered by the
 *  Koa server: backend/src/modules/storefront) into storefront-server/. */
async function storefront(out) {
  await vite('storefront')(out);
  run(process.execPath, [
    VITE,
    'build',
    '--config',
    'storefront/vite.config.mts',
    '--ssr',
    'src/entry-server.tsx',
    '--outDir',
    path.join(out, 'storefront-server'),
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ]);
}

/** The folders a part writes, when not just its own name (copied together when it is not rebuilt). */
const OUTPUTS = { storefront: ['storefront', 'storefront-server'] };

export const PARTS = {
  storefront,
  admin: vite('admin'),
  server: async (out) => {
    const { buildServer } = await import('./build-server.mjs');
    await buildServer(path.join(out, 'server'));
  },
};

function stamp() {
  // 20261123-213313-123-<pid>: sorts by time (to the millisecond), unique per process.
  return (
    new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace('T', '-')
      .replace(/\.(\d{3})Z$/, '-$1') + `-${process.pid}`
  );
}

/** Point build/current at `name` in one step: a new link renamed over the old one. */
function switchCurrent(name) {
  const tmp = path.join(BUILD_DIR, `.current-${process.pid}`);
  fs.rmSync(tmp, { force: true });
  fs.symlinkSync(name, tmp);
  fs.renameSync(tmp, CURRENT);
}

function prune(keepName) {
  const builds = fs
    .readdirSync(BUILD_DIR)
    .filter((n) => /^\d{8}-\d{6}-\d{3}-\d+$/.test(n) && fs.existsSync(path.join(BUILD_DIR, n, 'build.json')))
    .sort()
    .reverse();
  for (const name of builds.slice(KEEP_BUILDS))
    if (name !== keepName) fs.rmSync(path.join(BUILD_DIR, name), { recursive: true, force: true });
  // Folders of builds that failed half-way.
  for (const n of fs.readdirSync(BUILD_DIR))
    if (n.endsWith('.partial')) fs.rmSync(path.join(BUILD_DIR, n), { recursive: true, force: true });
}

export async function build(only = []) {
  const unknown = only.filter((p) => !(p in PARTS));
  if (unknown.length) throw new Error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${Object.keys(PARTS).join(', ')}`);
  fs.mkdirSync(BUILD_DIR, { recursive: true });
  const name = stamp();
  const partial = path.join(BUILD_DIR, `${name}.partial`);
  fs.mkdirSync(partial);
  const previous = readBuildInfo();
  const started = Date.now();
  try {
    const built = [];
    for (const [part, step] of Object.entries(PARTS)) {
      if (only.length && !only.includes(part)) {
        for (const dir of OUTPUTS[part] ?? [part]) {
          const from = path.join(CURRENT, dir);
          if (fs.existsSync(from)) fs.cpSync(fs.realpathSync(from), path.join(partial, dir), { recursive: true });
        }
        continue;
      }
      await step(partial);
      built.push(part);
    }
    const info = {
      builtAt: new Date(started).toISOString(),
      // The newest source time each part was built from (start.mjs rebuilds when sources are newer).
      parts: Object.fromEntries(Object.keys(PARTS).map((p) => [p, built.includes(p) ? started : (previous?.parts?.[p] ?? 0)])),
    };
    fs.writeFileSync(path.join(partial, 'build.json'), JSON.stringify(info, null, 2) + '\n');
    const final = path.join(BUILD_DIR, name);
    fs.renameSync(partial, final);
    switchCurrent(name);
    prune(name);
    console.log(`Built ${built.join(', ')} into build/${name}; build/current points to it.`);
    return final;
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  build(process.argv.slice(2)).catch((err) => {
    console.error(err.message || err);
    process.exit(1);
  });
}
