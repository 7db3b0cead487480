// Dates typed by staff the Bulgarian way, whatever the browser's language: "31.12.2026" (also
// "1.2.2026", "31/12/2026", a pasted "2026-12-31"), optionally with a time "31.12.2026 18:30".
// An impossible day (29.02.2026, 31.04.2026) is refused, never rolled over into the next month.
// Times are the shop's (Europe/Sofia), like every time the admin shows.
import { SHOP_TIME_ZONE } from './dates';

export const DATE_PLACEHOLDER = 'дд.мм.гггг';
export const DATE_TIME_PLACEHOLDER = 'дд.мм.гггг чч:мм';
const YEAR_MIN = 1900;
const YEAR_MAX = 2199;

const pad = (n: number) => String(n).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real calendar day as "YYYY-MM-DD", or null. */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const BG_DAY = /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{4})(?:\s*г\.?)?$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "31.12.2026", "1.2.2026", "31/12/2026", "2026-12-31" → "2026-12-31"; anything else (29.02.2026) → null. */
export function parseBgDate(text: string | null | undefined): string | null {
  const t = String(text ?? '').trim();
  const bg = BG_DAY.exec(t);
  if (bg) return isoDay(Number(bg[3]), Number(bg[2]), Number(bg[1]));
  const iso = ISO_DAY.exec(t);
  return iso ? isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null;
}

/** "2026-12-31" (or an ISO time: its shop-local day) → "31.12.2026"; "" for nothing or nonsense. */
export function formatBgDate(value: string | null | undefined): string {
  if (!value) return '';
  const iso = ISO_DAY.exec(value);
  if (iso) return `${iso[3]}.${iso[2]}.${iso[1]}`;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const { year, month, day } = sofiaParts(d);
  return `${day}.${month}.${year}`;
}

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
function sofiaParts(d: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const out: Record<string, string> = {};
  for (const p of partsFormat.formatToParts(d)) out[p.type] = p.value;
  return out as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** The instant of a shop-local wall-clock time (Europe/Sofia, summer time included). */
function sofiaInstant(day: string, hour: number, minute: number): Date {
  const guess = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour, minute);
  const p = sofiaParts(new Date(guess));
  const shown = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return new Date(guess - (shown - guess));
}

/** "31.12.2026 18:30" (or a bare day: 00:00) → the ISO instant of that Sofia time; null when impossible. */
export function parseBgDateTime(text: string | null | undefined): string | null {
  const t = String(text ?? '').trim();
  // Bounded before the pattern (its lazy start retries a long run of spaces for each position).
  if (t.length > 40) return null;
  const m = /^(.*?)(?:[\s,]+(\d{1,2})[:.](\d{2})(?:\s*ч\.?)?)?$/.exec(t);
  if (!m) return null;
  const day = parseBgDate(m[1]);
  if (!day) return null;
  const hour = m[2] === undefined ? 0 : Number(m[2]);
  const minute = m[3] === undefined ? 0 : Number(m[3]);
  if (hour > 23 || minute > 59) return null;
  return sofiaInstant(day, hour, minute).toISOString();
}

/** An ISO instant → "31.12.2026 18:30" in Sofia time; "" for nothing or nonsense. */
export function formatBgDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = sofiaParts(d);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

export const MONTH_PLACEHOLDER = 'мм.гггг';

/** "11.2026", "1.2026", "11/2026", a pasted "2026-11" → "2026-11"; anything else → null. */
export function parseBgMonth(text: string | null | undefined): string | null {
  const t = String(text ?? '').trim();
  const bg = /^(\d{1,2})\s*[./-]\s*(\d{4})(?:\s*г\.?)?$/.exec(t);
  const iso = /^(\d{4})-(\d{2})$/.exec(t);
  const [year, month] = bg ? [Number(bg[2]), Number(bg[1])] : iso ? [Number(iso[1]), Number(iso[2])] : [0, 0];
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12) return null;
  return `${year}-${pad(month)}`;
}

/** "2026-11" → "11.2026"; "" for nothing or nonsense. */
export function formatBgMonth(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  return m ? `${m[2]}.${m[1]}` : '';
}
