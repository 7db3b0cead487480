// The client for a courier, from the configuration. Tests point the URLs at a local stand-in.
import type { Config } from '../../config';
import type { Courier } from '@domain/couriers';
import type { CourierClient } from './client';
import { econtClient } from './econtClient';
import { speedyClient } from './speedyClient';

export function clientFor(config: Config, courier: Courier): CourierClient {
  return courier === 'econt' ? econtClient(config.econt, config.courierTimeoutMs) : speedyClient(config.speedy, config.courierTimeoutMs);
}
