// What checking and showing cart lines needs to know of the catalogue: each product with its
// variants (price, stock), first picture and offered attribute values, and the names of values
// and attributes. With the in-process caches on (config.memoryCaches) the facts are kept in
// memory and dropped on every write to the catalogue's tables, when it is made and when its
// transaction ends (platform/cache/tableWrites), so they are as exact as a query; facts read while a write
// happened are not kept. Stock is kept apart: a stock move (an order) drops only its product's
// figures when it is sent (its own transaction may read them after it) and sets the figure it
// committed in place (platform/cache/stockLedger); a rolled-back move drops them all.
// Adding to the cart then costs no catalogue query at all.
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { Product } from '../../models/Product';
import { Variant } from '../../models/Variant';
import { ProductImage } from '../../models/ProductImage';
import { ProductAttribute } from '../../models/ProductAttribute';
import { AttributeValue } from '../../models/AttributeValue';
import { Attribute } from '../../models/Attribute';
import { KeptMap } from '../../platform/cache/keptMap';
import { tables, type TableWrites } from '../../platform/cache/tableWrites';
import { attachCache, attachedCache } from '../../platform/cache/attached';
import { concurrently } from '../../platform/db/concurrently';

export interface VariantFacts {
  id: number;
  productId: number;
  name: string;
  sku: string;
  /** stotinki; null: the product's price */
  price: number | null;
  /** null: not read (catalogueFacts with readStock false: the caller takes it with a guarded update). */
  stock: number | null;
}

export interface ProductFacts {
  product: Pick<Product, 'id' | 'name' | 'slug' | 'status' | 'price' | 'kind'>;
  /** In the shop's order (position, id). */
  variants: VariantFacts[];
  image: string | null;
  /** The attribute values the product offers. */
  offered: Set<number>;
}

export interface CatalogueFacts {
  products: Map<number, ProductFacts>;
  values: Map<number, { attributeId: number; value: string }>;
  attributeNames: Map<number, string>;
}

/** What is kept: everything but stock, which orders change all the time. */
type KeptFacts = Omit<ProductFacts, 'variants'> & { variants: Array<Omit<VariantFacts, 'stock'>> };

const PRODUCTS_KEPT = 5000;

/** The tables the catalogue's answers, pages and facts are made of (settings: shipping, thresholds). */
export const CATALOGUE_TABLES = [
  'products',
  'variants',
  'categories',
  'product_images',
  'attributes',
  'attribute_values',
  'product_attributes',
  'settings',
];
/** Reaches every write the catalogue's public answers and pages are made of. A declared stock move
 *  reaches only the caches that do not follow stock in place (platform/cache/tableWrites). */
export const catalogueWrites = tables(...CATALOGUE_TABLES);

interface Memory {
  products: KeptMap<number, KeptFacts>;
  /** variant id → stock, per product: dropped on every write to the variants but stock moves,
   *  which drop their product's and set the figure they committed. */
  stock: KeptMap<number, Map<number, number>>;
  /** The product of each variant whose stock is kept. */
  productOf: Map<number, number>;
  names: KeptMap<'names', Omit<CatalogueFacts, 'products'>>;
}

const MEMORY = 'catalogueFacts';

/** Install the cache of the catalogue facts on this database (other instances' writes reach them: platform/cache/broadcast). */
export function installCatalogueFactsCache(knex: Knex, writes: TableWrites) {
  const beyondStock = (w: Parameters<typeof catalogueWrites>[0]) => catalogueWrites(w) && !w.stockOnly;
  attachCache<Memory>(knex, MEMORY, {
    products: new KeptMap<number, KeptFacts>({ max: PRODUCTS_KEPT }).dropOn(writes, beyondStock),
    names: new KeptMap<'names', Omit<CatalogueFacts, 'products'>>({ max: 1 }).dropOn(writes, beyondStock),
    ...followStock(new KeptMap<number, Map<number, number>>({ max: PRODUCTS_KEPT }), writes),
  });
}

/**
 * The stock map follows moves in place: a move being made drops its product's figures (its own
 * transaction may read them after it), a committed one sets its figure; what a reader is reading
 * meanwhile is not kept (it may predate the move), and a rolled-back move may have been read
 * inside its transaction.
 */
function followStock(stock: KeptMap<number, Map<number, number>>, writes: TableWrites) {
  const productOf = new Map<number, number>();
  stock.dropOn(writes, tables('variants'), { stockInPlace: true });
  writes.onStockSent((variantId) => {
    stock.moveOn();
    const productId = productOf.get(variantId);
    if (productId !== undefined) stock.delete(productId);
  });
  writes.ledger.onMoved((moved) => {
    stock.moveOn();
    for (const m of moved) stock.peek(m.productId)?.set(m.variantId, m.stock);
  });
  writes.ledger.onRolledBack(() => stock.drop());
  return { stock, productOf };
}

