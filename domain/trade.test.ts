import {
  isRegulatedKind,
  permitStanding,
  tradePriceTiers,
  tradeQuantityProblem,
  tradeQuantityRule,
  tradeUnitNet,
  tradeUnitPriceAt,
} from './trade';

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

describe('quantity breaks', () => {
  it('start from the row from 1, else the discount, then each break in order', () => {
    expect(
      tradePriceTiers(690, 20, 1000, [
        { minQuantity: 100, netPrice: 490 },
        { minQuantity: 50, netPrice: 520 },
        { minQuantity: 1, netPrice: 575 },
      ]),
    ).toEqual([
      { minQuantity: 1, netPrice: 575 },
      { minQuantity: 50, netPrice: 520 },
      { minQuantity: 100, netPrice: 490 },
    ]);
    // No row from 1: 6,90 → 5,75 net less 10 % = 5,175 → 5,18.
    expect(tradePriceTiers(690, 20, 1000, [{ minQuantity: 50, netPrice: 520 }])).toEqual([
      { minQuantity: 1, netPrice: 518 },
      { minQuantity: 50, netPrice: 520 },
    ]);
  });
  it('price a line at the greatest break it reaches', () => {
    const tiers = tradePriceTiers(690, 20, 0, [
      { minQuantity: 50, netPrice: 520 },
      { minQuantity: 100, netPrice: 490 },
    ]);
    expect([1, 49, 50, 99, 100, 500].map((q) => tradeUnitPriceAt(tiers, q))).toEqual([575, 575, 520, 520, 490, 490]);
  });
});

describe("a product's trade quantities", () => {
  it('follow the pack unless the product has a multiple of its own, from its minimum', () => {
    const byPack = tradeQuantityRule({ tradeMinimumQuantity: 1, tradeMultiple: null }, { packSize: 10 });
    expect(byPack).toEqual({ minimum: 1, multiple: 10, byPack: true });
    expect([10, 15].map((q) => tradeQuantityProblem(q, byPack))).toEqual([null, 'multiple']);
    const own = tradeQuantityRule({ tradeMinimumQuantity: 20, tradeMultiple: 5 }, { packSize: 10 });
    expect([10, 22, 25].map((q) => tradeQuantityProblem(q, own))).toEqual(['minimum', 'multiple', null]);
  });
});
