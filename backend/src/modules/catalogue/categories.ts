// The category tree: counts, descendants, unique slugs, and the rule that a category cannot
// become its own ancestor. Categories are few (tens), so the tree is read whole.
import type { Transaction } from 'objection';
import { Category } from '../../models/Category';
import { Product } from '../../models/Product';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { claimVersion } from '../../platform/db/versions';
import { API } from '@domain/messages';
import { slugify } from '@domain/slug';
import { salesPolicy, SHOPPER, visibleToShoppers, type Visitor } from './visibility';
import type { CategoryChange } from '@domain/schemas/catalogue';

export type CategoryInput = CategoryChange;

/** Product counts per category: what the visitor may see (./visibility), or all for staff. */
export async function productCounts(onlyActive: boolean, visitor: Visitor = SHOPPER): Promise<Map<number, number>> {
  const q = Product.query().select('categoryId').count({ n: '*' }).whereNotNull('categoryId').groupBy('categoryId');
  if (onlyActive) visibleToShoppers(q, visitor, await salesPolicy());
  const rows = (await q) as unknown as Array<{ categoryId: number; n: number | string }>;
  return new Map(rows.map((r) => [Number(r.categoryId), Number(r.n)]));
}

/** Each category's count as its product list shows it: its own products and those of all its
 *  subcategories (the list filters by the whole subtree). */
export function subtreeCounts(categories: Array<{ id: number; parentId: number | null }>, own: Map<number, number>): Map<number, number> {
  const children = new Map<number, number[]>();
  for (const c of categories) if (c.parentId !== null) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  const out = new Map<number, number>();
  for (const c of categories) {
    let total = 0;
    const seen = new Set<number>();
    const stack = [c.id];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      total += own.get(id) ?? 0;
      stack.push(...(children.get(id) ?? []));
    }
    out.set(c.id, total);
  }
  return out;
}

export async function listCategories(onlyActiveCounts: boolean, visitor: Visitor = SHOPPER): Promise<Category[]> {
  const [categories, counts] = await Promise.all([
    Category.query().orderBy(['position', 'name', 'id']),
    productCounts(onlyActiveCounts, visitor),
  ]);
  const totals = subtreeCounts(categories, counts);
  for (const c of categories) c.productCount = totals.get(c.id) ?? 0;
  return categories;
}

export async function findCategory(id: number, trx?: Transaction): Promise<Category> {
  const c = await Category.query(trx).findById(id);
  if (!c) throw notFound(API.categoryNotFound);
  return c;
}

/** The category and all its subcategories' ids. */
export async function descendantIds(categoryId: number, trx?: Transaction): Promise<number[]> {
  const all = await Category.query(trx).select('id', 'parentId');
  const children = new Map<number, number[]>();
  for (const c of all) if (c.parentId !== null) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  const out: number[] = [];
  const stack = [categoryId];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.includes(id)) continue;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** A category by numeric id or by slug. */
export async function resolveCategory(idOrSlug: string, trx?: Transaction): Promise<Category | undefined> {
  if (/^\d{1,12}$/.test(idOrSlug)) return Category.query(trx).findById(Number(idOrSlug));
  return Category.query(trx).findOne({ slug: idOrSlug.toLowerCase() });
}

export async function uniqueSlug(base: string, table: 'categories' | 'products', exceptId?: number, trx?: Transaction): Promise<string> {
  const root = slugify(base) || (table === 'categories' ? 'kategoriya' : 'produkt');
  const knex = trx ?? Category.knex();
  const taken = new Set<string>(
    (await knex(table).where('slug', root).orWhere('slug', 'like', `${root}-%`).select('id', 'slug'))
      .filter((r: { id: number }) => r.id !== exceptId)
      .map((r: { slug: string }) => r.slug),
  );
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) if (!taken.has(`${root}-${n}`)) return `${root}-${n}`;
}

async function checkParent(id: number | undefined, parentId: number | null | undefined, trx?: Transaction) {
  if (parentId === undefined || parentId === null) return;
  if (!(await Category.query(trx).findById(parentId))) throw badRequest(API.parentNotFound, { parentId: API.parentNotFound });
  if (id !== undefined && (await descendantIds(id, trx)).includes(parentId))
    throw badRequest(API.categoryCycle, { parentId: API.categoryCycle });
}

async function checkSlug(slug: string, exceptId?: number) {
  const other = await Category.query().findOne({ slug });
  if (other && other.id !== exceptId) throw conflict(API.slugTaken, { slug: API.slugTaken });
}

export async function createCategory(input: CategoryInput & { name: string }): Promise<Category> {
  await checkParent(undefined, input.parentId);
  const slug = input.slug ? slugify(input.slug) : await uniqueSlug(input.name, 'categories');
  if (input.slug) await checkSlug(slug);
  const c = await Category.query().insertAndFetch({
    name: input.name,
    slug,
    parentId: input.parentId ?? null,
    position: input.position ?? 0,
    description: input.description ?? '',
  } as Partial<Category>);
  c.productCount = 0;
  return c;
}

/** A change; with `version` (the copy's), refused with 409 when the category has changed since. */
export async function updateCategory(id: number, input: CategoryInput): Promise<Category> {
  const current = await findCategory(id);
  await checkParent(id, input.parentId);
  const patch: Partial<Category> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.parentId !== undefined) patch.parentId = input.parentId;
  if (input.position !== undefined) patch.position = input.position;
  if (input.description !== undefined) patch.description = input.description;
  if (input.slug !== undefined && slugify(input.slug) !== current.slug) {
    patch.slug = slugify(input.slug);
    await checkSlug(patch.slug, id);
  }
  const c = await Category.transaction(async (trx) => {
    await claimVersion(trx, { table: 'categories', id, audit: ['categories'] }, input.version);
    return Category.query(trx).patchAndFetchById(id, patch);
  });
  c.productCount = (await listCategories(false)).find((x) => x.id === id)?.productCount ?? 0;
  return c;
}

export async function deleteCategory(id: number): Promise<Category> {
  const c = await findCategory(id);
  if (await Product.query().findOne({ categoryId: id })) throw conflict(API.categoryHasProducts);
  if (await Category.query().findOne({ parentId: id })) throw conflict(API.categoryHasChildren);
  await Category.query().deleteById(id);
  c.productCount = 0;
  return c;
}
