// The catalogue: product answers (with category, images, variants, attributes) built for a
// whole page in a constant number of queries, and creating/updating a product with its nested
// variants, attributes and images in one transaction.
import type { Transaction } from 'objection';
import { Product } from '../../models/Product';
import { Variant } from '../../models/Variant';
import { ProductImage } from '../../models/ProductImage';
import { ProductAttribute } from '../../models/ProductAttribute';
import { Attribute } from '../../models/Attribute';
import { AttributeValue } from '../../models/AttributeValue';
import { Category } from '../../models/Category';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { API } from '../../../../domain/messages';
import type { ApiProduct } from '../../../../domain/api';
import { fromMinor } from '../../../../domain/money';
import { slugify } from '../../../../domain/slug';
import type { ProductStatus } from '../../../../domain/limits';
import { uniqueSlug } from './categories';
import { concurrently } from '../../platform/db/concurrently';
import { assertWithinDirective, kindOfNewProduct } from './productKinds';
import type { ProductKind } from '../../../../domain/productKinds';

/** The API shape of a product, shared with the front ends (domain/api). */
export type ProductView = ApiProduct;

/** Answers for a page of products: 4 queries whatever the page size. */
export async function productViews(products: Product[], trx?: Transaction): Promise<ProductView[]> {
  if (!products.length) return [];
  const ids = products.map((p) => p.id);
  const categoryIds = [...new Set(products.map((p) => p.categoryId).filter((c): c is number => c !== null))];
  const [variants, images, offered, categories] = await concurrently(trx, [
    () => Variant.query(trx).whereIn('productId', ids).orderBy(['position', 'id']),
    () => ProductImage.query(trx).whereIn('productId', ids).orderBy(['position', 'id']),
    () => ProductAttribute.query(trx)
      .whereIn('productAttributes.productId', ids)
      .join('attributes', 'attributes.id', 'productAttributes.attributeId')
      .join('attributeValues', 'attributeValues.id', 'productAttributes.attributeValueId')
      .select('productAttributes.productId', 'productAttributes.attributeId', 'productAttributes.attributeValueId', 'productAttributes.position', 'attributes.name as attributeName', 'attributeValues.value as value')
      .orderBy(['productAttributes.attributeId', 'productAttributes.position', 'productAttributes.id']),
    () => (categoryIds.length ? Category.query(trx).whereIn('id', categoryIds).select('id', 'name', 'slug') : Promise.resolve([] as Category[])),
  ] as const);
  const categoryById = new Map(categories.map((c) => [c.id, { id: c.id, name: c.name, slug: c.slug }]));
  return products.map((p) => {
    const own = variants.filter((v) => v.productId === p.id);
    const attributes: ProductView['attributes'] = [];
    for (const row of offered.filter((o) => o.productId === p.id) as any[]) {
      let a = attributes.find((x) => x.id === row.attributeId);
      if (!a) attributes.push((a = { id: row.attributeId, name: row.attributeName, values: [] }));
      a.values.push({ id: row.attributeValueId, value: row.value });
    }
    const stock = own.reduce((s, v) => s + v.stock, 0);
    return {
      id: p.id,
      slug: p.slug,
      name: p.name,
      description: p.description,
      status: p.status,
      price: fromMinor(p.price)!,
      compareAtPrice: fromMinor(p.compareAtPrice),
      categoryId: p.categoryId,
      category: p.categoryId !== null ? categoryById.get(p.categoryId) ?? null : null,
      images: images.filter((i) => i.productId === p.id).map((i) => ({ id: i.id, url: i.url, alt: i.alt })),
      variants: own.map((v) => ({ id: v.id, name: v.name, sku: v.sku, price: fromMinor(v.price ?? p.price)!, stock: v.stock, ...(v.gtin ? { gtin: v.gtin } : {}) })),
      attributes,
      nicotineMgMl: p.nicotineMgMl,
      volumeMl: p.volumeMl,
      kind: p.kind,
      tankCount: p.tankCount,
      weightGrams: p.weightGrams ?? null,
      featured: Boolean(p.featured),
      seoTitle: p.seoTitle,
      seoDescription: p.seoDescription,
      stock,
      inStock: stock > 0,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    };
  });
}

export async function productView(p: Product, trx?: Transaction): Promise<ProductView> {
  return (await productViews([p], trx))[0];
}

export async function findProduct(idOrSlug: string | number, trx?: Transaction): Promise<Product> {
  const p =
    typeof idOrSlug === 'number' || /^\d{1,12}$/.test(idOrSlug)
      ? await Product.query(trx).findById(Number(idOrSlug))
      : await Product.query(trx).findOne({ slug: String(idOrSlug).toLowerCase() });
  if (!p) throw notFound(API.productNotFound);
  return p;
}

