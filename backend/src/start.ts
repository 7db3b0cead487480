// `npm start`: build the front ends if they are not built yet, then start the server.
import './processTuning';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from './config';
import { startServer } from './server';

for (const app of ['storefront', 'admin']) {
  if (fs.existsSync(path.join(ROOT, app, 'dist', 'index.html'))) continue;
  console.log(`Building the ${app} (first start)…`);
  const res = spawnSync('npm', ['run', `build:${app}`], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`Building the ${app} failed.`);
    process.exit(1);
  }
}

startServer().catch((err) => {
  console.error(err);
  process.exit(1);
});
