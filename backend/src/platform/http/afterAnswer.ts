// Work that must not hold up (or show in the timing of) the answer: it starts once the answer
// has been sent. Failures are logged; nothing waits for it.
import type { Context } from 'koa';

export function afterAnswer(ctx: Context, label: string, work: () => Promise<unknown>): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    work().catch((err) => console.error(JSON.stringify({ level: 'error', event: label, error: String((err as Error)?.stack || err) })));
  };
  ctx.res.once('finish', run);
  ctx.res.once('close', run);
}
