import {
  toMinor,
  fromMinor,
  bgnToEur,
  formatMoney,
  convertMinor,
  convertAmount,
  formatDual,
  parseMoneyInput,
  dualDisplayByDefault,
} from './money';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('money', () => {
  it('converts decimals to minor units and back without float drift', () => {
    expect(toMinor(24.9)).toBe(2490);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(1.005)).toBe(101);
    expect(fromMinor(2490)).toBe(24.9);
    expect(fromMinor(null)).toBeNull();
  });

  it.each([
    [27.9, 14.27],
    [100, 51.13],
    [0.01, 0.01],
    [1.95583, 1.0],
    [19.56, 10.0],
    [24.9, 12.73],
  ])('converts %p лв. to %p € at 1.95583, half-up to the cent', (bgn, eur) => {
    expect(convertAmount(bgn, 'BGN', 'EUR')).toBe(eur);
    expect(bgnToEur(bgn)).toBe(eur);
  });

  it('converts minor units exactly in both directions', () => {
    expect(convertMinor(2790, 'BGN', 'EUR')).toBe(1427);
    expect(convertMinor(10000, 'BGN', 'EUR')).toBe(5113);
    expect(convertMinor(1, 'BGN', 'EUR')).toBe(1);
    expect(convertMinor(0, 'BGN', 'EUR')).toBe(0);
    expect(convertMinor(1000, 'EUR', 'BGN')).toBe(1956);
    expect(convertMinor(1427, 'EUR', 'EUR')).toBe(1427);
  });

  it('formats in bg-BG, the own currency first and the other beside while dual display is on', () => {
    expect(plain(formatMoney(12345.5))).toBe('12 345,50 лв.');
    expect(plain(formatMoney(24.9, 'EUR'))).toBe('24,90 €');
    expect(plain(formatDual(14.27, 'EUR', true))).toBe('14,27 € / 27,91 лв.');
    expect(plain(formatDual(27.9, 'BGN', true))).toBe('27,90 лв. / 14,27 €');
    expect(plain(formatDual(27.9, 'BGN', false))).toBe('27,90 лв.');
    // Written once and then looked up: the same words the second time, for each currency apart,
    // and a negative zero keeps its sign as ICU writes it.
    const icu = (n: number, c: string) => new Intl.NumberFormat('bg-BG', { style: 'currency', currency: c }).format(n);
    for (const [n, c] of [
      [0, 'BGN'],
      [-0, 'BGN'],
      [0, 'EUR'],
      [-12.5, 'EUR'],
      [0, 'BGN'],
    ] as const)
      expect(formatMoney(n, c)).toBe(icu(n, c));
  });

  it.each([
    ['29,90', 29.9],
    ['29.90', 29.9],
    ['29', 29],
    ['29,9', 29.9],
    [' 1 299,90 ', 1299.9],
    ['29,90 лв.', 29.9],
    ['0,01', 0.01],
  ])('reads the typed amount %p as %p', (typed, amount) => {
    expect(parseMoneyInput(typed)).toBe(amount);
  });

  it.each(['', 'abc', '29,999', '1.299,90', '1,299.90', '-5', '29,90,1', '2e3'])('refuses %p instead of guessing', (typed) => {
    expect(parseMoneyInput(typed)).toBeNull();
  });

  it('shows both currencies by default until 31 December 2026 (Sofia time), not after', () => {
    expect(dualDisplayByDefault(new Date('2026-11-23T12:00:00Z'))).toBe(true);
    expect(dualDisplayByDefault(new Date('2026-12-31T21:59:00Z'))).toBe(true);
    expect(dualDisplayByDefault(new Date('2026-12-31T22:01:00Z'))).toBe(false);
    expect(dualDisplayByDefault(new Date('2027-03-01T12:00:00Z'))).toBe(false);
  });
});

describe('parseMoneyInput on long input', () => {
  it('refuses a long run of spaces at once, and still reads a unit after spaces', () => {
    expect(parseMoneyInput('1' + ' '.repeat(1_000_000) + 'x')).toBeNull();
    expect(parseMoneyInput(' '.repeat(1_000_000))).toBeNull();
    expect(parseMoneyInput('29,90   лв.')).toBe(29.9);
    expect(parseMoneyInput('1 299,90 EUR')).toBe(1299.9);
  });
});
