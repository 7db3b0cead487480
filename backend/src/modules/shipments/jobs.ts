// The shipments' job of a running shop: open shipments tracked every 30 minutes (delivered orders
// move, cash on delivery collected is marked paid). Started by createApp only when
// config.courierJobs is on (off in tests).
import type { Config } from '../../config';
import { TRACKING_INTERVAL_MS } from '@domain/couriers';
import { trackOpenShipments } from './tracking';

function warn(job: string, err: unknown) {
  console.error(JSON.stringify({ level: 'warn', job, error: String((err as Error)?.message ?? err) }));
}

export function startShipmentJobs(config: Config): () => void {
  const tracking = setInterval(() => {
    trackOpenShipments(config).catch((err) => warn('courier-tracking', err));
  }, TRACKING_INTERVAL_MS);
  tracking.unref();
  return () => clearInterval(tracking);
}
