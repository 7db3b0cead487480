// Tiny date helpers for the filter sidebar (local time, week starts on Monday as in Bulgaria).
export function startOfDay(now: Date): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d;
}
export function startOfWeek(now: Date): Date {
  const d = startOfDay(now);
  const day = (d.getDay() + 6) % 7;
  d.setDate(d.getDate() - day);
  return d;
}
export function startOfMonth(now: Date): Date {
  const d = startOfDay(now);
  d.setDate(1);
  return d;
}
export function subMonths(d: Date, n: number): Date {
  const x = new Date(d);
  x.setMonth(x.getMonth() - n);
  return x;
}