/** What create and update accept (money already in stotinki). */
export interface ProductInput {
  name?: string;
  slug?: string;
  description?: string;
  status?: ProductStatus;
  price?: number;
  compareAtPrice?: number | null;
  categoryId?: number | null;
  nicotineMgMl?: number | null;
  volumeMl?: number | null;
  kind?: ProductKind;
  tankCount?: number;
  weightGrams?: number | null;
  featured?: boolean;
  seoTitle?: string;
  seoDescription?: string;
  variants?: Array<{ id?: number; name: string; sku: string; price?: number | null; stock: number; gtin?: string | null }>;
  attributes?: Array<{ id?: number; name: string; values: Array<string | { id?: number; value: string }> }>;
  images?: Array<{ id?: number; url: string; alt?: string }>;
}

const DEFAULT_VARIANT_NAME = 'Стандартен';

async function checkCategory(categoryId: number | null | undefined, trx: Transaction) {
  if (categoryId === undefined || categoryId === null) return;
  if (!(await Category.query(trx).findById(categoryId))) throw badRequest(API.categoryNotFound, { categoryId: API.categoryNotFound });
}

async function checkSkus(variants: NonNullable<ProductInput['variants']>, productId: number | null, trx: Transaction) {
  const skus = variants.map((v) => v.sku.toUpperCase());
  if (new Set(skus).size !== skus.length) throw badRequest(API.duplicateSku, { variants: API.duplicateSku });
  const clash = await Variant.query(trx).whereIn('sku', variants.map((v) => v.sku)).modify((q) => {
    if (productId !== null) q.whereNot('productId', productId);
  }).first();
  if (clash) throw conflict(API.skuTaken, { variants: `${API.skuTaken} (${clash.sku})` });
}

/**
 * Variant prices are answered as effective prices, so react-admin sends them back unchanged:
 * a price equal to what the variant already cost keeps its current meaning (following the
 * product or its own override); a price equal to the product's new price follows the product.
 */
function variantPrice(sent: number | null | undefined, existing: Variant | undefined, oldProductPrice: number, newProductPrice: number): number | null {
  if (sent === undefined || sent === null) return null;
  if (existing && sent === (existing.price ?? oldProductPrice)) return existing.price === null ? null : existing.price === newProductPrice ? null : existing.price;
  return sent === newProductPrice ? null : sent;
}

async function replaceVariants(product: Product, variants: NonNullable<ProductInput['variants']>, price: number, trx: Transaction) {
  const existing = await Variant.query(trx).where('productId', product.id);
  for (const v of variants) if (v.id !== undefined && !existing.some((e) => e.id === v.id)) throw badRequest(API.variantMismatch, { variants: API.variantMismatch });
  await checkSkus(variants, product.id, trx);
  // Variants not sent go away; kept ones first get a placeholder SKU, so that two rows may
  // swap SKUs without tripping the unique index.
  const sentIds = variants.map((v) => v.id).filter((id): id is number => id !== undefined);
  await Variant.query(trx).delete().where('productId', product.id).whereNotIn('id', sentIds);
  for (const id of sentIds) await Variant.query(trx).patch({ sku: `~tmp-${id}` } as Partial<Variant>).findById(id);
  for (const [position, v] of variants.entries()) {
    const row = {
      productId: product.id, name: v.name, sku: v.sku, stock: v.stock, position, price: variantPrice(v.price, existing.find((e) => e.id === v.id), product.price, price),
      // Not sent: a kept variant keeps its GTIN; empty: none.
      ...(v.gtin !== undefined || v.id === undefined ? { gtin: v.gtin || null } : {}),
    };
    if (v.id !== undefined) await Variant.query(trx).patch(row as Partial<Variant>).findById(v.id);
    else await Variant.query(trx).insert(row as Partial<Variant>);
  }
}

async function replaceAttributes(productId: number, attributes: NonNullable<ProductInput['attributes']>, trx: Transaction) {
  await ProductAttribute.query(trx).delete().where({ productId });
  for (const a of attributes) {
    const name = a.name.trim();
    const attribute = (await Attribute.query(trx).findOne({ name })) ?? (await Attribute.query(trx).insertAndFetch({ name } as Partial<Attribute>));
    const seen = new Set<string>();
    for (const [position, raw] of a.values.entries()) {
      const value = (typeof raw === 'string' ? raw : raw.value).trim();
      if (!value || seen.has(value)) continue;
      seen.add(value);
      const v =
        (await AttributeValue.query(trx).findOne({ attributeId: attribute.id, value })) ??
        (await AttributeValue.query(trx).insertAndFetch({ attributeId: attribute.id, value } as Partial<AttributeValue>));
      await ProductAttribute.query(trx).insert({ productId, attributeId: attribute.id, attributeValueId: v.id, position } as Partial<ProductAttribute>);
    }
  }
}

async function replaceImages(productId: number, images: NonNullable<ProductInput['images']>, trx: Transaction) {
  await ProductImage.query(trx).delete().where({ productId });
  for (const [position, im] of images.entries()) {
    await ProductImage.query(trx).insert({ productId, url: im.url, alt: im.alt ?? '', position } as Partial<ProductImage>);
  }
}

