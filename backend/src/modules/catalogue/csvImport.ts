// CSV import of products, variants and stock: what staff export from the admin (Наличности,
// UTF-8 with BOM, `;`, Bulgarian headers, decimal comma), edit in Bulgarian Excel and bring back.
// A variant is found by its SKU, a product by its address (slug) or, for a new SKU without one,
// by the slug of its name. Every row is read and checked first (the dry run answers exactly that
// plan); applying re-plans inside one transaction and writes only when no row has an error. Each
// product is written by the catalogue's one save (productSave), given what the file says in the
// save's own terms (money in minor units, as read); the plan runs the save's checks (the tobacco
// directive's limits) and what the schema would refuse of it: a row error in their words.
import Papa from 'papaparse';
import type { Transaction } from 'objection';
import { Product } from '../../models/Product';
import { Variant } from '../../models/Variant';
import { Category } from '../../models/Category';
import type { AuditLog } from '../../models/AuditLog';
import { recordAudit } from '../../platform/http/auditTrail';
import { productSaveErrors, saveProduct, type ProductSave } from './productSave';
import { setStockTo } from '../inventory';
import { HttpError, type FieldErrors } from '../../platform/http/errors';
import { API, IMPORT } from '@domain/messages';
import { IMPORT_ROWS_MAX, LINE_BREAK, PRICE_MAX, SKU_MAX, SLUG_MAX, STOCK_MAX, TITLE_MAX, type ProductStatus } from '@domain/limits';
import { fromMinor, parseMoneyInput, toMinor } from '@domain/money';
import { slugify } from '@domain/slug';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { PACK_SIZE_MAX, PRODUCT_VARIANTS_MAX, type ProductChange } from '@domain/schemas/catalogue';
import type { ImportAction, ImportChange, ImportReport, ImportRow } from '@domain/api';

/** What a column means, by the headers the admin's exports write (Bulgarian and English). */
const COLUMNS = {
  sku: ['sku', 'код', 'артикул'],
  productName: ['продукт', 'име', 'име на продукта', 'product', 'name', 'productname'],
  productSlug: ['адрес (slug)', 'slug', 'адрес', 'address (slug)', 'productslug'],
  variantName: ['вариант', 'variant', 'variantname'],
  price: ['цена', 'price'],
  stock: ['наличност', 'количество', 'stock', 'quantity'],
  compareAtPrice: ['стара цена', 'compare-at price', 'compare at price', 'old price'],
  category: ['категория', 'category', 'categoryname'],
  status: ['статус', 'status', 'productstatus'],
  // Optional: pieces in a trade pack; not given, a variant keeps its own (new ones: 1).
  packSize: ['опаковка', 'опаковка (бр.)', 'бр. в опаковка', 'pack', 'pack size', 'packsize'],
  // Optional: a variant's own nicotine strength; not given, a variant keeps its own (new ones:
  // none, so the product's).
  nicotineMgMl: ['никотин (mg/ml)', 'никотин', 'nicotine (mg/ml)', 'nicotine', 'nicotinemgml'],
} as const;
type Column = keyof typeof COLUMNS;

const STATUS_WORDS: Record<string, ProductStatus> = {
  чернова: 'draft',
  draft: 'draft',
  активен: 'active',
  активна: 'active',
  active: 'active',
  архивиран: 'archived',
  архивирана: 'archived',
  archived: 'archived',
};
const SKU_PATTERN = /^[A-Za-z0-9._\-/]+$/;

const normalHeader = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('bg');

/** The file's text: UTF-8 (with or without BOM); else Windows-1251, what Bulgarian Excel writes
 *  for a plain "CSV (разделен със запетаи)". */
export function decodeCsv(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return new TextDecoder('windows-1251').decode(buf);
  }
}

/** `;` (Bulgarian Excel), `,` or tab, by the header line: headers never hold a decimal comma. */
export function guessDelimiter(text: string): string {
  const header = text.split(/\r?\n/, 1)[0].replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ';';
}

/** One data row as read from the file, each cell trimmed. */
interface ReadRow {
  row: number;
  cells: Partial<Record<Column, string>>;
  parseError?: string;
}

