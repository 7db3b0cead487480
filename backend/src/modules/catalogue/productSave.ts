// The one save of a product: the staff's form, the plain create and change calls,
// the status call, the CSV import and duplication all write a product here, in one transaction
// with its variants, attributes and image links. A save takes what the shared schema
// (domain/schemas/catalogue) reads, money in minor units: the routes parse the body, the CSV import
// builds it from the file. Every save checks the tobacco directive's limits by kind
// (domain/productKinds) and the variant price rule, then declares `product.saved` (effects run
// after the commit).
// A save never writes the stock of a variant it keeps: the form's figure may be stale (an order
// taken since it was opened), and stock moves only through inventory's one write path. A new
// variant's stock is its first movement (`initial`; `import` from the CSV import).
import type { Transaction } from 'objection';
import './events';
import { Product } from '../../models/Product';
import { Variant } from '../../models/Variant';
import { ProductImage } from '../../models/ProductImage';
import { ProductAttribute } from '../../models/ProductAttribute';
import { Attribute } from '../../models/Attribute';
import { AttributeValue } from '../../models/AttributeValue';
import { Category } from '../../models/Category';
import { badRequest, conflict, type FieldErrors } from '../../platform/http/errors';
import { throwIfErrors } from '../../platform/http/parseInput';
import { declare } from '../../platform/events';
import { claimVersion } from '../../platform/db/versions';
import { API } from '@domain/messages';
import { slugify } from '@domain/slug';
import type { ProductStatus } from '@domain/limits';
import type { ProductChange, ProductInput } from '@domain/schemas/catalogue';
import { directiveErrors, type ProductKind } from '@domain/productKinds';
import { uniqueSlug } from './categories';
import { kindOfNewProduct } from './productKinds';
import { findProduct } from './products';
import { DISPOSABLE_TEXT } from '@domain/salesModeTexts';
import { adjustStock } from '../inventory';

/** How the variant prices sent are meant (see variantPrice). */
export type VariantPrices = 'echoed' | 'final';

/** What one save writes: a new product whole, or the fields to change of the product there is
 *  (its id, or its row read in the save's transaction). */
export type ProductSave = { input: ProductInput; existing?: undefined } | { input: ProductChange; existing: number | Product };

export interface SaveOptions {
  /** Inside the caller's transaction (the import's, a duplicate's); else in its own. */
  trx?: Transaction;
  /** 'echoed' (default): the staff's form, which sends back the prices it was answered. */
  variantPrices?: VariantPrices;
  /** Who saves: the user of a new variant's first stock movement. */
  userId?: number | null;
  /** Why a new variant has its stock: `initial` (default) or `import`. */
  newStockReason?: 'initial' | 'import';
}

/** What a new variant's first stock movement says. */
interface NewStock {
  reason: 'initial' | 'import';
  userId: number | null;
}

const DEFAULT_VARIANT_NAME = 'Стандартен';

async function checkCategory(categoryId: number | null | undefined, trx: Transaction) {
  if (categoryId === undefined || categoryId === null) return;
  if (!(await Category.query(trx).findById(categoryId))) throw badRequest(API.categoryNotFound, { categoryId: API.categoryNotFound });
}

async function checkSkus(variants: NonNullable<ProductChange['variants']>, productId: number | null, trx: Transaction) {
  const skus = variants.map((v) => v.sku.toUpperCase());
  if (new Set(skus).size !== skus.length) throw badRequest(API.duplicateSku, { variants: API.duplicateSku });
  const clash = await Variant.query(trx)
    .whereIn(
      'sku',
      variants.map((v) => v.sku),
    )
    .modify((q) => {
      if (productId !== null) q.whereNot('productId', productId);
    })
    .first();
  if (clash) throw conflict(API.skuTaken, { variants: `${API.skuTaken} (${clash.sku})` });
}

/**
 * The price rule of a variant: it keeps its own price only where it differs from the product's.
 * `final` (the import, a duplicate): the price sent is what a shopper pays after the save.
 * `echoed` (the staff's form): prices are answered as effective prices, so react-admin sends them
 * back unchanged: a price equal to what the variant already cost keeps its current meaning
 * (following the product or its own override); a price equal to the product's new price follows
 * the product.
 */
function variantPrice(
  sent: number | null | undefined,
  existing: Variant | undefined,
  oldProductPrice: number,
  newProductPrice: number,
  mode: VariantPrices,
): number | null {
  if (sent === undefined || sent === null) return null;
  if (mode === 'echoed' && existing && sent === (existing.price ?? oldProductPrice))
    return existing.price === null ? null : existing.price === newProductPrice ? null : existing.price;
  return sent === newProductPrice ? null : sent;
}