async function readProducts(ids: number[], trx?: Transaction): Promise<KeptFacts[]> {
  if (!ids.length) return [];
  const [products, variants, images, offered] = await concurrently(trx, [
    () => Product.query(trx).whereIn('id', ids).select('id', 'name', 'slug', 'status', 'price', 'kind'),
    () => Variant.query(trx).whereIn('productId', ids).orderBy(['position', 'id']).select('id', 'productId', 'name', 'sku', 'price'),
    () => ProductImage.query(trx).whereIn('productId', ids).orderBy(['position', 'id']).select('productId', 'url'),
    () => ProductAttribute.query(trx).whereIn('productId', ids).select('productId', 'attributeValueId'),
  ] as const);
  return products.map((p) => ({
    product: { id: p.id, name: p.name, slug: p.slug, status: p.status, price: p.price, kind: p.kind },
    variants: variants
      .filter((v) => v.productId === p.id)
      .map((v) => ({ id: v.id, productId: v.productId, name: v.name, sku: v.sku, price: v.price })),
    image: images.find((im) => im.productId === p.id)?.url ?? null,
    offered: new Set(offered.filter((o) => o.productId === p.id).map((o) => o.attributeValueId)),
  }));
}

/** Stock by variant, per product. */
async function readStock(productIds: number[], trx?: Transaction): Promise<Map<number, Map<number, number>>> {
  const byProduct = new Map(productIds.map((id) => [id, new Map<number, number>()]));
  if (!productIds.length) return byProduct;
  const rows: Array<{ id: number; productId: number; stock: number }> = await (trx ?? Variant.knex())(Variant.tableName)
    .whereIn('productId', productIds)
    .select('id', 'productId', 'stock');
  for (const v of rows) byProduct.get(v.productId)?.set(v.id, v.stock);
  return byProduct;
}

async function readNames(valueIds: number[] | 'all', trx?: Transaction): Promise<Omit<CatalogueFacts, 'products'>> {
  const values =
    valueIds === 'all' ? await AttributeValue.query(trx) : valueIds.length ? await AttributeValue.query(trx).whereIn('id', valueIds) : [];
  const attributeIds = [...new Set(values.map((v) => v.attributeId))];
  const attributes =
    valueIds === 'all' ? await Attribute.query(trx) : attributeIds.length ? await Attribute.query(trx).whereIn('id', attributeIds) : [];
  return {
    values: new Map(values.map((v) => [v.id, { attributeId: v.attributeId, value: v.value }])),
    attributeNames: new Map(attributes.map((a) => [a.id, a.name])),
  };
}

/** What a kept map knows of these keys now, and which keys it lacks. */
function known<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(kept: KeptMap<K, V> | undefined, keys: K[]) {
  const found = new Map<K, V>();
  if (kept)
    for (const k of keys) {
      const v = kept.get(k);
      if (v !== undefined) found.set(k, v);
    }
  return { found, missing: keys.filter((k) => !found.has(k)), generation: kept?.generation ?? 0 };
}

function keepAll<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  kept: KeptMap<K, V> | undefined,
  generation: number,
  entries: Iterable<[K, V]>,
) {
  if (kept) for (const [k, v] of entries) kept.keep(k, v, generation);
}

/** The facts of these products and attribute values (unknown ids are simply absent). */
export async function catalogueFacts(
  productIds: number[],
  valueIds: number[],
  trx?: Transaction,
  { readStock: stockWanted = true } = {},
): Promise<CatalogueFacts> {
  const memory = attachedCache<Memory>(Product.knex(), MEMORY);
  // Read what is missing; keep it unless something changed meanwhile.
  const facts = known(memory?.products, productIds);
  // Not wanted: neither read nor taken from memory (the caller's guarded take decides).
  const stock = known(stockWanted ? memory?.stock : undefined, productIds);
  if (!stockWanted) stock.missing = [];
  const names = known(memory?.names, ['names' as const]);
  const [readFacts, readStocks, readNamed] = await concurrently(trx, [
    () => readProducts(facts.missing, trx),
    () => readStock(stock.missing, trx),
    async () => (names.found.size ? undefined : readNames(memory ? 'all' : valueIds, trx)),
  ] as const);
  keepAll(
    memory?.products,
    facts.generation,
    readFacts.map((f) => [f.product.id, f] as [number, KeptFacts]),
  );
  keepAll(memory?.stock, stock.generation, readStocks);
  if (memory)
    for (const [productId, figures] of readStocks) for (const variantId of figures.keys()) memory.productOf.set(variantId, productId);
  if (readNamed) keepAll(memory?.names, names.generation, [['names' as const, readNamed]]);
  for (const f of readFacts) facts.found.set(f.product.id, f);
  for (const [id, s] of readStocks) stock.found.set(id, s);

  const products = new Map<number, ProductFacts>();
  for (const [id, f] of facts.found) {
    const left = stock.found.get(id);
    products.set(id, { ...f, variants: f.variants.map((v) => ({ ...v, stock: left ? (left.get(v.id) ?? 0) : stockWanted ? 0 : null })) });
  }
  return { products, ...(readNamed ?? names.found.get('names')!) };
}
