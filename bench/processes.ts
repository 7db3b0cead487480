// What the bench scripts start and watch: a free port, the built shop as `npm start` runs it
// (production settings, no request log), the Koa no-op every figure is compared with, waiting for
// either to answer, and a process's CPU time. Not a test.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

const ROOT = path.resolve(__dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
}

/** Resolves once `url` answers; fails when the process that should answer has exited. */
export async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

/** The built server (build/current) on `port`, with `env` beside the bench's production settings;
 *  `nodeArgs` before the script (e.g. `--cpu-prof`). */
export function startBuiltShop(port: number, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, fs.realpathSync(path.join(ROOT, 'build/current/server/main.js'))], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', INSECURE_COOKIES: '1', PORT: String(port), LOG_REQUESTS: '0', ...env },
  });
}

/** The Koa no-op (bench/noop.ts) on `port`. */
export function startNoop(port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'noop.ts')], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port) },
  });
}

/** CPU time (user + system) a process has used, in ms. */
export function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return 0;
  }
}
