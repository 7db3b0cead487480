// The permit notice of a running shop (trade/permits remindPermits): a minute after start, then
// daily. Unref'd: it never keeps the process alive; a failure is logged and the next day tries
// again. Several instances may run it: each expiry date is told once (a guarded mark).
import { DAY_MS } from '@domain/dates';
import { remindPermits } from './permits';

export const PERMIT_REMINDER_INTERVAL_MS = DAY_MS;

function run() {
  remindPermits()
    .then((told) => {
      if (told.length) console.log(JSON.stringify({ level: 'info', job: 'permit-reminders', companies: told }));
    })
    .catch((err) =>
      console.error(JSON.stringify({ level: 'warn', job: 'permit-reminders', error: String((err as Error)?.message ?? err) })),
    );
}

export function startPermitReminders(): () => void {
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, PERMIT_REMINDER_INTERVAL_MS);
  for (const t of [first, daily]) t.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
