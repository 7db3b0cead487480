// Where builds live (build/<stamp>/, build/current → the newest) and whether the current one is
// older than the sources it was made from. Used by the build, `npm start` and the tests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** VAPSOLO_BUILD_DIR: elsewhere than build/ (the tests build into a temporary folder). */
export const BUILD_DIR = process.env.VAPSOLO_BUILD_DIR ? path.resolve(process.env.VAPSOLO_BUILD_DIR) : path.join(ROOT, 'build');
export const CURRENT = path.join(BUILD_DIR, 'current');

export function readBuildInfo() {
  try {
    return JSON.parse(fs.readFileSync(path.join(CURRENT, 'build.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The sources of each part: a file newer than the part's build time means the part is stale. */
const SOURCES = {
  storefront: ['storefront', 'domain', 'package-lock.json'],
  admin: ['admin', 'domain', 'package-lock.json'],
  server: ['backend/src', 'domain', 'seeds', 'scripts/build-server.mjs', 'package-lock.json'],
};
const SKIP = new Set(['node_modules', 'dist', 'test', '__tests__']);

function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of fs.readdirSync(p)) {
    if (SKIP.has(entry) || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

/** The parts that are missing from build/current or older than their sources. */
export function staleParts() {
  const info = readBuildInfo();
  return Object.entries(SOURCES)
    .filter(([part, sources]) => {
      const builtAt = info?.parts?.[part];
      if (!builtAt || !fs.existsSync(path.join(CURRENT, part))) return true;
      return sources.some((s) => newest(path.join(ROOT, s)) > builtAt);
    })
    .map(([part]) => part);
}
