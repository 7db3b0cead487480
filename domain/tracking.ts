// The courier's public tracking page for a shipment number (what the shopper opens from the
// shipping e-mail).
export type Courier = 'econt' | 'speedy';

export const COURIER_NAMES: Readonly<Record<Courier, string>> = { econt: 'Еконт', speedy: 'Спиди' };

/** The courier of an order: named on the order when known, else told by the delivery method. */
export function courierOf(shippingMethod: string, courier?: string | null): Courier | null {
  if (courier === 'econt' || courier === 'speedy') return courier;
  if (shippingMethod.startsWith('econt')) return 'econt';
  if (shippingMethod.startsWith('speedy')) return 'speedy';
  return null;
}

export function trackingUrl(courier: Courier, shipmentNumber: string): string {
  const n = encodeURIComponent(shipmentNumber.trim());
  return courier === 'econt' ? `https://www.econt.com/services/track-shipment/${n}` : `https://www.speedy.bg/bg/track-shipment?shipmentNumber=${n}`;
}
