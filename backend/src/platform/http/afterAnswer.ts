// Work that must not hold up (or show in the timing of) the answer: it starts once the answer
// has been sent. Failures are logged; the answer does not wait for it, but `settled()`
// (platform/events) does, as for an effect after a commit: a test reads the mail it sends.
import type { Context } from 'koa';
import { afterward } from '../events';

export function afterAnswer(ctx: Context, label: string, work: () => Promise<unknown>): void {
  let sent!: () => void;
  const answered = new Promise<void>((resolve) => (sent = resolve));
  ctx.res.once('finish', sent);
  ctx.res.once('close', sent);
  // Counted from now, not from the send: the client may read the answer before the server's
  // 'finish', and whoever then waits for what is under way must find this among it.
  afterward(
    answered
      .then(work)
      .catch((err) => console.error(JSON.stringify({ level: 'error', event: label, error: String((err as Error)?.stack || err) }))),
  );
}
