// The tobacco directive on save: what kind a product is (given, or inferred for the spec's create
// call, which knows no kinds) and a 400 with the field's Bulgarian error when it breaks a limit.
// The rule itself is domain/productKinds, the same one the admin form runs.
import type { Transaction } from 'objection';
import { Category } from '../../models/Category';
import { throwIfErrors } from '../../platform/http/parseInput';
import { directiveErrors, inferKind, inferTankCount, type KindFacts, type ProductKind } from '../../../../domain/productKinds';

/** The names of a category and its parents, nearest first (what inferKind reads). */
async function categoryChain(categoryId: number | null | undefined, trx: Transaction): Promise<string[]> {
  const names: string[] = [];
  for (let id = categoryId ?? null; id !== null && names.length < 20; ) {
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
  input: { kind?: ProductKind; tankCount?: number; name: string; categoryId?: number | null; nicotineMgMl?: number | null; volumeMl?: number | null; attributes?: Array<{ name: string }> },
  trx: Transaction,
): Promise<{ kind: ProductKind; tankCount: number }> {
  const kind = input.kind ?? inferKind({ name: input.name, categoryNames: await categoryChain(input.categoryId, trx), nicotineMgMl: input.nicotineMgMl, volumeMl: input.volumeMl });
  return { kind, tankCount: input.tankCount ?? inferTankCount((input.attributes ?? []).map((a) => a.name)) };
}

/** 400 `{ message, errors: { nicotineMgMl | volumeMl | variants.N.name } }` when the product
 *  would break the directive; nothing has been written by then that the transaction keeps. */
export function assertWithinDirective(facts: KindFacts): void {
  throwIfErrors(directiveErrors(facts));
}