async function replaceVariants(
  product: Product,
  variants: NonNullable<ProductChange['variants']>,
  price: number,
  mode: VariantPrices,
  newStock: NewStock,
  trx: Transaction,
) {
  const existing = await Variant.query(trx).where('productId', product.id);
  for (const v of variants)
    if (v.id !== undefined && !existing.some((e) => e.id === v.id))
      throw badRequest(API.variantMismatch, { variants: API.variantMismatch });
  await checkSkus(variants, product.id, trx);
  // Variants not sent go away; kept ones whose SKU changes first get a placeholder SKU, so that
  // two rows may swap SKUs without tripping the unique index. A kept row that does not change is
  // not written (an import of stock figures touches only what moved).
  const sentIds = variants.map((v) => v.id).filter((id): id is number => id !== undefined);
  const before = new Map(existing.map((e) => [e.id, e]));
  await Variant.query(trx).delete().where('productId', product.id).whereNotIn('id', sentIds);
  for (const v of variants) {
    if (v.id !== undefined && before.get(v.id)!.sku !== v.sku)
      await Variant.query(trx)
        .patch({ sku: `~tmp-${v.id}` } as Partial<Variant>)
        .findById(v.id);
  }
  for (const [position, v] of variants.entries()) {
    const kept = v.id !== undefined ? before.get(v.id) : undefined;
    const row = {
      productId: product.id,
      name: v.name,
      sku: v.sku,
      position,
      price: variantPrice(v.price, kept, product.price, price, mode),
      // Not sent: a kept variant keeps its GTIN; empty: none.
      ...(v.gtin !== undefined || !kept ? { gtin: v.gtin || null } : {}),
      // Not sent: a kept variant keeps its pack size; a new one is sold by the piece.
      ...(v.packSize !== undefined || !kept ? { packSize: v.packSize ?? 1 } : {}),
      // Not sent: a kept variant keeps its strength; null: the product's.
      ...(v.nicotineMgMl !== undefined || !kept ? { nicotineMgMl: v.nicotineMgMl ?? null } : {}),
    };
    if (!kept) {
      const made = await Variant.query(trx).insert({ ...row, stock: 0 } as Partial<Variant>);
      if (v.stock) await adjustStock(trx, { variantId: made.id, delta: v.stock, ...newStock });
    } else if ((Object.keys(row) as Array<keyof typeof row>).some((k) => row[k] !== kept[k as keyof Variant]))
      await Variant.query(trx)
        .patch(row as Partial<Variant>)
        .findById(kept.id);
  }
}

async function replaceAttributes(productId: number, attributes: NonNullable<ProductChange['attributes']>, trx: Transaction) {
  await ProductAttribute.query(trx).delete().where({ productId });
  for (const a of attributes) {
    const name = a.name.trim();
    const attribute =
      (await Attribute.query(trx).findOne({ name })) ?? (await Attribute.query(trx).insertAndFetch({ name } as Partial<Attribute>));
    const seen = new Set<string>();
    for (const [position, raw] of a.values.entries()) {
      const value = (typeof raw === 'string' ? raw : raw.value).trim();
      if (!value || seen.has(value)) continue;
      seen.add(value);
      const v =
        (await AttributeValue.query(trx).findOne({ attributeId: attribute.id, value })) ??
        (await AttributeValue.query(trx).insertAndFetch({ attributeId: attribute.id, value } as Partial<AttributeValue>));
      await ProductAttribute.query(trx).insert({
        productId,
        attributeId: attribute.id,
        attributeValueId: v.id,
        position,
      } as Partial<ProductAttribute>);
    }
  }
}

async function replaceImages(productId: number, images: NonNullable<ProductChange['images']>, trx: Transaction) {
  await ProductImage.query(trx).delete().where({ productId });
  for (const [position, im] of images.entries()) {
    await ProductImage.query(trx).insert({ productId, url: im.url, alt: im.alt ?? '', position } as Partial<ProductImage>);
  }
}

