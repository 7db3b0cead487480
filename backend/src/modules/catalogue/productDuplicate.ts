// Duplicate a product: POST /api/admin/products/:id/duplicate makes, in one
// transaction, a draft copy named "<name> (копие)" with a new slug and new SKUs, the same
// category, figures, kind, flavours and pictures (the same files: uploads are never deleted),
// and its variants with no stock, so nothing is sold by accident. Answers 201 with the copy. The
// copy is written by the catalogue's one save (productSave), with its checks.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Transaction } from 'objection';
import { Product } from '../../models/Product';
import { Variant } from '../../models/Variant';
import { ProductImage } from '../../models/ProductImage';
import { ProductAttribute } from '../../models/ProductAttribute';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { productInput } from '@domain/schemas/catalogue';
import { findProduct, productView } from './products';
import { saveProduct } from './productSave';
import { CATALOGUE } from '@domain/messages';
import { SKU_MAX, TITLE_MAX } from '@domain/limits';
import { fromMinor } from '@domain/money';

/** "<name> (копие)", cut so that it fits. */
const doc = apiDoc('Продукти');

export function copyName(name: string): string {
  return name.slice(0, TITLE_MAX - CATALOGUE.copySuffix.length) + CATALOGUE.copySuffix;
}

/** "<SKU>-COPY", then "-COPY2", … : the first one no variant has and the copy does not use yet. */
async function freeSku(sku: string, taken: Set<string>, trx: Transaction): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '-COPY' : `-COPY${n}`;
    const candidate = sku.slice(0, SKU_MAX - suffix.length) + suffix;
    if (taken.has(candidate.toUpperCase()) || (await Variant.query(trx).findOne({ sku: candidate }))) continue;
    taken.add(candidate.toUpperCase());
    return candidate;
  }
}

/**
 * The copy, through the one save: it passes the same checks as any product (a source holding a
 * value the save refuses, e.g. a tank bigger than allowed, is not copied:
 * 400 with the field's text). Variant prices are the ones a shopper pays for the source.
 */
export async function duplicateProduct(id: number, trx: Transaction): Promise<Product> {
  const source = await findProduct(id, trx);
  const variants = await Variant.query(trx).where('productId', id).orderBy(['position', 'id']);
  const offered = (await ProductAttribute.query(trx)
    .where('productAttributes.productId', id)
    .join('attributes', 'attributes.id', 'productAttributes.attributeId')
    .join('attributeValues', 'attributeValues.id', 'productAttributes.attributeValueId')
    .select('attributes.name as name', 'attributeValues.value as value')
    .orderBy(['productAttributes.attributeId', 'productAttributes.position', 'productAttributes.id'])) as unknown as Array<{
    name: string;
    value: string;
  }>;
  const attributes: Array<{ name: string; values: string[] }> = [];
  for (const o of offered) {
    const a = attributes.find((x) => x.name === o.name);
    if (a) a.values.push(o.value);
    else attributes.push({ name: o.name, values: [o.value] });
  }
  const images = await ProductImage.query(trx).where('productId', id).orderBy(['position', 'id']);
  const skus: string[] = [];
  const taken = new Set<string>();
  for (const v of variants) skus.push(await freeSku(v.sku, taken, trx));
  // Read by the schema like any staff's product (a source holding a value it refuses is not copied).
  const input = parseBody(
    {
      name: copyName(source.name),
      description: source.description,
      status: 'draft',
      price: fromMinor(source.price),
      compareAtPrice: fromMinor(source.compareAtPrice),
      categoryId: source.categoryId,
      nicotineMgMl: source.nicotineMgMl,
      volumeMl: source.volumeMl,
      kind: source.kind,
      tankCount: source.tankCount,
      weightGrams: source.weightGrams,
      featured: false,
      // A copy of a disposable device stays one (a draft: it may never be active).
      disposable: Boolean(source.disposable),
      tradeMinimumQuantity: source.tradeMinimumQuantity ?? 1,
      tradeMultiple: source.tradeMultiple ?? null,
      seoTitle: source.seoTitle,
      seoDescription: source.seoDescription,
      variants: variants.map((v, i) => ({
        name: v.name,
        sku: skus[i],
        price: fromMinor(v.price ?? source.price),
        stock: 0,
        packSize: v.packSize ?? 1,
        nicotineMgMl: v.nicotineMgMl ?? null,
      })),
      attributes,
      images: images.map((im) => ({ url: im.url, alt: im.alt })),
    },
    productInput,
  );
  return saveProduct({ input }, { trx, variantPrices: 'final' });
}

export function productDuplicateRoutes() {
  const router = new Router();
  router.post(
    '/admin/products/:id/duplicate',
    doc('Копие на продукт (чернова)', { status: 201, answer: 'Новият продукт' }),
    async (ctx) => {
      const id = parseId(ctx.params.id);
      const copy = await Product.transaction((trx) => duplicateProduct(id, trx));
      ctx.status = 201;
      ctx.body = { ...(await productView(copy)), message: CATALOGUE.productDuplicated };
    },
  );
  return router;
}
