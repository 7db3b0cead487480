import { toMinor, fromMinor, bgnToEur, formatMoney } from './money';

describe('money', () => {
  it('converts decimals to stotinki and back without float drift', () => {
    expect(toMinor(24.9)).toBe(2490);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(1.005)).toBe(101);
    expect(fromMinor(2490)).toBe(24.9);
    expect(fromMinor(null)).toBeNull();
  });

  it('converts BGN to EUR at the fixed rate 1.95583', () => {
    expect(bgnToEur(19.56)).toBe(10.0);
    expect(bgnToEur(24.9)).toBe(12.73);
  });

  it('formats in bg-BG', () => {
    expect(formatMoney(12345.5).replace(/\s/g, ' ')).toBe('12 345,50 лв.');
    expect(formatMoney(24.9, 'EUR').replace(/\s/g, ' ')).toBe('24,90 €');
  });
});
