// `npm start`: run the built shop. On a fresh clone (or after the sources changed) build first,
// when the build tools are installed; a production install (`npm ci --omit=dev`) has none and
// only runs what is built. The server runs in THIS process, so a signal sent to npm reaches it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CURRENT, ROOT, staleParts } from './build-info.mjs';

const canBuild = fs.existsSync(path.join(ROOT, 'node_modules/vite')) && fs.existsSync(path.join(ROOT, 'node_modules/esbuild'));
const stale = staleParts();
if (stale.length && canBuild) {
  console.log(`Building ${stale.join(', ')} (missing or older than the sources)…`);
  const { build } = await import('./build.mjs');
  await build(stale);
} else if (stale.length) {
  if (!fs.existsSync(path.join(CURRENT, 'server/main.js'))) {
    console.error('No build to run (build/current/server/main.js) and no build tools here: run `npm ci && npm run build` first.');
    process.exit(1);
  }
  console.warn(
    `Warning: the build of ${stale.join(', ')} looks older than the sources; run \`npm run build\` where the build tools are installed.`,
  );
}
await import(pathToFileURL(fs.realpathSync(path.join(CURRENT, 'server/main.js'))).href);