/** Keep the search text in step with the product, its SKUs and the flavour values it offers. */
async function refreshSearchText(productId: number, trx: Transaction): Promise<Product> {
  const p = await findProduct(productId, trx);
  const skus = (await Variant.query(trx).where({ productId }).orderBy(['position', 'id'])).map((v) => v.sku);
  const values = (await ProductAttribute.query(trx)
    .where('productAttributes.productId', productId)
    .join('attributeValues', 'attributeValues.id', 'productAttributes.attributeValueId')
    .orderBy(['productAttributes.attributeId', 'productAttributes.position'])
    .select('attributeValues.value as value')) as unknown as Array<{ value: string }>;
  return p
    .$query(trx)
    .patchAndFetch({ searchText: Product.searchTextOf(p, [...skus, ...new Set(values.map((v) => v.value))]) } as Partial<Product>);
}

/** What a save would write, checked: a new product with its kind, or a change of the product
 *  there is; and what it is refused for. */
type CheckedSave = (
  | { input: ProductInput; current: null; kind: { kind: ProductKind; tankCount: number } }
  | { input: ProductChange; current: Product; kind?: undefined }
) & { errors: FieldErrors };

const DIRECTIVE_FIELDS = ['kind', 'tankCount', 'nicotineMgMl', 'volumeMl', 'variants'] as const;

/** Disposable e-cigarettes are banned from the market since the 2025 amendment of ЗТТСТИ: a
 *  disposable product may be kept (a draft, archived) but never made active. */
function disposableErrors(status: ProductStatus | undefined, disposable: boolean | undefined): FieldErrors {
  return status === 'active' && disposable ? { status: DISPOSABLE_TEXT.cannotBeActive } : {};
}

async function checkSave(save: ProductSave, trx: Transaction | undefined): Promise<CheckedSave> {
  if (save.existing === undefined) {
    const { input } = save;
    const kind = await kindOfNewProduct(input, trx);
    return {
      input,
      current: null,
      kind,
      errors: {
        ...directiveErrors({ ...kind, nicotineMgMl: input.nicotineMgMl, volumeMl: input.volumeMl, variants: input.variants ?? [] }),
        ...disposableErrors(input.status ?? 'draft', input.disposable),
      },
    };
  }
  const { input } = save;
  const current = typeof save.existing === 'number' ? await findProduct(save.existing, trx) : save.existing;
  // Whatever the save changes, the product as it will be is never an active disposable device.
  const banned = disposableErrors(input.status ?? current.status, input.disposable ?? Boolean(current.disposable));
  // The directive is checked when the save touches what it looks at (the admin's form always
  // does), on the product as it will be; a call changing only a price leaves it alone.
  if (!DIRECTIVE_FIELDS.some((k) => input[k] !== undefined)) return { input, current, errors: banned };
  const saved = await Variant.query(trx).where('productId', current.id).orderBy(['position', 'id']).select('id', 'nicotineMgMl');
  // A kept variant sent without its strength keeps the one it has (as the write does).
  const variants =
    input.variants?.map((v) => ({
      nicotineMgMl:
        v.nicotineMgMl !== undefined ? v.nicotineMgMl : (saved.find((s) => v.id !== undefined && s.id === v.id)?.nicotineMgMl ?? null),
    })) ?? saved;
  const facts = { kind: current.kind, tankCount: current.tankCount, nicotineMgMl: current.nicotineMgMl, volumeMl: current.volumeMl };
  for (const k of DIRECTIVE_FIELDS) if (k !== 'variants' && input[k] !== undefined) (facts as Record<string, unknown>)[k] = input[k];
  return { input, current, errors: { ...directiveErrors({ ...facts, variants }), ...banned } };
}

/**
 * The field errors a save would be refused with (the directive's limits, a disposable made active),
 * without writing: the import's dry run lists them by row. Empty when the save passes these checks.
 */
export async function productSaveErrors(save: ProductSave, opts: Pick<SaveOptions, 'trx'> = {}): Promise<FieldErrors> {
  return (await checkSave(save, opts.trx)).errors;
}

/**
 * Save a product: a whole new product or, with `existing`, the fields to change, as the schema
 * reads them (money in minor units). Refuses (400 with the fields' Bulgarian errors, 404, 409)
 * before anything it writes is kept; answers the saved row.
 */
export async function saveProduct(what: ProductSave, opts: SaveOptions = {}): Promise<Product> {
  return opts.trx ? save(what, opts, opts.trx) : Product.transaction((trx) => save(what, opts, trx));
}

