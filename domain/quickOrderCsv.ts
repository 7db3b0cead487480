// The quick order's CSV: lines of `SKU;quantity` (a comma or a tab also separates; a
// header line naming the columns is skipped), read into quantities by SKU with each bad line
// reported by its number. Pure: the storefront reads what a member pasted or uploaded.
import { TRADE_ORDER_TEXT } from './tradeOrderTexts';

export interface CsvRead {
  /** SKU (as the catalogue spells it) → quantity, lines of one SKU added up. */
  quantities: Map<string, number>;
  /** One text per line that could not be read, in line order. */
  problems: string[];
}

const HEADER = /^(sku|арт|артикул|код|номер)/i;

/** Read the CSV against the known SKUs (case-insensitive; their own spelling is kept). */
export function readQuickOrderCsv(text: string, knownSkus: Iterable<string>): CsvRead {
  const byUpper = new Map<string, string>();
  for (const sku of knownSkus) byUpper.set(sku.trim().toUpperCase(), sku);
  const quantities = new Map<string, number>();
  const problems: string[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const n = i + 1;
    if (!line) return;
    // `;` when the line has one (a decimal comma is then a bad quantity, never a separator), else a tab, else a comma.
    const separator = line.includes(';') ? ';' : line.includes('\t') ? '\t' : ',';
    const cells = line.split(separator).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (cells.length < 2 || !cells[0]) {
      problems.push(TRADE_ORDER_TEXT.csvBadLine(n));
      return;
    }
    const [skuText, quantityText] = cells;
    if (i === 0 && HEADER.test(skuText) && !/^\d+$/.test(quantityText)) return;
    const sku = byUpper.get(skuText.toUpperCase());
    if (!sku) {
      problems.push(TRADE_ORDER_TEXT.csvUnknownSku(n, skuText));
      return;
    }
    if (!/^\d{1,6}$/.test(quantityText) || Number(quantityText) < 1) {
      problems.push(TRADE_ORDER_TEXT.csvBadQuantity(n, quantityText));
      return;
    }
    quantities.set(sku, (quantities.get(sku) ?? 0) + Number(quantityText));
  });
  return { quantities, problems };
}
