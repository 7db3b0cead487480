// Dates as a Bulgarian reader expects them, in the shop's time zone whatever the server's.

export const SHOP_TIME_ZONE = 'Europe/Sofia';

const dateTime = new Intl.DateTimeFormat('bg-BG', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('bg-BG', { timeZone: SHOP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** Minutes already written: every time of one minute reads the same (Sofia's offset from UTC is
 *  whole hours), and ICU's formatting costs more than looking one up. */
const minutesWritten = new Map<number, string>();
const MINUTES_WRITTEN_MAX = 2000;

/** "22.11.2026 г., 14:05 ч." */
export function formatDateTime(iso: string | Date): string {
  const at = typeof iso === 'string' ? new Date(iso) : iso;
  const minute = Math.floor(at.getTime() / 60_000);
  // An invalid date is left to the formatter (it throws as before).
  if (!Number.isFinite(minute)) return dateTime.format(at);
  const known = minutesWritten.get(minute);
  if (known !== undefined) return known;
  const text = dateTime.format(at);
  if (minutesWritten.size >= MINUTES_WRITTEN_MAX) minutesWritten.clear();
  minutesWritten.set(minute, text);
  return text;
}

/** "22.11.2026 г." */
export function formatDate(iso: string | Date): string {
  return dateOnly.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const dayPart = new Intl.DateTimeFormat('bg-BG', { timeZone: SHOP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const timePart = new Intl.DateTimeFormat('bg-BG', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The day and the time apart, to fit a sentence: { date: "28.11.2026", time: "10:42" }. */
export function dateAndTime(iso: string | Date): { date: string; time: string } {
  const at = typeof iso === 'string' ? new Date(iso) : iso;
  return { date: dayPart.format(at).replace(/\s*г\.?$/, ''), time: timePart.format(at) };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

const dayKeyFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The shop-local calendar day of an instant: "2026-11-22". */
export function shopDay(at: string | Date): string {
  return dayKeyFormat.format(typeof at === 'string' ? new Date(at) : at).slice(0, 10);
}

/** The instant a shop-local day begins ("2026-11-22" → 2026-11-21T22:00:00.000Z in winter). */
export function shopDayStart(day: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  const local = new Date(dayKeyFormat.format(guess).replace(' ', 'T') + 'Z');
  return new Date(guess.getTime() - (local.getTime() - guess.getTime()));
}

/** The day after a "YYYY-MM-DD" day. */
export function nextDay(day: string): string {
  return addDays(day, 1);
}

/** The day `days` after (or, negative, before) a "YYYY-MM-DD" day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export type Granularity = 'day' | 'week' | 'month';
export const GRANULARITIES: readonly Granularity[] = ['day', 'week', 'month'];

/** The period a shop-local day falls in: the day, its week's Monday, or "YYYY-MM". */
export function periodOf(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return day.slice(0, 7);
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** Every period from one day to another, in order, each once. */
export function periodsBetween(from: string, to: string, granularity: Granularity): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    const p = periodOf(day, granularity);
    if (out[out.length - 1] !== p) out.push(p);
  }
  return out;
}

/** A chart's period as Bulgarians write it: "2026-11-23" → "23.11.2026", "2026-11" → "11.2026". */
export function periodLabel(period: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  if (day) return `${day[3]}.${day[2]}.${day[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  return month ? `${month[2]}.${month[1]}` : period;
}
