import { addDays, formatDateTime, nextDay, periodLabel, periodOf, periodsBetween, shopDay, shopDayStart } from './dates';

describe('shop-local days and periods', () => {
  it('writes a moment in Sofia time to the minute, the same for every second of that minute, summer and winter', () => {
    const icu = (iso: string) =>
      new Intl.DateTimeFormat('bg-BG', {
        timeZone: 'Europe/Sofia',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso));
    for (const iso of [
      '2026-11-21T22:30:00Z',
      '2026-11-21T22:30:59.999Z',
      '2026-11-21T22:31:00Z',
      '2026-07-01T21:30:15Z',
      '2026-03-29T00:59:59Z',
      '2026-03-29T01:00:00Z',
    ])
      expect(formatDateTime(iso)).toBe(icu(iso));
    expect(formatDateTime(new Date('2026-11-21T22:30:10Z'))).toBe(formatDateTime('2026-11-21T22:30:50Z'));
    expect(() => formatDateTime('не е дата')).toThrow();
  });

  it('reads instants in Sofia time, summer and winter', () => {
    expect(shopDay('2026-11-21T22:30:00Z')).toBe('2026-11-22');
    expect(shopDay('2026-07-01T21:30:00Z')).toBe('2026-07-02');
    expect(shopDayStart('2026-11-22').toISOString()).toBe('2026-11-21T22:00:00.000Z');
    expect(shopDayStart('2026-07-02').toISOString()).toBe('2026-07-01T21:00:00.000Z');
  });

  it('groups days into weeks starting on Monday and into months, every period once', () => {
    expect(periodOf('2026-11-22', 'week')).toBe('2026-11-16');
    expect(periodOf('2026-11-23', 'week')).toBe('2026-11-23');
    expect(periodOf('2026-11-22', 'month')).toBe('2026-11');
    expect(periodsBetween('2026-11-20', '2026-11-24', 'day')).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(periodsBetween('2026-11-20', '2026-11-24', 'week')).toEqual(['2026-11-16', '2026-11-23']);
    expect(periodsBetween('2026-10-30', '2026-12-01', 'month')).toEqual(['2026-10', '2026-11', '2026-12']);
  });
});

test('chart periods read Bulgarian style', () => {
  expect(periodLabel('2026-11-23')).toBe('23.11.2026');
  expect(periodLabel('2026-11')).toBe('11.2026');
  expect(periodLabel('TWINS')).toBe('TWINS');
});

test('days move across months, years and the change of clocks', () => {
  expect(nextDay('2026-12-31')).toBe('2027-01-01');
  expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  expect(addDays('2026-11-28', 30)).toBe('2026-12-28');
  expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
});
