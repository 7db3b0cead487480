// The server as one JavaScript file (backend/dist/start.js) for `npm start`: plain Node runs it,
// without compiling TypeScript on the fly in a loader thread (less memory, faster start). The
// packages stay in node_modules; only the shop's own code is bundled. Takes well under a second.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: { start: path.join(ROOT, 'backend/src/start.ts'), main: path.join(ROOT, 'backend/src/main.ts') },
  outdir: path.join(ROOT, 'backend/dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  logLevel: 'warning',
});
