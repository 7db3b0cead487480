// Structured request logs: method, path, status, time. No query strings, bodies or addresses,
// so no personal data ends up in the log. A line per request written on its own costs a system
// call each, which under load weighs more than answering a kept catalogue answer: the lines are
// gathered and written a few kilobytes at a time (sonic-boom, pino's writer), at the latest a
// second after they were logged, and whatever is gathered is written when the process exits.
import type { Context, Middleware, Next } from 'koa';
import SonicBoom from 'sonic-boom';

/** Where log lines go: standard output, through the gathering writer. */
export interface LogDestination {
  write(line: string): unknown;
}

const GATHER_BYTES = 8192;
const FLUSH_EVERY_MS = 1000;

let standardOutput: LogDestination | undefined;

/** The process's standard output, lines gathered (one writer for every app in the process). */
function gatheredStandardOutput(): LogDestination {
  if (standardOutput) return standardOutput;
  const out = new SonicBoom({ fd: process.stdout.fd, minLength: GATHER_BYTES, sync: false });
  let unwritten = false;
  // A quiet shop's few lines are not held back longer than this.
  setInterval(() => {
    if (!unwritten) return;
    unwritten = false;
    out.flush();
  }, FLUSH_EVERY_MS).unref();
  process.on('exit', () => out.flushSync());
  standardOutput = {
    write(line: string) {
      unwritten = true;
      return out.write(line);
    },
  };
  return standardOutput;
}

/** Where the request log goes: `destination`, or standard output through the gathering writer. */
export function requestLogDestination(destination?: LogDestination): LogDestination {
  return destination ?? gatheredStandardOutput();
}

/** One request's line (API requests only). */
export function requestLogLine(method: string, path: string, status: number, ms: number): string {
  return JSON.stringify({ t: new Date().toISOString(), method, path, status, ms: Math.round(ms * 10) / 10 }) + '\n';
}

/** The request log, to `destination` (standard output by default). */
export function requestLog(destination?: LogDestination): Middleware {
  return async (ctx: Context, next: Next) => {
    const start = process.hrtime.bigint();
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api/')) {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        requestLogDestination(destination).write(requestLogLine(ctx.method, ctx.path, ctx.status, ms));
      }
    }
  };
}
