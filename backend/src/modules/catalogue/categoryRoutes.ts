// Categories: the public tree, the plain admin calls, and react-admin's dialect.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { categoryChangeInput, categoryInput, categorySpecChangeInput } from '@domain/schemas/catalogue';
import { publicAnswer } from '../../platform/cache/answerCache';
import { badRequest } from '../../platform/http/errors';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { API } from '@domain/messages';
import { searchable } from '@domain/slug';
import type { Visitor } from './visibility';
import { createCategory, deleteCategory, findCategory, listCategories, updateCategory } from './categories';

const SORTABLE = ['id', 'name', 'position', 'createdAt', 'productCount', 'slug'] as const;

/** react-admin's list: categories are few, so filter, sort and page the whole tree in memory. */
async function raList(ctx: Context) {
  const params = parseRaParams(ctx.query, {
    idColumn: 'id',
    defaultSort: ['position', 'ASC'],
    sortable: Object.fromEntries(SORTABLE.map((f) => [f, f])),
    filters: { q: () => undefined, parentId: () => undefined },
  });
  let rows = await listCategories(false);
  const { q, parentId, id } = params.filter as { q?: unknown; parentId?: unknown; id?: unknown };
  if (q !== undefined && q !== '') {
    if (typeof q !== 'string') throw badRequest(API.invalidFilter, { 'filter.q': API.invalidFilter });
    const needle = searchable(q.trim());
    rows = rows.filter((c) => searchable(c.name, c.slug).includes(needle));
  }
  if (parentId !== undefined) {
    if (parentId !== null && !Number.isInteger(Number(parentId)))
      throw badRequest(API.invalidFilter, { 'filter.parentId': API.invalidFilter });
    rows = rows.filter((c) => (parentId === null ? c.parentId === null : c.parentId === Number(parentId)));
  }
  if (id !== undefined) {
    const ids = (Array.isArray(id) ? id : [id]).map(Number);
    rows = rows.filter((c) => ids.includes(c.id));
  }
  const [field, dir] = params.sort;
  const sign = dir === 'ASC' ? 1 : -1;
  rows.sort((a: any, b: any) => (a[field] < b[field] ? -sign : a[field] > b[field] ? sign : (a.id - b.id) * sign));
  sendRaList(ctx, 'categories', rows.slice(params.start, params.end + 1), params.start, rows.length);
}

const doc = apiDoc('Категории');

export function categoryRoutes() {
  const router = new Router();

  router.get(
    '/categories',
    doc('Дървото на категориите с броя продукти', { answer: '{ categories }: дърво; броят е според това какво вижда посетителят' }),
    async (ctx) => {
      const visitor = ctx.state.visitor as Visitor;
      ctx.body = { categories: await listCategories(true, visitor) };
      // The counts are a guest's for anyone but a trade member (catalogue/visibility).
      if (!visitor.trade) publicAnswer(ctx);
    },
  );

  // The plain calls.
  router.post(
    '/admin/categories/create',
    doc('Нова категория', { body: categoryInput, status: 201, answer: '{ message, category }' }),
    async (ctx) => {
      const input = parseBody(ctx.request.body, categoryInput);
      ctx.status = 201;
      ctx.body = { message: API.categoryCreated, category: await createCategory(input) };
    },
  );

  // react-admin's dialect (and the plain update and delete on the same paths).
  router.get('/admin/categories', doc('Категориите (react-admin)', { raList: true, answer: 'Списък от категории' }), raList);
  router.get('/admin/categories/:id', doc('Една категория', { answer: 'Категорията с броя продукти' }), async (ctx) => {
    const c = await findCategory(parseId(ctx.params.id));
    c.productCount = (await listCategories(false)).find((x) => x.id === c.id)?.productCount ?? 0;
    ctx.body = c;
  });
  router.post(
    '/admin/categories',
    doc('Нова категория (react-admin)', { body: categoryInput, status: 201, answer: 'Категорията' }),
    async (ctx) => {
      const input = parseBody(ctx.request.body, categoryInput);
      ctx.status = 201;
      ctx.body = await createCategory(input);
    },
  );
  router.put(
    '/admin/categories/:id',
    doc('Промяна на категория', {
      body: [categoryChangeInput, categorySpecChangeInput],
      answer: 'Категорията (или { message, category } с categoryName/parentCategoryId)',
    }),
    async (ctx) => {
      const id = parseId(ctx.params.id);
      const body = ctx.request.body as Record<string, unknown> | undefined;
      if (body && typeof body === 'object' && ('categoryName' in body || 'parentCategoryId' in body)) {
        const input = parseBody(body, categorySpecChangeInput);
        const category = await updateCategory(id, { name: input.categoryName, parentId: input.parentCategoryId });
        ctx.body = { message: API.categoryUpdated, category };
        return;
      }
      const input = parseBody(body, categoryChangeInput);
      ctx.body = await updateCategory(id, input);
    },
  );
  router.delete('/admin/categories/:id', doc('Изтриване на категория', { answer: 'Изтритата категория и { message }' }), async (ctx) => {
    const deleted = await deleteCategory(parseId(ctx.params.id));
    ctx.body = { ...deleted.toJSON(), message: API.categoryDeleted };
  });

  return router;
}
