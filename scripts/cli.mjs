// `npm run db:migrate|db:seed|admin|backup|restore`: the shop's command line (backend/src/cli.ts),
// from the build when it is current, else from the sources through tsx (development).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CURRENT, ROOT, staleParts } from './build-info.mjs';

const built = path.join(CURRENT, 'server/cli.js');
const hasTsx = fs.existsSync(path.join(ROOT, 'node_modules/tsx'));
const useSources = hasTsx && (!fs.existsSync(built) || staleParts().includes('server'));
if (!useSources && !fs.existsSync(built)) {
  console.error('No build (build/current/server/cli.js): run `npm run build` first.');
  process.exit(1);
}
const args = useSources ? ['--import', 'tsx', path.join(ROOT, 'backend/src/cli.ts')] : [fs.realpathSync(built)];
const res = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(res.status ?? 1);
