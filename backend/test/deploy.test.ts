// The production pieces that are files: the nginx site passes `nginx -t`, the systemd unit runs
// the built server as the unprivileged user with only DATA_DIR writable, `npm start` hands a
// signal to node, and the server bundle imports production dependencies only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, execFileSync } from 'node:child_process';

const ROOT = path.resolve(__dirname, '../..');
const hasNginx = spawnSync('nginx', ['-v']).status === 0;
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

(hasNginx && hasOpenssl ? it : it.skip)('the nginx site is valid for nginx -t (with a test certificate)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-nginx-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        `${dir}/key.pem`,
        '-out',
        `${dir}/cert.pem`,
      ],
      { stdio: 'ignore' },
    );
    const site = fs
      .readFileSync(path.join(ROOT, 'deploy/nginx/vapsolo.conf'), 'utf8')
      .replace('/etc/letsencrypt/live/shop.example.bg/fullchain.pem', `${dir}/cert.pem`)
      .replace('/etc/letsencrypt/live/shop.example.bg/privkey.pem', `${dir}/key.pem`)
      .replace('/etc/nginx/snippets/', `${dir}/`);
    fs.writeFileSync(`${dir}/site.conf`, site);
    fs.writeFileSync(
      `${dir}/nginx.conf`,
      `pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {} http { include /etc/nginx/mime.types; access_log off; include ${dir}/site.conf; }`,
    );
    const res = spawnSync('nginx', ['-t', '-q', '-c', `${dir}/nginx.conf`, '-p', dir], { encoding: 'utf8' });
    expect(res.stderr).not.toMatch(/emerg|error/);
    expect(res.status).toBe(0);
    for (const needed of [
      'http2',
      'X-Forwarded-For $proxy_add_x_forwarded_for',
      'X-Forwarded-Proto $scheme',
      'X-Forwarded-Host',
      'gzip on',
      'immutable',
    ])
      expect(site).toContain(needed);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('the systemd unit runs the built server as vapsolo with only DATA_DIR writable', () => {
  const unit = fs.readFileSync(path.join(ROOT, 'deploy/systemd/vapsolo.service'), 'utf8');
  const settings = Object.fromEntries(
    unit
      .split('\n')
      .filter((l) => /^\w+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  expect(settings).toMatchObject({
    User: 'vapsolo',
    ProtectSystem: 'strict',
    ReadWritePaths: '/var/lib/vapsolo',
    EnvironmentFile: '/etc/vapsolo/vapsolo.env',
    Restart: 'on-failure',
    NoNewPrivileges: 'true',
    ExecStart: '/usr/bin/node /opt/vapsolo/app/build/current/server/main.js',
  });
  const env = fs.readFileSync(path.join(ROOT, 'deploy/systemd/vapsolo.env.example'), 'utf8');
  expect(env).toContain('DATA_DIR=/var/lib/vapsolo');
  expect(env).toContain('TRUST_PROXY=1');
  if (spawnSync('systemd-analyze', ['--version']).status === 0) {
    const res = spawnSync('systemd-analyze', ['verify', '--man=no', path.join(ROOT, 'deploy/systemd/vapsolo.service')], {
      encoding: 'utf8',
    });
    // Missing paths on this machine (no /opt/vapsolo, no user) are fine; a bad setting is not.
    expect(res.stderr).not.toMatch(/Unknown (key|section)|Failed to parse/);
  }
});

it('npm start hands SIGTERM to node: no process is left behind', async () => {
  // A project whose start script is ours and whose start.mjs only waits for a signal.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-signal-'));
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'signal-test', private: true, scripts: { start: pkg.scripts.start } }),
  );
  fs.mkdirSync(path.join(dir, 'scripts'));
  fs.writeFileSync(
    path.join(dir, 'scripts/start.mjs'),
    `import fs from 'node:fs';
     fs.writeFileSync('pid', String(process.pid));
     process.on('SIGTERM', () => { fs.writeFileSync('got', 'SIGTERM'); process.exit(0); });
     setInterval(() => {}, 1000);`,
  );
  const npm = spawn('npm', ['start', '--silent'], { cwd: dir, stdio: 'ignore' });
  let pid = 0;
  for (let i = 0; i < 200 && !pid; i++) {
    await new Promise((r) => setTimeout(r, 50));
    if (fs.existsSync(path.join(dir, 'pid'))) pid = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8'));
  }
  expect(pid).toBeGreaterThan(0);
  npm.kill('SIGTERM');
  await new Promise((r) => npm.once('exit', r));
  let alive = true;
  for (let i = 0; i < 100 && alive; i++) {
    try {
      process.kill(pid, 0);
      await new Promise((r) => setTimeout(r, 50));
    } catch {
      alive = false;
    }
  }
  if (alive) process.kill(pid, 'SIGKILL');
  expect(alive).toBe(false);
  expect(fs.readFileSync(path.join(dir, 'got'), 'utf8')).toBe('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
});

it('the server bundle may import production dependencies only (the build refuses others)', () => {
  const script = `
    import { devOnlyImports, buildServer } from ${JSON.stringify(path.join(ROOT, 'scripts/build-server.mjs'))};
    const pkg = { dependencies: { koa: '3', '@koa/router': '15' } };
    console.log(JSON.stringify(devOnlyImports(['koa', '@koa/router/lib/x', 'node:fs', 'path', 'supertest', 'vite/dist/x'], pkg)));
    await buildServer(process.argv[1]);`;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-bundle-'));
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script, out], { encoding: 'utf8', cwd: ROOT });
  fs.rmSync(out, { recursive: true, force: true });
  expect(res.stderr).toBe('');
  expect(JSON.parse(res.stdout)).toEqual(['supertest', 'vite']);
  const real = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  for (const devTool of ['tsx', 'vite', 'esbuild', 'typescript', 'jest']) expect(real.dependencies[devTool]).toBeUndefined();
});

it('a build goes to a new folder and build/current switches at once: never a moment without a server', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-builds-'));
  const current = path.join(dir, 'current', 'server', 'main.js');
  const buildOnce = () =>
    new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), 'server'], {
        cwd: ROOT,
        env: { ...process.env, VAPSOLO_BUILD_DIR: dir },
        stdio: 'ignore',
      });
      child.once('exit', (code) => resolve(code ?? 1));
    });
  try {
    expect(await buildOnce()).toBe(0);
    const first = fs.realpathSync(path.join(dir, 'current'));
    // While more builds run, the current server file is there at every look.
    let looks = 0;
    let missing = 0;
    let building = true;
    const watcher = (async () => {
      while (building) {
        looks++;
        if (!fs.existsSync(current)) missing++;
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (let i = 0; i < 3; i++) expect(await buildOnce()).toBe(0);
    building = false;
    await watcher;
    expect(looks).toBeGreaterThan(10);
    expect(missing).toBe(0);
    // The newest is current; three builds are kept, the first one is gone.
    const builds = fs.readdirSync(dir).filter((n) => /^\d{8}-/.test(n));
    expect(builds).toHaveLength(3);
    expect(fs.existsSync(first)).toBe(false);
    expect(fs.realpathSync(path.join(dir, 'current'))).toBe(path.join(dir, builds.sort().pop()!));
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'current', 'build.json'), 'utf8')).parts.server).toBeGreaterThan(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
