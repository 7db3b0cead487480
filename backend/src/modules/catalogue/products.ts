// The catalogue: product answers (with category, images, variants, attributes) built for a
// whole page in a constant number of queries, finding a product and deleting one. Saving one is
// productSave's, the one write path.
import type { Transaction } from 'objection';
import { Product } from '../../models/Product';
import { Variant } from '../../models/Variant';
import { ProductImage } from '../../models/ProductImage';
import { ProductAttribute } from '../../models/ProductAttribute';
import { Category } from '../../models/Category';
import { notFound } from '../../platform/http/errors';
import { API } from '@domain/messages';
import type { ApiProduct } from '@domain/api';
import { fromMinor } from '@domain/money';
import { concurrently } from '../../platform/db/concurrently';

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
    () =>
      ProductAttribute.query(trx)
        .whereIn('productAttributes.productId', ids)
        .join('attributes', 'attributes.id', 'productAttributes.attributeId')
        .join('attributeValues', 'attributeValues.id', 'productAttributes.attributeValueId')
        .select(
          'productAttributes.productId',
          'productAttributes.attributeId',
          'productAttributes.attributeValueId',
          'productAttributes.position',
          'attributes.name as attributeName',
          'attributeValues.value as value',
        )
        .orderBy(['productAttributes.attributeId', 'productAttributes.position', 'productAttributes.id']),
    () =>
      categoryIds.length ? Category.query(trx).whereIn('id', categoryIds).select('id', 'name', 'slug') : Promise.resolve([] as Category[]),
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
      category: p.categoryId !== null ? (categoryById.get(p.categoryId) ?? null) : null,
      images: images.filter((i) => i.productId === p.id).map((i) => ({ id: i.id, url: i.url, alt: i.alt })),
      variants: own.map((v) => ({
        id: v.id,
        name: v.name,
        sku: v.sku,
        price: fromMinor(v.price ?? p.price)!,
        stock: v.stock,
        packSize: v.packSize ?? 1,
        nicotineMgMl: v.nicotineMgMl ?? null,
        ...(v.gtin ? { gtin: v.gtin } : {}),
      })),
      attributes,
      nicotineMgMl: p.nicotineMgMl,
      volumeMl: p.volumeMl,
      kind: p.kind,
      tankCount: p.tankCount,
      weightGrams: p.weightGrams ?? null,
      featured: Boolean(p.featured),
      disposable: Boolean(p.disposable),
      tradeMinimumQuantity: p.tradeMinimumQuantity ?? 1,
      tradeMultiple: p.tradeMultiple ?? null,
      seoTitle: p.seoTitle,
      seoDescription: p.seoDescription,
      stock,
      inStock: stock > 0,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      version: p.version,
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

/** Delete a product: answers what it was (the variants, pictures and attributes go with it). */
export async function deleteProduct(id: number): Promise<ProductView> {
  const product = await findProduct(id);
  const view = await productView(product);
  await Product.query().deleteById(product.id);
  return view;
}
