import {
  INVOICE_TEXT,
  creditNoteLines,
  documentCurrency,
  documentTotals,
  invoiceAmounts,
  linesInCurrency,
  splitVat,
  documentNumber,
  isMonth,
} from './invoices';
import { lineAmounts } from './pricing';

describe('VAT split of prices that include VAT', () => {
  it('gives a base and VAT that add up to the amount exactly (VAT rounded, base the rest)', () => {
    expect(splitVat(2490)).toEqual({ base: 2075, vat: 415 });
    // The one line rule rounds the VAT (3 × 20/120 = 0,5 → 1): it was base-rounded before.
    expect(splitVat(3)).toEqual({ base: 2, vat: 1 });
    expect(splitVat(-1000)).toEqual({ base: -833, vat: -167 });
    for (let g = 0; g < 2000; g++) {
      const { base, vat } = splitVat(g);
      expect(base + vat).toBe(g);
      expect(vat).toBe(Math.floor((g * 20) / 120 + 0.5));
    }
  });
});

describe('invoice lines', () => {
  it('3 × 5,75: base 14,37 + VAT 2,88 (round(17,25 / 6), within a cent of 20 % of the base) = 17,25', () => {
    const a = invoiceAmounts({ items: [{ productName: 'Течност', unitPrice: 575, quantity: 3 }], discountTotal: 0, shippingTotal: 0 });
    expect(a.lines[0]).toEqual(
      expect.objectContaining({ quantity: 3, unitPrice: 575, unitPriceNet: 479, taxBase: 1437, vat: 288, total: 1725 }),
    );
    expect(Math.abs(a.lines[0].vat - a.lines[0].taxBase * 0.2)).toBeLessThanOrEqual(0.6);
    expect(a).toEqual(expect.objectContaining({ taxBase: 1437, vatTotal: 288, total: 1725 }));
  });

  it('computes every line by the one rule and the totals as the sums of the lines', () => {
    const a = invoiceAmounts({
      items: [
        { orderItemId: 7, productName: 'TWINS', variantName: '0 mg', unitPrice: 2490, quantity: 3 },
        { orderItemId: 8, productName: 'TRIPLES', unitPrice: 3001, quantity: 1 },
      ],
      discountCode: 'WELCOME10',
      discountTotal: 1047,
      shippingTotal: 590,
    });
    expect(a.lines.map((l) => l.name)).toEqual(['TWINS (0 mg)', 'TRIPLES', 'Отстъпка (код WELCOME10)', 'Доставка']);
    expect(a.lines.map((l) => l.kind)).toEqual(['goods', 'goods', 'discount', 'shipping']);
    expect(a.total).toBe(7470 + 3001 - 1047 + 590);
    expect(a.lines.reduce((s, l) => s + l.taxBase, 0)).toBe(a.taxBase);
    expect(a.lines.reduce((s, l) => s + l.vat, 0)).toBe(a.vatTotal);
    for (const l of a.lines) {
      expect(l.taxBase + l.vat).toBe(l.total);
      expect(l).toEqual(
        expect.objectContaining(
          ((): object => {
            const x = lineAmounts({ unitMinor: l.unitPrice!, quantity: l.quantity, vatPercent: 20, pricesInclude: 'gross' });
            return { taxBase: x.net, vat: x.vat, total: x.gross };
          })(),
        ),
      );
    }
    expect(a.lines[2].taxBase).toBeLessThan(0);
    expect(a.lines[0].unitPriceNet).toBe(2075);
  });

  it('converts a leva order to euro per unit price, half-up, then computes the lines', () => {
    const a = invoiceAmounts(
      { items: [{ productName: 'TRIPLES', unitPrice: 2790, quantity: 2 }], discountTotal: 0, shippingTotal: 590 },
      { from: 'BGN', to: 'EUR' },
    );
    expect(a.lines[0].unitPrice).toBe(1427); // 27,90 лв. → 14,27 €
    expect(a.lines[0].total).toBe(2854);
    expect(a.lines[1].total).toBe(302); // 5,90 лв. → 3,02 €
    expect(a.total).toBe(3156);
    expect(documentCurrency('2026-01-01', 'BGN')).toBe('EUR');
    expect(documentCurrency('2025-12-31', 'BGN')).toBe('BGN');
  });
});