interface ReadFile {
  rows: ReadRow[];
  headerOf: Partial<Record<Column, string>>;
  used: string[];
  ignored: string[];
}

function refuse(status: number, message: string): HttpError {
  return new HttpError(status, message, { file: message });
}

/** Reads the CSV into rows of known columns. Refuses (400/413) a file it cannot use at all. */
export function readCsv(buf: Buffer): ReadFile {
  const text = decodeCsv(buf);
  const parsed = Papa.parse<string[]>(text, { delimiter: guessDelimiter(text), skipEmptyLines: false });
  const [header, ...records] = parsed.data;
  if (!header || header.every((h) => !h.trim())) throw refuse(400, IMPORT.empty);
  const columnAt = new Map<number, Column>();
  const headerOf: Partial<Record<Column, string>> = {};
  const used: string[] = [];
  const ignored: string[] = [];
  header.forEach((raw, i) => {
    const name = normalHeader(raw);
    const column = (Object.keys(COLUMNS) as Column[]).find((c) => (COLUMNS[c] as readonly string[]).includes(name));
    if (column && !(column in headerOf)) {
      columnAt.set(i, column);
      headerOf[column] = raw.replace(/^\uFEFF/, '').trim();
      used.push(headerOf[column]!);
    } else if (raw.trim()) ignored.push(raw.trim());
  });
  if (!headerOf.sku) throw refuse(400, IMPORT.noSkuColumn);
  const quoteErrors = new Map<number, string>();
  for (const e of parsed.errors) if (e.code === 'MissingQuotes' && e.row !== undefined) quoteErrors.set(e.row, IMPORT.unclosedQuote);
  const rows: ReadRow[] = [];
  records.forEach((record, i) => {
    if (record.every((c) => !c.trim())) return; // empty lines (and the file's last newline)
    const cells: ReadRow['cells'] = {};
    for (const [index, column] of columnAt) {
      const value = (record[index] ?? '').trim();
      if (value) cells[column] = value;
    }
    rows.push({ row: i + 2, cells, parseError: quoteErrors.get(i + 1) });
  });
  if (rows.length > IMPORT_ROWS_MAX) throw refuse(413, IMPORT.tooManyRows);
  if (!rows.length) throw refuse(400, IMPORT.noDataRows);
  return { rows, headerOf, used, ignored };
}

/** A row's values, read and checked on their own (no database yet). */
interface RowValues {
  sku?: string;
  productName?: string;
  productSlug?: string;
  variantName?: string;
  price?: number; // minor units
  stock?: number;
  compareAtPrice?: number;
  categoryText?: string;
  status?: ProductStatus;
  packSize?: number;
  nicotineMgMl?: number;
}

