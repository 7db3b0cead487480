// The overdue reminder of a running shop (orders/receivables remindOverdue): a minute after start,
// then hourly. Unref'd: it never keeps the process alive; a failure is logged and the next hour
// tries again. Several instances may run it: each order is reminded once (a guarded mark).
import type { Config } from '../../config';
import { remindOverdue } from './receivables';

export const OVERDUE_REMINDER_INTERVAL_MS = 60 * 60 * 1000;

function run(config: Config) {
  remindOverdue(config)
    .then((reminded) => {
      if (reminded.length) console.log(JSON.stringify({ level: 'info', job: 'overdue-reminders', reminded }));
    })
    .catch((err) =>
      console.error(JSON.stringify({ level: 'warn', job: 'overdue-reminders', error: String((err as Error)?.message ?? err) })),
    );
}

export function startOverdueReminders(config: Config): () => void {
  const first = setTimeout(run, 60_000, config);
  const hourly = setInterval(run, OVERDUE_REMINDER_INTERVAL_MS, config);
  for (const t of [first, hourly]) t.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