/** Keep the search text in step with the product, its SKUs and the flavour values it offers. */
export async function refreshSearchText(productId: number, trx: Transaction): Promise<Product> {
  const p = await findProduct(productId, trx);
  const skus = (await Variant.query(trx).where({ productId }).orderBy(['position', 'id'])).map((v) => v.sku);
  const values = (await ProductAttribute.query(trx).where('productAttributes.productId', productId)
    .join('attributeValues', 'attributeValues.id', 'productAttributes.attributeValueId')
    .orderBy(['productAttributes.attributeId', 'productAttributes.position'])
    .select('attributeValues.value as value')) as unknown as Array<{ value: string }>;
  return p.$query(trx).patchAndFetch({ searchText: Product.searchTextOf(p, [...skus, ...new Set(values.map((v) => v.value))]) } as Partial<Product>);
}

/** A new product from the staff's form, in one transaction (or inside the caller's). */
export async function createProduct(input: ProductInput & { name: string; price: number }, outer?: Transaction): Promise<Product> {
  return outer ? writeNewProduct(input, outer) : Product.transaction((trx) => writeNewProduct(input, trx));
}

async function writeNewProduct(input: ProductInput & { name: string; price: number }, trx: Transaction): Promise<Product> {
  await checkCategory(input.categoryId, trx);
  let slug: string;
  if (input.slug) {
    slug = slugify(input.slug);
    if (!slug) throw badRequest(API.invalidValue, { slug: API.invalidValue });
    if (await Product.query(trx).findOne({ slug })) throw conflict(API.slugTaken, { slug: API.slugTaken });
  } else {
    slug = await uniqueSlug(input.name, 'products', undefined, trx);
  }
  const variants = input.variants?.length ? input.variants : [{ name: DEFAULT_VARIANT_NAME, sku: slug.toUpperCase().slice(0, 60), stock: 0 }];
  const { kind, tankCount } = await kindOfNewProduct(input, trx);
  assertWithinDirective({ kind, tankCount, nicotineMgMl: input.nicotineMgMl, volumeMl: input.volumeMl, variants });
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
    kind,
    tankCount,
    weightGrams: input.weightGrams ?? null,
    featured: input.featured ?? false,
    seoTitle: input.seoTitle ?? '',
    seoDescription: input.seoDescription ?? '',
    searchText: '',
  } as Partial<Product>);
  await replaceVariants(product, variants, input.price, trx);
  if (input.attributes) await replaceAttributes(product.id, input.attributes, trx);
  if (input.images) await replaceImages(product.id, input.images, trx);
  return refreshSearchText(product.id, trx);
}

/** A change from the staff's form (only the fields sent), in one transaction. */
export async function updateProduct(id: number, input: ProductInput): Promise<Product> {
  return Product.transaction((trx) => writeProductChange(id, input, trx));
}

async function writeProductChange(id: number, input: ProductInput, trx: Transaction): Promise<Product> {
  const current = await findProduct(id, trx);
  if (input.categoryId !== undefined) await checkCategory(input.categoryId, trx);
  const patch: Partial<Product> = {};
  for (const k of ['name', 'description', 'status', 'price', 'compareAtPrice', 'categoryId', 'nicotineMgMl', 'volumeMl', 'kind', 'tankCount', 'weightGrams', 'featured', 'seoTitle', 'seoDescription'] as const) {
    if (input[k] !== undefined) (patch as any)[k] = input[k];
  }
  // The directive is checked when the save touches what it looks at (the admin's form always
  // does), on the product as it will be; a call changing only a price leaves it alone.
  if (['kind', 'tankCount', 'nicotineMgMl', 'volumeMl', 'variants'].some((k) => input[k as keyof ProductInput] !== undefined)) {
    const variants = input.variants ?? (await Variant.query(trx).where('productId', id).orderBy(['position', 'id']).select('name'));
    assertWithinDirective({ ...current, ...patch, variants } as Parameters<typeof assertWithinDirective>[0]);
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
    await replaceVariants(current, input.variants, price, trx);
  }
  if (input.attributes) await replaceAttributes(id, input.attributes, trx);
  if (input.images) await replaceImages(id, input.images, trx);
  if (Object.keys(patch).length) await current.$query(trx).patch(patch);
  return refreshSearchText(id, trx);
}

/** The status move of the spec's call (PUT /products/:id/updateStatus). */
export async function setProductStatus(id: number, status: ProductStatus): Promise<Product> {
  const product = await findProduct(id);
  return product.$query().patchAndFetch({ status } as Partial<Product>);
}

/** Delete a product: answers what it was (the variants, pictures and attributes go with it). */
export async function deleteProduct(id: number): Promise<ProductView> {
  const product = await findProduct(id);
  const view = await productView(product);
  await Product.query().deleteById(product.id);
  return view;
}
