// Dates as a Bulgarian reader expects them, in the shop's time zone whatever the server's.

export const SHOP_TIME_ZONE = 'Europe/Sofia';

const dateTime = new Intl.DateTimeFormat('bg-BG', { timeZone: SHOP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('bg-BG', { timeZone: SHOP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** "22.11.2026 г., 14:05 ч." */
export function formatDateTime(iso: string | Date): string {
  return dateTime.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** "22.11.2026 г." */
export function formatDate(iso: string | Date): string {
  return dateOnly.format(typeof iso === 'string' ? new Date(iso) : iso);
}

export const DAY_MS = 24 * 60 * 60 * 1000;