describe('credit note lines', () => {
  const invoice = invoiceAmounts({
    items: [
      { orderItemId: 1, productName: 'A', unitPrice: 1000, quantity: 3 },
      { orderItemId: 2, productName: 'B', unitPrice: 575, quantity: 2 },
    ],
    discountTotal: 215,
    shippingTotal: 590,
  }).lines;

  it('credits part of the goods with its share of the discount, and the rest with the last goods', () => {
    const first = creditNoteLines(invoice, [], { items: [{ orderItemId: 1, quantity: 1 }], shipping: false });
    if ('field' in first) throw new Error(first.message);
    expect(first.lines.map((l) => [l.kind, l.quantity, l.total])).toEqual([
      ['goods', 1, 1000],
      ['discount', 1, -52],
    ]);
    expect(first.total).toBe(948);
    const rest = creditNoteLines(invoice, first.lines, 'all');
    if ('field' in rest) throw new Error(rest.message);
    expect(rest.lines.map((l) => [l.kind, l.quantity, l.total])).toEqual([
      ['goods', 2, 2000],
      ['goods', 2, 1150],
      ['discount', 1, -163],
      ['shipping', 1, 590],
    ]);
    expect(first.total + rest.total).toBe(documentTotals(invoice).total);
    expect(creditNoteLines(invoice, [...first.lines, ...rest.lines], 'all')).toEqual({
      field: 'invoice',
      message: INVOICE_TEXT.creditNothing,
    });
  });

  it('refuses more than is left, an unknown line, or nothing', () => {
    expect(creditNoteLines(invoice, [], { items: [{ orderItemId: 1, quantity: 4 }], shipping: false })).toEqual({
      field: 'lines.0.quantity',
      message: INVOICE_TEXT.creditTooMuch(3),
    });
    expect(creditNoteLines(invoice, [], { items: [{ orderItemId: 9, quantity: 1 }], shipping: false })).toEqual({
      field: 'lines.0.orderItemId',
      message: INVOICE_TEXT.creditLineUnknown,
    });
    expect(creditNoteLines(invoice, [], { items: [], shipping: false })).toEqual({ field: 'lines', message: INVOICE_TEXT.creditNothing });
  });
});

describe('documents', () => {
  it('numbers documents with ten digits and knows a month', () => {
    expect(documentNumber(1)).toBe('0000000001');
    expect(documentNumber(1234567890)).toBe('1234567890');
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-1')).toBe(false);
  });
});

describe('credit notes of invoices issued before lines had a kind', () => {
  it('credits the whole of a legacy invoice', () => {
    const legacy = [
      { name: 'TRIPLES', unit: 'бр.', quantity: 2, unitPriceNet: 2500, taxBase: 5000, vatPercent: 20, vat: 1000, total: 6000 },
      { name: 'Отстъпка', unit: 'бр.', quantity: 1, unitPriceNet: -500, taxBase: -500, vatPercent: 20, vat: -100, total: -600 },
      { name: 'Доставка', unit: 'бр.', quantity: 1, unitPriceNet: 492, taxBase: 492, vatPercent: 20, vat: 98, total: 590 },
    ];
    const all = creditNoteLines(legacy, [], 'all');
    if ('field' in all) throw new Error(all.message);
    expect(all.lines.map((l) => [l.kind, l.total])).toEqual([
      ['goods', 6000],
      ['discount', -600],
      ['shipping', 590],
    ]);
    expect(all.total).toBe(5990);
    expect(linesInCurrency(all.lines, 'BGN', 'EUR').map((l) => l.total)).toEqual([2 * 1534, -307, 302]);
  });
});

describe('credit notes bounded by money', () => {
  const line = (unitPrice: number, pricesInclude: 'net' | 'gross') =>
    invoiceAmounts({
      pricesInclude,
      items: [{ orderItemId: 1, productName: 'Течност', unitPrice, quantity: 12 }],
      discountTotal: 0,
      shippingTotal: 0,
    }).lines;

  it.each([
    ['12 × 5,13 net', 513, 'net', { net: 6156, vat: 1231 }],
    ['12 × 6,16 with VAT', 616, 'gross', { net: 6160, vat: 1232 }],
  ] as const)('%s credited one unit at a time adds up to the line, never more', (_, unit, prices, whole) => {
    const invoice = line(unit, prices);
    expect([invoice[0].taxBase, invoice[0].vat]).toEqual([whole.net, whole.vat]);
    const credited: ReturnType<typeof line> = [];
    for (let i = 0; i < 12; i++) {
      const note = creditNoteLines(invoice, credited, { items: [{ orderItemId: 1, quantity: 1 }], shipping: false });
      if ('field' in note) throw new Error(note.message);
      credited.push(...note.lines);
      expect(credited.reduce((s, l) => s + l.vat, 0)).toBeLessThanOrEqual(whole.vat);
      expect(credited.reduce((s, l) => s + l.taxBase, 0)).toBeLessThanOrEqual(whole.net);
      expect(note.lines.every((l) => l.taxBase + l.vat === l.total)).toBe(true);
    }
    expect([credited.reduce((s, l) => s + l.taxBase, 0), credited.reduce((s, l) => s + l.vat, 0)]).toEqual([whole.net, whole.vat]);
    expect(creditNoteLines(invoice, credited, 'all')).toEqual({ field: 'invoice', message: INVOICE_TEXT.creditNothing });
  });
});
