// Duplicate a product (issue 21): POST /api/admin/products/:id/duplicate makes, in one
// transaction, a draft copy named "<name> (копие)" with a new slug and new SKUs, the same
// category, figures, kind, flavours and pictures (the same files: uploads are never deleted),
// and its variants with no stock, so nothing is sold by accident. Answers 201 with the copy.
import Router from '@koa/router';
import type { Transaction } from 'objection';
import { Product } from '../../models/Product';
import { Variant } from '../../models/Variant';
import { ProductImage } from '../../models/ProductImage';
import { ProductAttribute } from '../../models/ProductAttribute';
import { parseId } from '../../platform/http/parseInput';
import { findProduct, productView, refreshSearchText } from './products';
import { uniqueSlug } from './categories';
import { CATALOGUE } from '../../../../domain/messages';
import { SKU_MAX, TITLE_MAX } from '../../../../domain/limits';

/** "<name> (копие)", cut so that it fits. */
export function copyName(name: string): string {
  return name.slice(0, TITLE_MAX - CATALOGUE.copySuffix.length) + CATALOGUE.copySuffix;
}

/** "<SKU>-COPY", then "-COPY2", … : the first one no variant has. */
async function freeSku(sku: string, trx: Transaction): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '-COPY' : `-COPY${n}`;
    const candidate = sku.slice(0, SKU_MAX - suffix.length) + suffix;
    if (!(await Variant.query(trx).findOne({ sku: candidate }))) return candidate;
  }
}

export async function duplicateProduct(id: number, trx: Transaction): Promise<Product> {
  const source = await findProduct(id, trx);
  const name = copyName(source.name);
  const copy = await Product.query(trx).insertAndFetch({
    slug: await uniqueSlug(name, 'products', undefined, trx),
    name,
    description: source.description,
    status: 'draft',
    price: source.price,
    compareAtPrice: source.compareAtPrice,
    categoryId: source.categoryId,
    nicotineMgMl: source.nicotineMgMl,
    volumeMl: source.volumeMl,
    kind: source.kind,
    tankCount: source.tankCount,
    weightGrams: source.weightGrams,
    featured: false,
    seoTitle: source.seoTitle,
    seoDescription: source.seoDescription,
    searchText: '',
  } as Partial<Product>);
  const variants = await Variant.query(trx).where('productId', id).orderBy(['position', 'id']);
  for (const v of variants) {
    await Variant.query(trx).insert({ productId: copy.id, name: v.name, sku: await freeSku(v.sku, trx), price: v.price, stock: 0, position: v.position } as Partial<Variant>);
  }
  const offered = await ProductAttribute.query(trx).where('productId', id).orderBy('id');
  for (const a of offered) {
    await ProductAttribute.query(trx).insert({ productId: copy.id, attributeId: a.attributeId, attributeValueId: a.attributeValueId, position: a.position } as Partial<ProductAttribute>);
  }
  const images = await ProductImage.query(trx).where('productId', id).orderBy(['position', 'id']);
  for (const im of images) {
    await ProductImage.query(trx).insert({ productId: copy.id, url: im.url, alt: im.alt, position: im.position } as Partial<ProductImage>);
  }
  return refreshSearchText(copy.id, trx);
}

export function productDuplicateRoutes() {
  const router = new Router();
  router.post('/admin/products/:id/duplicate', async (ctx) => {
    const id = parseId(ctx.params.id);
    const copy = await Product.transaction((trx) => duplicateProduct(id, trx));
    ctx.status = 201;
    ctx.body = { ...(await productView(copy)), message: CATALOGUE.productDuplicated };
  });
  return router;
}
