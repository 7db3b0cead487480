// The retention job of a running shop: once a minute after start, then daily. Unref'd: it never
// keeps the process alive; a failure is logged and the next day tries again.
import type { Knex } from 'knex';
import { RETENTION_INTERVAL_MS } from '@domain/privacy';
import { applyRetention } from './service';

function run(knex: Knex) {
  applyRetention(knex)
    .then((done) => {
      if (done.orders || done.messages) console.log(JSON.stringify({ level: 'info', job: 'privacy-retention', ...done }));
    })
    .catch((err) =>
      console.error(JSON.stringify({ level: 'warn', job: 'privacy-retention', error: String((err as Error)?.message ?? err) })),
    );
}

export function startPrivacyJobs(knex: Knex): () => void {
  const first = setTimeout(() => run(knex), 60_000);
  const daily = setInterval(() => run(knex), RETENTION_INTERVAL_MS);
  for (const t of [first, daily]) t.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
