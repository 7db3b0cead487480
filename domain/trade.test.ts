import { isRegulatedKind, permitStanding, tradeUnitNet } from './trade';

describe('trade unit prices', () => {
  it('takes the retail net price less the list discount, half-up', () => {
    // 27,90 with 20 % VAT: net 23,25; less 10 % = 20,925 → 20,93.
    expect(tradeUnitNet(2790, 20, 1000)).toBe(2093);
    expect(tradeUnitNet(2790, 20, 0)).toBe(2325);
  });
  it('prefers the fixed net price of the variant', () => {
    expect(tradeUnitNet(2790, 20, 1000, 1500)).toBe(1500);
  });
  it('regulates devices, pods and liquids but not accessories', () => {
    expect(['device', 'pod', 'liquid', 'accessory'].map((k) => isRegulatedKind(k as never))).toEqual([true, true, true, false]);
  });
});

describe("a tobacco trade permit's standing on a day", () => {
  it('holds through its last day, is flagged within 30 days, and expires the day after', () => {
    expect(permitStanding('2026-11-28', '2026-11-28')).toBe('expiring');
    expect(permitStanding('2026-11-27', '2026-11-28')).toBe('expired');
    expect(permitStanding('2026-12-28', '2026-11-28')).toBe('expiring');
    expect(permitStanding('2026-12-29', '2026-11-28')).toBe('valid');
  });
  it('with no date on record is missing, never expired', () => {
    expect(permitStanding(null, '2026-11-28')).toBe('missing');
    expect(permitStanding('', '2026-11-28')).toBe('missing');
  });
});