function readValues(r: ReadRow, addError: (column: Column | '', message: string) => void): RowValues {
  const c = r.cells;
  const v: RowValues = {};
  if (r.parseError) addError('', r.parseError);
  if (!c.sku) addError('sku', IMPORT.skuMissing);
  else if (c.sku.length > SKU_MAX || !SKU_PATTERN.test(c.sku)) addError('sku', IMPORT.skuInvalid);
  else v.sku = c.sku;
  for (const k of ['productName', 'variantName'] as const) {
    if (c[k] === undefined) continue;
    if (c[k]!.length > TITLE_MAX) addError(k, IMPORT.tooLong(TITLE_MAX));
    else v[k] = c[k];
  }
  if (c.productSlug !== undefined) {
    const slug = slugify(c.productSlug);
    if (!slug || slug !== c.productSlug.toLowerCase() || c.productSlug.length > SLUG_MAX) addError('productSlug', IMPORT.slugInvalid);
    else v.productSlug = slug;
  }
  for (const k of ['price', 'compareAtPrice'] as const) {
    if (c[k] === undefined) continue;
    const amount = parseMoneyInput(c[k]);
    if (amount === null) addError(k, IMPORT.priceInvalid(c[k]!));
    else if (amount > PRICE_MAX) addError(k, IMPORT.priceTooHigh(PRICE_MAX));
    else v[k] = toMinor(amount);
  }
  if (c.stock !== undefined) {
    const text = c.stock.replace(/[\s\u00a0\u202f]/g, '');
    if (/^-\d+([.,]\d+)?$/.test(text)) addError('stock', IMPORT.stockNegative);
    else if (!/^\d+$/.test(text)) addError('stock', IMPORT.stockNotWhole(c.stock));
    else if (Number(text) > STOCK_MAX) addError('stock', IMPORT.stockTooHigh(STOCK_MAX));
    else v.stock = Number(text);
  }
  if (c.packSize !== undefined) {
    const text = c.packSize.replace(/[\s\u00a0\u202f]/g, '');
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > PACK_SIZE_MAX) addError('packSize', PRICE_LIST_TEXTS.packSizeInvalid);
    else v.packSize = Number(text);
  }
  if (c.nicotineMgMl !== undefined) {
    // A decimal comma as Bulgarian Excel writes it; the upper limit is the save's (the directive).
    const text = c.nicotineMgMl.replace(/[\s\u00a0\u202f]/g, '').replace(/mg(\/ml)?$/i, '');
    if (!/^\d+([.,]\d+)?$/.test(text)) addError('nicotineMgMl', IMPORT.nicotineInvalid(c.nicotineMgMl));
    else v.nicotineMgMl = Number(text.replace(',', '.'));
  }
  if (c.category !== undefined) v.categoryText = c.category;
  if (c.status !== undefined) {
    const status = STATUS_WORDS[c.status.toLocaleLowerCase('bg')];
    if (!status) addError('status', IMPORT.statusUnknown(c.status));
    else v.status = status;
  }
  return v;
}

/** What a product ends up as: an existing one (with its current values) or one the file creates. */
interface PlannedProduct {
  key: string; // its slug
  existing?: Product;
  /** The row that names the product's fields first, for "differs from row N". */
  firstRow: Partial<Record<'productName' | 'category' | 'status' | 'compareAtPrice', { row: number; value: unknown }>>;
  name?: string;
  categoryId?: number | null;
  status?: ProductStatus;
  compareAtPrice?: number;
  /** The product's price after the import (minor units). */
  price?: number;
  /** Variants of this product named in the file, in file order. */
  lines: PlannedLine[];
  /** What the catalogue's one save is given for it, when the file changes it; the file's line
   *  behind each variant it saves (none: a variant the file does not name). */
  save?: { what: ProductSave; variantLines: Array<PlannedLine | undefined> };
}

interface PlannedLine {
  result: ImportRow;
  values: RowValues;
  existing?: Variant;
}

export interface ImportPlan {
  report: ImportReport;
  products: PlannedProduct[];
  /** Set when no row has an error. */
  ok: boolean;
}

const emptyCounts = (): Record<ImportAction, number> => ({ createProduct: 0, createVariant: 0, update: 0, unchanged: 0, error: 0 });

