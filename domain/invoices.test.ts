import { invoiceAmounts, splitVat, documentNumber, isMonth } from './invoices';

describe('VAT split of prices that include VAT', () => {
  it('gives a base and VAT that add up to the amount exactly', () => {
    expect(splitVat(2490)).toEqual({ base: 2075, vat: 415 });
    expect(splitVat(3)).toEqual({ base: 3, vat: 0 }); // 2.5 rounds half up
    expect(splitVat(-1000)).toEqual({ base: -833, vat: -167 });
    for (let g = 0; g < 2000; g++) {
      const { base, vat } = splitVat(g);
      expect(base + vat).toBe(g);
      expect(Math.abs(vat - base * 0.2)).toBeLessThanOrEqual(0.6 + 1e-9);
    }
  });

  it('spreads the rounding so the lines add up to the document', () => {
    const a = invoiceAmounts({
      items: [
        { productName: 'TWINS', variantName: '0 mg', unitPrice: 2490, quantity: 3, lineTotal: 7470 },
        { productName: 'TRIPLES', unitPrice: 3001, quantity: 1, lineTotal: 3001 },
      ],
      discountCode: 'WELCOME10', discountTotal: 1047, shippingTotal: 590, total: 7470 + 3001 - 1047 + 590,
    });
    expect(a.lines.map((l) => l.name)).toEqual(['TWINS (0 mg)', 'TRIPLES', 'Отстъпка (код WELCOME10)', 'Доставка']);
    expect(a.total).toBe(10014);
    expect(a.taxBase).toBe(splitVat(10014).base);
    expect(a.taxBase + a.vatTotal).toBe(a.total);
    expect(a.lines.reduce((s, l) => s + l.taxBase, 0)).toBe(a.taxBase);
    expect(a.lines.reduce((s, l) => s + l.vat, 0)).toBe(a.vatTotal);
    for (const l of a.lines) expect(l.taxBase + l.vat).toBe(l.total);
    expect(a.lines[2].taxBase).toBeLessThan(0);
    expect(a.lines[0].unitPriceNet).toBe(2075);
  });

  it('numbers documents with ten digits and knows a month', () => {
    expect(documentNumber(1)).toBe('0000000001');
    expect(documentNumber(1234567890)).toBe('1234567890');
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-1')).toBe(false);
  });
});
