// The tobacco directive on save: what kind a product is (given, or inferred for the plain create
// call, which knows no kinds). The limits themselves are domain/productKinds, the same rule the
// admin form runs; the one save (productSave) checks them.
import type { Transaction } from 'objection';
import { Category } from '../../models/Category';
import { inferKind, inferTankCount, type ProductKind } from '@domain/productKinds';

/** The names of a category and its parents, nearest first (what inferKind reads). */
async function categoryChain(categoryId: number | null | undefined, trx?: Transaction): Promise<string[]> {
  const names: string[] = [];
  for (let id = categoryId ?? null; id !== null && names.length < 20;) {
    const c = await Category.query(trx).findById(id).select('name', 'parentId');
    if (!c) break;
    names.push(c.name);
    id = c.parentId;
  }
  return names;
}

/** A new product's kind and tank count: the ones sent, else what its name, category, figures and
 *  "Вкус N" attributes say. */
export async function kindOfNewProduct(
  input: {
    kind?: ProductKind;
    tankCount?: number;
    name: string;
    categoryId?: number | null;
    nicotineMgMl?: number | null;
    volumeMl?: number | null;
    attributes?: Array<{ name: string }>;
  },
  trx?: Transaction,
): Promise<{ kind: ProductKind; tankCount: number }> {
  const kind =
    input.kind ??
    inferKind({
      name: input.name,
      categoryNames: await categoryChain(input.categoryId, trx),
      nicotineMgMl: input.nicotineMgMl,
      volumeMl: input.volumeMl,
    });
  return { kind, tankCount: input.tankCount ?? inferTankCount((input.attributes ?? []).map((a) => a.name)) };
}
