// The couriers' job of a running shop: the office directory refreshed at start (in the
// background, never delaying it) and daily (tracking the open shipments is shipments/jobs).
// Started by createApp only when config.courierJobs is on (off in tests).
import type { Config } from '../../config';
import { COURIERS, OFFICE_SYNC_INTERVAL_MS } from '@domain/couriers';
import { isConfigured } from './client';
import { syncCourierOffices } from './offices';

function warn(job: string, err: unknown) {
  console.error(JSON.stringify({ level: 'warn', job, error: String((err as Error)?.message ?? err) }));
}

async function syncConfigured(config: Config) {
  await Promise.all(
    COURIERS.filter((courier) => isConfigured(config[courier])).map((courier) =>
      syncCourierOffices(config, courier).catch((err) => warn(`office-sync-${courier}`, err)),
    ),
  );
}

export function startCourierJobs(config: Config): () => void {
  // syncConfigured reports each courier's failure itself: nothing is left to catch here.
  const first = setTimeout(syncConfigured, 1_000, config);
  const daily = setInterval(syncConfigured, OFFICE_SYNC_INTERVAL_MS, config);
  for (const t of [first, daily]) t.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
