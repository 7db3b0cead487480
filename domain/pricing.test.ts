import {
  computeTotals,
  discountAmount,
  freeShippingMissing,
  lineAmounts,
  lineTotal,
  shippingOptions,
  ShippingRule,
  sumLineAmounts,
} from './pricing';

const rule: ShippingRule = { fees: { econt_office: 590, speedy_office: 620, address: 790 }, freeShippingThreshold: 10000 };

describe('order totals', () => {
  it('adds lines, then shipping by method', () => {
    expect(
      computeTotals(
        [
          { unitPrice: 2490, quantity: 2 },
          { unitPrice: 990, quantity: 1 },
        ],
        { method: 'econt_office', rule },
      ),
    ).toEqual({
      subtotal: 5970,
      discountTotal: 0,
      shippingTotal: 590,
      total: 6560,
    });
  });

  it('ships free from the threshold, measured after the discount', () => {
    expect(computeTotals([{ unitPrice: 5000, quantity: 2 }], { method: 'address', rule }).shippingTotal).toBe(0);
    const discounted = computeTotals(
      [{ unitPrice: 5000, quantity: 2 }],
      { method: 'address', rule },
      { type: 'percent', value: 10, minSubtotal: 0 },
    );
    expect(discounted).toEqual({ subtotal: 10000, discountTotal: 1000, shippingTotal: 790, total: 9790 });
  });

  it('applies percent, fixed and free-shipping codes only from their minimum subtotal', () => {
    expect(discountAmount(3333, { type: 'percent', value: 15, minSubtotal: 0 })).toBe(500);
    expect(discountAmount(3000, { type: 'fixed', value: 5000, minSubtotal: 0 })).toBe(3000);
    expect(discountAmount(3000, { type: 'fixed', value: 500, minSubtotal: 5000 })).toBe(0);
    const free = computeTotals(
      [{ unitPrice: 2000, quantity: 1 }],
      { method: 'speedy_office', rule },
      { type: 'free_shipping', value: 0, minSubtotal: 1000 },
    );
    expect(free).toEqual({ subtotal: 2000, discountTotal: 0, shippingTotal: 0, total: 2000 });
    const notYet = computeTotals(
      [{ unitPrice: 500, quantity: 1 }],
      { method: 'speedy_office', rule },
      { type: 'free_shipping', value: 0, minSubtotal: 1000 },
    );
    expect(notYet.shippingTotal).toBe(620);
  });

  it('charges nothing for an empty cart', () => {
    expect(computeTotals([], { method: 'address', rule })).toEqual({ subtotal: 0, discountTotal: 0, shippingTotal: 0, total: 0 });
  });

  it('judges free shipping after the discount: 15 × 6,90 лв. with 10% off pays shipping', () => {
    const t = computeTotals(
      [{ unitPrice: 690, quantity: 15 }],
      { method: 'econt_office', rule: { ...rule, fees: { ...rule.fees, econt_office: 590 } } },
      { type: 'percent', value: 10, minSubtotal: 0 },
    );
    expect(t).toEqual({ subtotal: 10350, discountTotal: 1035, shippingTotal: 590, total: 9905 });
    expect(freeShippingMissing(t, rule)).toBe(685);
    expect(shippingOptions([{ unitPrice: 690, quantity: 15 }], rule, { type: 'percent', value: 10, minSubtotal: 0 })).toEqual({
      econt_office: 590,
      speedy_office: 620,
      address: 790,
    });
    expect(shippingOptions([{ unitPrice: 690, quantity: 15 }], rule)).toEqual({ econt_office: 0, speedy_office: 0, address: 0 });
  });
});

describe('line amounts', () => {
  it('gross prices: gross = unit × quantity, VAT rounded once, net the rest', () => {
    expect(lineAmounts({ unitMinor: 575, quantity: 3, vatPercent: 20, pricesInclude: 'gross' })).toEqual({
      unitGross: 575,
      unitNet: 479,
      net: 1437,
      vat: 288,
      gross: 1725,
    });
    expect(lineAmounts({ unitMinor: -1047, quantity: 1, vatPercent: 20, pricesInclude: 'gross' })).toEqual({
      unitGross: -1047,
      unitNet: -872,
      net: -872,
      vat: -175,
      gross: -1047,
    });
  });

  it('net prices (the trade channel): net = unit × quantity, VAT on top', () => {
    expect(lineAmounts({ unitMinor: 479, quantity: 3, vatPercent: 20, pricesInclude: 'net' })).toEqual({
      unitNet: 479,
      unitGross: 575,
      net: 1437,
      vat: 287,
      gross: 1724,
    });
  });

  it('always adds up, and the quote line total is the gross', () => {
    for (let unit = 1; unit < 700; unit += 7)
      for (const quantity of [1, 2, 3, 7]) {
        for (const pricesInclude of ['gross', 'net'] as const) {
          const a = lineAmounts({ unitMinor: unit, quantity, vatPercent: 20, pricesInclude });
          expect(a.net + a.vat).toBe(a.gross);
        }
        expect(lineTotal({ unitPrice: unit, quantity })).toBe(unit * quantity);
      }
    expect(
      sumLineAmounts([
        { net: 1, vat: 2, gross: 3 },
        { net: 10, vat: 20, gross: 30 },
      ]),
    ).toEqual({ net: 11, vat: 22, gross: 33 });
  });
});