async function save(what: ProductSave, opts: SaveOptions, trx: Transaction): Promise<Product> {
  const checked = await checkSave(what, trx);
  // A change raises the version first: a copy older than the product is refused before anything
  // is written, and of two racing saves from one copy only the first goes ahead.
  if (checked.current) await claimVersion(trx, { table: 'products', id: checked.current.id, audit: ['products'] }, checked.input.version);
  throwIfErrors(checked.errors);
  const mode = opts.variantPrices ?? 'echoed';
  const newStock: NewStock = { reason: opts.newStockReason ?? 'initial', userId: opts.userId ?? null };
  const product = checked.current
    ? await writeChange(checked.current, checked.input, mode, newStock, trx)
    : await writeNew(checked.input, checked.kind, mode, newStock, trx);
  await declare(trx, 'product.saved', { productId: product.id });
  return product;
}

async function writeNew(
  input: ProductInput,
  kind: { kind: ProductKind; tankCount: number },
  mode: VariantPrices,
  newStock: NewStock,
  trx: Transaction,
): Promise<Product> {
  await checkCategory(input.categoryId, trx);
  let slug: string;
  if (input.slug) {
    slug = slugify(input.slug);
    if (!slug) throw badRequest(API.invalidValue, { slug: API.invalidValue });
    if (await Product.query(trx).findOne({ slug })) throw conflict(API.slugTaken, { slug: API.slugTaken });
  } else {
    slug = await uniqueSlug(input.name, 'products', undefined, trx);
  }
  const variants = input.variants?.length
    ? input.variants
    : [{ name: DEFAULT_VARIANT_NAME, sku: slug.toUpperCase().slice(0, 60), stock: 0 }];
  await checkSkus(variants, null, trx);
  const product = await Product.query(trx).insertAndFetch({
    slug,
    name: input.name,
    description: input.description ?? '',
    status: input.status ?? 'draft',
    price: input.price,
    compareAtPrice: input.compareAtPrice ?? null,
    categoryId: input.categoryId ?? null,
    nicotineMgMl: input.nicotineMgMl ?? null,
    volumeMl: input.volumeMl ?? null,
    kind: kind.kind,
    tankCount: kind.tankCount,
    weightGrams: input.weightGrams ?? null,
    featured: input.featured ?? false,
    disposable: input.disposable ?? false,
    tradeMinimumQuantity: input.tradeMinimumQuantity ?? 1,
    tradeMultiple: input.tradeMultiple ?? null,
    seoTitle: input.seoTitle ?? '',
    seoDescription: input.seoDescription ?? '',
    searchText: '',
  } as Partial<Product>);
  await replaceVariants(product, variants, input.price, mode, newStock, trx);
  if (input.attributes) await replaceAttributes(product.id, input.attributes, trx);
  if (input.images) await replaceImages(product.id, input.images, trx);
  return refreshSearchText(product.id, trx);
}

async function writeChange(
  current: Product,
  input: ProductChange,
  mode: VariantPrices,
  newStock: NewStock,
  trx: Transaction,
): Promise<Product> {
  const id = current.id;
  if (input.categoryId !== undefined) await checkCategory(input.categoryId, trx);
  const patch: Partial<Product> = {};
  for (const k of [
    'name',
    'description',
    'status',
    'price',
    'compareAtPrice',
    'categoryId',
    'nicotineMgMl',
    'volumeMl',
    'kind',
    'tankCount',
    'weightGrams',
    'featured',
    'disposable',
    'tradeMinimumQuantity',
    'tradeMultiple',
    'seoTitle',
    'seoDescription',
  ] as const) {
    if (input[k] !== undefined) (patch as any)[k] = input[k];
  }
  if (input.slug !== undefined && slugify(input.slug) !== current.slug) {
    const slug = slugify(input.slug);
    const other = await Product.query(trx).findOne({ slug });
    if (!slug) throw badRequest(API.invalidValue, { slug: API.invalidValue });
    if (other && other.id !== id) throw conflict(API.slugTaken, { slug: API.slugTaken });
    patch.slug = slug;
  }
  const price = patch.price ?? current.price;
  if (input.variants) {
    if (!input.variants.length) throw badRequest(API.required, { variants: API.required });
    await replaceVariants(current, input.variants, price, mode, newStock, trx);
  }
  if (input.attributes) await replaceAttributes(id, input.attributes, trx);
  if (input.images) await replaceImages(id, input.images, trx);
  if (Object.keys(patch).length) await Product.query(trx).patch(patch).findById(id);
  return refreshSearchText(id, trx);
}

/** The status move of the plain call (PUT /products/:id/updateStatus): a save of that field. */
export function setProductStatus(id: number, status: ProductStatus): Promise<Product> {
  return saveProduct({ input: { status }, existing: id });
}
