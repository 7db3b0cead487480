// The quick order's CSV: SKU;quantity lines read into quantities, each bad line reported by number.
import { readQuickOrderCsv } from './quickOrderCsv';
import { TRADE_ORDER_TEXT as T } from './tradeOrderTexts';
import { netDocumentTotals } from './pricing';

const SKUS = ['TR-1', 'TW-0', 'POD-10'];

it('reads SKU;quantity lines (any case, comma or tab too, a header skipped, one SKU added up)', () => {
  const { quantities, problems } = readQuickOrderCsv('\uFEFFSKU;Количество\ntr-1;12\nTW-0,20\nPOD-10\t30\nTR-1;3\n\n', SKUS);
  expect(problems).toEqual([]);
  expect([...quantities]).toEqual([
    ['TR-1', 15],
    ['TW-0', 20],
    ['POD-10', 30],
  ]);
});

it('reports unknown SKUs, bad quantities and bad lines by their line number', () => {
  const { quantities, problems } = readQuickOrderCsv('TR-1;2\nNOPE;4\nTW-0;-1\nTW-0;2,5\nсамо текст\nPOD-10;0', SKUS);
  expect([...quantities]).toEqual([['TR-1', 2]]);
  expect(problems).toEqual([
    T.csvUnknownSku(2, 'NOPE'),
    T.csvBadQuantity(3, '-1'),
    T.csvBadQuantity(4, '2,5'),
    T.csvBadLine(5),
    T.csvBadQuantity(6, '0'),
  ]);
});

it('a net document: each line 20 % VAT on its base, shipping a gross line, totals the sums', () => {
  const doc = netDocumentTotals(
    [
      { unitNet: 575, quantity: 3 },
      { unitNet: 333, quantity: 1 },
    ],
    599,
  );
  expect(doc.lines.map((l) => [l.net, l.vat, l.gross])).toEqual([
    [1725, 345, 2070],
    [333, 67, 400],
  ]);
  expect(doc.shipping).toEqual(expect.objectContaining({ gross: 599, vat: 100, net: 499 }));
  expect(doc.subtotalNet).toBe(2058);
  expect(doc.vatTotal).toBe(345 + 67 + 100);
  expect(doc.total).toBe(2070 + 400 + 599);
  expect(doc.netTotal + doc.vatTotal).toBe(doc.total);
});