/** Chunks for `where in` lists (both databases take thousands; this keeps statements small). */
function chunks<T>(list: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Reads the database and works out, row by row, what the file would change. */
export async function planImport(file: ReadFile, dryRun: boolean, trx?: Transaction): Promise<ImportPlan> {
  const results: ImportRow[] = [];
  const read: Array<{ result: ImportRow; values: RowValues }> = [];
  for (const r of file.rows) {
    const result: ImportRow = {
      row: r.row,
      sku: r.cells.sku ?? '',
      productName: r.cells.productName ?? '',
      variantName: r.cells.variantName ?? '',
      productSlug: r.cells.productSlug ?? '',
      action: 'unchanged',
      changes: [],
      errors: [],
    };
    const addError = (column: Column | '', message: string) =>
      result.errors.push({ column: column ? (file.headerOf[column] ?? column) : '', message });
    const values = readValues(r, addError);
    results.push(result);
    read.push({ result, values });
  }

  // What the database holds for the file's SKUs, slugs and categories.
  const skus = [...new Set(read.map((x) => x.values.sku).filter((s): s is string => !!s))];
  const variants: Variant[] = [];
  for (const part of chunks(skus)) variants.push(...(await Variant.query(trx).whereIn('sku', part)));
  const variantBySku = new Map(variants.map((v) => [v.sku, v]));
  const slugs = new Set<string>();
  for (const x of read) {
    if (x.values.productSlug) slugs.add(x.values.productSlug);
    else if (x.values.productName) slugs.add(slugify(x.values.productName));
  }
  const productIds = [...new Set(variants.map((v) => v.productId))];
  const products: Product[] = [];
  for (const part of chunks(productIds)) products.push(...(await Product.query(trx).whereIn('id', part)));
  for (const part of chunks([...slugs].filter(Boolean))) products.push(...(await Product.query(trx).whereIn('slug', part)));
  const productById = new Map(products.map((p) => [p.id, p]));
  const productBySlug = new Map(products.map((p) => [p.slug, p]));
  const categories = await Category.query(trx).select('id', 'name', 'slug');
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const allVariantsOf = new Map<number, Variant[]>();
  for (const part of chunks([...productById.keys()])) {
    for (const v of await Variant.query(trx).whereIn('productId', part).orderBy(['position', 'id'])) {
      const list = allVariantsOf.get(v.productId);
      if (list) list.push(v);
      else allVariantsOf.set(v.productId, [v]);
    }
  }

  const planned = new Map<string, PlannedProduct>();
  const skuFirstRow = new Map<string, number>();
  for (const { result, values } of read) {
    const header = (c: Column) => file.headerOf[c] ?? c;
    const addError = (c: Column | '', message: string) => result.errors.push({ column: c ? header(c) : '', message });
    let categoryId: number | null | undefined;
    if (values.categoryText !== undefined) {
      const wanted = values.categoryText.toLocaleLowerCase('bg');
      const found = categories.filter((c) => c.name.trim().toLocaleLowerCase('bg') === wanted || c.slug === wanted);
      const bySlug = found.filter((c) => c.slug === wanted);
      if (!found.length) addError('category', IMPORT.categoryUnknown(values.categoryText));
      else if (found.length > 1 && bySlug.length !== 1) addError('category', IMPORT.categoryAmbiguous(values.categoryText));
      else categoryId = (bySlug[0] ?? found[0]).id;
    }
    if (!values.sku) continue;
    const key = values.sku.toUpperCase();
    const seen = skuFirstRow.get(key);
    if (seen !== undefined) {
      addError('sku', IMPORT.skuRepeated(values.sku, seen));
      continue;
    }
    skuFirstRow.set(key, result.row);

    // Which product: the SKU's own, else the slug's (or the name's slug), else a new one.
    const existingVariant = variantBySku.get(values.sku);
    let product: PlannedProduct | undefined;
    if (existingVariant) {
      const p = productById.get(existingVariant.productId)!;
      if (values.productSlug && values.productSlug !== p.slug) {
        addError('productSlug', IMPORT.skuOnOtherProduct(values.sku, p.slug));
        continue;
      }
      product = planned.get(p.slug) ?? { key: p.slug, existing: p, firstRow: {}, lines: [] };
    } else {
      const slug = values.productSlug ?? (values.productName ? slugify(values.productName) : '');
      if (!slug) {
        addError('productName', IMPORT.newProductName);
        continue;
      }
      const p = productBySlug.get(slug);
      product = planned.get(slug) ?? { key: slug, existing: p, firstRow: {}, lines: [] };
      if (!product.existing && !product.lines.length) {
        if (!values.productName) addError('productName', IMPORT.newProductName);
        // A price that could not be read already says so; an empty one is missing.
        if (values.price === undefined && !result.errors.some((e) => e.column === header('price')))
          addError('price', IMPORT.newProductPrice);
      }
      if (product.existing && !values.variantName) addError('variantName', IMPORT.newVariantName);
    }
    result.productSlug = product.key;
    // Product fields: the first row that gives one sets it; a later row that differs is an error.
    const productField = <K extends 'productName' | 'category' | 'status' | 'compareAtPrice'>(
      field: K,
      column: Column,
      value: unknown,
      set: () => void,
    ) => {
      if (value === undefined) return;
      const first = product!.firstRow[field];
      if (first && first.value !== value) addError(column, IMPORT.differsFromRow(first.row));
      else if (!first) {
        product!.firstRow[field] = { row: result.row, value };
        set();
      }
    };
    productField('productName', 'productName', values.productName, () => (product!.name = values.productName));
    productField('category', 'category', categoryId, () => (product!.categoryId = categoryId));
    productField('status', 'status', values.status, () => (product!.status = values.status));
    productField('compareAtPrice', 'compareAtPrice', values.compareAtPrice, () => (product!.compareAtPrice = values.compareAtPrice));
    planned.set(product.key, product);
    product.lines.push({ result, values, existing: existingVariant });
  }

  // Prices per product: each variant's price as a shopper pays it. When the file changes one, the
  // product's price becomes its cheapest variant's (what the shop's lists show), and a variant
  // keeps its own price only where it differs from that.
  for (const product of planned.values()) {
    const current = product.existing;
    const variantsNow = current ? (allVariantsOf.get(current.id) ?? []) : [];
    const effectiveNow = (v: Variant) => v.price ?? current!.price;
    const fileLines = product.lines.filter((l) => !l.result.errors.length);
    const priceChanged = fileLines.some(
      (l) => l.values.price !== undefined && (!l.existing || l.values.price !== effectiveNow(l.existing)),
    );
    const finalPrices = [
      ...variantsNow.filter((v) => !fileLines.some((l) => l.existing?.id === v.id)).map(effectiveNow),
      ...fileLines
        .map((l) => l.values.price ?? (l.existing ? effectiveNow(l.existing) : undefined))
        .filter((p): p is number => p !== undefined),
    ];
    product.price = (!current || priceChanged) && finalPrices.length ? Math.min(...finalPrices) : (current?.price ?? 0);

    for (const line of product.lines) {
      const { result, values, existing } = line;
      if (result.errors.length) continue;
      const changes: ImportChange[] = [];
      const first = product.lines.find((l) => !l.result.errors.length) === line;
      if (!current) result.action = first ? 'createProduct' : 'createVariant';
      else if (!existing) result.action = 'createVariant';
      if (current && first) {
        if (product.name !== undefined && product.name !== current.name)
          changes.push({ field: 'productName', from: current.name, to: product.name });
        if (product.categoryId !== undefined && product.categoryId !== current.categoryId) {
          changes.push({
            field: 'category',
            from: current.categoryId === null ? null : (categoryName.get(current.categoryId) ?? null),
            to: product.categoryId === null ? null : (categoryName.get(product.categoryId) ?? null),
          });
        }
        if (product.status !== undefined && product.status !== current.status)
          changes.push({ field: 'status', from: current.status, to: product.status });
        if (product.compareAtPrice !== undefined && product.compareAtPrice !== current.compareAtPrice)
          changes.push({ field: 'compareAtPrice', from: fromMinor(current.compareAtPrice), to: fromMinor(product.compareAtPrice) });
      }
      if (existing) {
        if (values.variantName !== undefined && values.variantName !== existing.name)
          changes.push({ field: 'variantName', from: existing.name, to: values.variantName });
        if (values.price !== undefined && values.price !== effectiveNow(existing))
          changes.push({ field: 'price', from: fromMinor(effectiveNow(existing)), to: fromMinor(values.price) });
        if (values.stock !== undefined && values.stock !== existing.stock)
          changes.push({ field: 'stock', from: existing.stock, to: values.stock });
        if (values.packSize !== undefined && values.packSize !== existing.packSize)
          changes.push({ field: 'packSize', from: existing.packSize, to: values.packSize });
        if (values.nicotineMgMl !== undefined && values.nicotineMgMl !== existing.nicotineMgMl)
          changes.push({ field: 'nicotineMgMl', from: existing.nicotineMgMl, to: values.nicotineMgMl });
        result.action = changes.length ? 'update' : 'unchanged';
      } else {
        const price = values.price ?? product.price ?? 0;
        changes.push({ field: 'price', from: null, to: fromMinor(price) }, { field: 'stock', from: null, to: values.stock ?? 0 });
      }
      if (!existing && !current && first) {
        if (product.categoryId) changes.push({ field: 'category', from: null, to: categoryName.get(product.categoryId) ?? null });
        changes.push({ field: 'status', from: null, to: product.status ?? 'draft' });
      }
      result.changes = changes;
      if (!result.productName) result.productName = product.name ?? current?.name ?? '';
      if (!result.variantName) result.variantName = existing?.name ?? values.variantName ?? '';
    }
    // What the file would save goes through the save's own checks (schema, the directive's
    // limits): what it refuses is the row's error, in its words.
    const save = fileLines.some((l) => l.result.action !== 'unchanged') ? saveOf(product, variantsNow) : undefined;
    if (save) {
      product.save = save;
      const refused = schemaErrors(save.what.input);
      const errors = Object.keys(refused).length ? refused : await productSaveErrors(save.what, { trx });
      for (const [field, message] of Object.entries(errors)) {
        // A variant's error goes to its row; the product's, and those of variants the file does not
        // name, to the product's first row.
        const [where, index, sub] = field.split('.');
        const own = where === 'variants' && index !== undefined ? save.variantLines[Number(index)] : undefined;
        const line = own ?? fileLines[0];
        const column = where === 'variants' ? (own && sub ? VARIANT_COLUMNS[sub] : undefined) : PRODUCT_COLUMNS[where];
        line.result.errors.push({ column: column ? (file.headerOf[column] ?? column) : '', message });
        line.result.changes = [];
      }
    }
  }

  const counts = emptyCounts();
  for (const r of results) {
    if (r.errors.length) r.action = 'error';
    counts[r.action] += 1;
  }
  const ok = counts.error === 0;
  const changed = counts.createProduct + counts.createVariant + counts.update;
  const message = !ok
    ? IMPORT.hasErrors(counts.error)
    : dryRun
      ? IMPORT.dryRunDone(results.length)
      : changed
        ? IMPORT.applied(changed)
        : IMPORT.nothingToChange;
  return {
    ok,
    products: [...planned.values()],
    report: { dryRun, applied: false, message, rows: results, counts, columns: { used: file.used, ignored: file.ignored } },
  };
}

/** The column of the file that holds what a save's field error names. */
const PRODUCT_COLUMNS: Record<string, Column> = {
  name: 'productName',
  slug: 'productSlug',
  price: 'price',
  compareAtPrice: 'compareAtPrice',
  categoryId: 'category',
  status: 'status',
};
const VARIANT_COLUMNS: Record<string, Column> = {
  name: 'variantName',
  sku: 'sku',
  price: 'price',
  stock: 'stock',
  packSize: 'packSize',
  nicotineMgMl: 'nicotineMgMl',
};

/**
 * What the product's schema would refuse of a save the file makes that the rows' own checks let
 * through (a quoted cell may hold a line break; a file may give a product more variants than it
 * may have), keyed and said as a save through the API is refused.
 */
function schemaErrors(input: ProductChange): FieldErrors {
  const errors: FieldErrors = {};
  if (input.name !== undefined && LINE_BREAK.test(input.name)) errors.name = API.singleLine;
  // The schema reads no variant of a list that is too long.
  if (input.variants && input.variants.length > PRODUCT_VARIANTS_MAX) errors.variants = API.atMost(PRODUCT_VARIANTS_MAX);
  else
    input.variants?.forEach((v, i) => {
      if (LINE_BREAK.test(v.name)) errors[`variants.${i}.name`] = API.singleLine;
    });
  return errors;
}

/**
 * The save a planned product needs: a new product with the file's variants, or the changed
 * fields of an existing one with all its variants (those the file names as it says, the others
 * as they are, new ones after them). Prices are final: what a shopper pays after the import.
 * None for a new product the file gives no name.
 */
function saveOf(product: PlannedProduct, variantsNow: Variant[]): PlannedProduct['save'] {
  const lines = product.lines.filter((l) => !l.result.errors.length);
  const price = product.price ?? 0;
  const current = product.existing;
  if (!current) {
    if (product.name === undefined) return undefined;
    return {
      what: {
        input: {
          name: product.name,
          slug: product.key,
          price,
          status: product.status ?? 'draft',
          categoryId: product.categoryId ?? null,
          compareAtPrice: product.compareAtPrice ?? null,
          variants: lines.map((l, i) => ({
            name: l.values.variantName ?? (i === 0 ? 'Стандартен' : l.values.sku!),
            sku: l.values.sku!,
            price: l.values.price ?? price,
            stock: l.values.stock ?? 0,
            packSize: l.values.packSize ?? 1,
            nicotineMgMl: l.values.nicotineMgMl ?? null,
          })),
        },
      },
      variantLines: lines,
    };
  }
  const variants: NonNullable<ProductChange['variants']> = [];
  const input: ProductChange = { variants };
  if (product.name !== undefined && product.name !== current.name) input.name = product.name;
  if (product.categoryId !== undefined && product.categoryId !== current.categoryId) input.categoryId = product.categoryId;
  if (product.status !== undefined && product.status !== current.status) input.status = product.status;
  if (product.compareAtPrice !== undefined && product.compareAtPrice !== current.compareAtPrice)
    input.compareAtPrice = product.compareAtPrice;
  if (price !== current.price) input.price = price;
  const variantLines: Array<PlannedLine | undefined> = [];
  for (const v of variantsNow) {
    const line = lines.find((l) => l.existing?.id === v.id);
    variants.push({
      id: v.id,
      name: line?.values.variantName ?? v.name,
      sku: v.sku,
      price: line?.values.price ?? v.price ?? current.price,
      packSize: line?.values.packSize ?? v.packSize,
      nicotineMgMl: line?.values.nicotineMgMl ?? v.nicotineMgMl,
    });
    variantLines.push(line);
  }
  for (const l of lines.filter((x) => !x.existing)) {
    variants.push({
      name: l.values.variantName!,
      sku: l.values.sku!,
      price: l.values.price ?? price,
      stock: l.values.stock ?? 0,
      packSize: l.values.packSize ?? 1,
      nicotineMgMl: l.values.nicotineMgMl ?? null,
    });
    variantLines.push(l);
  }
  return { what: { input, existing: current }, variantLines };
}

/** Writes a plan made inside `trx` (no row errors), each product through the one save; the stock
 *  column of a variant the shop has is the figure found, its difference an `import` movement
 *  (a new variant's stock is its first one, written by the save). */
async function applyPlan(plan: ImportPlan, trx: Transaction, userId: number | null): Promise<void> {
  for (const product of plan.products) {
    if (product.save) await saveProduct(product.save.what, { trx, variantPrices: 'final', newStockReason: 'import', userId });
    for (const { existing, values } of product.lines)
      if (existing && values.stock !== undefined && values.stock !== existing.stock)
        await setStockTo(trx, { variantId: existing.id, stock: values.stock, reason: 'import', userId });
  }
}

/**
 * The whole import. A dry run reads and answers the plan. Otherwise the plan is made again inside
 * one transaction (what others changed since the dry run counts) and written only when no row has
 * an error (400 with the rows otherwise: nothing is changed), with one audit entry.
 */
export async function importProducts(
  buf: Buffer,
  opts: { dryRun: boolean; actor: { id: number | null; email: string }; ip: string },
): Promise<ImportReport> {
  const file = readCsv(buf);
  if (opts.dryRun) return (await planImport(file, true)).report;
  return Product.transaction(async (trx) => {
    const plan = await planImport(file, false, trx);
    if (!plan.ok) {
      const refusal = new HttpError(400, plan.report.message, { file: plan.report.message });
      refusal.extra = { ...plan.report };
      throw refusal;
    }
    await applyPlan(plan, trx, opts.actor.id);
    const report: ImportReport = { ...plan.report, applied: true };
    await recordAudit(trx, {
      userId: opts.actor.id,
      actorEmail: opts.actor.email,
      action: 'import',
      entity: 'products',
      entityId: '',
      before: null,
      after: {
        counts: report.counts,
        rows: report.rows
          .filter((r) => r.changes.length)
          .slice(0, 500)
          .map(({ row, sku, action, changes }) => ({ row, sku, action, changes })),
      },
      ip: opts.ip.slice(0, 64),
    } as Partial<AuditLog>);
    return report;
  });
}
