// Structured request logs: method, path, status, time. No query strings, bodies or addresses,
// so no personal data ends up in the log.
import type { Context, Next } from 'koa';

export async function requestLog(ctx: Context, next: Next) {
  const start = process.hrtime.bigint();
  try {
    await next();
  } finally {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (ctx.path.startsWith('/api/')) {
      process.stdout.write(
        JSON.stringify({
          t: new Date().toISOString(),
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
        }) + '\n',
      );
    }
  }
}
