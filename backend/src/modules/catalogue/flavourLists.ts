// Flavour lists: staff name a list of flavours once ("Вкусове TWINS", ten flavours)
// and pick it on a product's form, which fills the product's "Вкус N" attributes from it (the
// product keeps its own copy, editable afterwards). react-admin's resource /api/admin/flavour-lists,
// admin-only and audited like every /api/admin write.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { FlavourList } from '../../models/FlavourList';
import { parseBody, parseId, throwIfErrors } from '../../platform/http/parseInput';
import { flavourListChangeInput, flavourListInput } from '@domain/schemas/catalogue';
import { conflict, notFound } from '../../platform/http/errors';
import { claimVersion } from '../../platform/db/versions';
import { parseRaParams, raPage, sendRaList, type RaListSpec } from '../../platform/lists/raList';
import { CATALOGUE } from '@domain/messages';
import { flavourListErrors } from '@domain/flavourLists';

const raSpec: RaListSpec = {
  idColumn: 'id',
  defaultSort: ['name', 'ASC'],
  sortable: { id: 'id', name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  filters: {},
};

const doc = apiDoc('Списъци с вкусове');

export function flavourListView(l: FlavourList) {
  return {
    id: l.id,
    name: l.name,
    flavours: l.flavours,
    flavourCount: l.flavours.length,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    version: l.version,
  };
}

const fold = (s: string) => s.trim().toLocaleLowerCase('bg');

/** Name and flavours checked as a person means them: trimmed, no flavour twice, at least one,
 *  no two lists of one name (whatever the letter case). */
async function parseList(
  body: unknown,
  partial: boolean,
  exceptId?: number,
): Promise<Partial<Pick<FlavourList, 'name' | 'flavours'>> & { version?: number }> {
  const input = parseBody(body, partial ? flavourListChangeInput : flavourListInput);
  if (input.flavours) throwIfErrors(flavourListErrors(input.flavours));
  if (input.name !== undefined) {
    const others = await FlavourList.query()
      .select('id', 'name')
      .modify((q) => exceptId !== undefined && q.whereNot('id', exceptId));
    if (others.some((o) => fold(o.name) === fold(input.name!)))
      throw conflict(CATALOGUE.flavourListNameTaken, { name: CATALOGUE.flavourListNameTaken });
  }
  return input;
}

async function findList(raw: string | undefined): Promise<FlavourList> {
  const list = await FlavourList.query().findById(parseId(raw));
  if (!list) throw notFound(CATALOGUE.flavourListNotFound);
  return list;
}

async function list(ctx: Context) {
  const params = parseRaParams(ctx.query, raSpec);
  const { rows, total } = await raPage(FlavourList.query(), params, raSpec);
  sendRaList(ctx, 'flavour-lists', rows.map(flavourListView), params.start, total);
}

export function flavourListRoutes() {
  const router = new Router();
  router.get('/admin/flavour-lists', doc('Списъците с вкусове', { raList: true, answer: 'Списък' }), list);
  router.get('/admin/flavour-lists/:id', doc('Един списък с вкусове', { answer: 'Списъкът' }), async (ctx) => {
    ctx.body = flavourListView(await findList(ctx.params.id));
  });
  router.post(
    '/admin/flavour-lists',
    doc('Нов списък с вкусове', { body: flavourListInput, status: 201, answer: 'Списъкът' }),
    async (ctx) => {
      const input = await parseList(ctx.request.body, false);
      const created = await FlavourList.query().insertAndFetch(input);
      ctx.status = 201;
      ctx.body = { ...flavourListView(created), message: CATALOGUE.flavourListCreated };
    },
  );
  router.put(
    '/admin/flavour-lists/:id',
    doc('Промяна на списък с вкусове', { body: flavourListChangeInput, answer: 'Списъкът' }),
    async (ctx) => {
      const current = await findList(ctx.params.id);
      const { version, ...input } = await parseList(ctx.request.body, true, current.id);
      // With the copy's version: refused (409) when the list has changed since it was loaded.
      const updated = await FlavourList.transaction(async (trx) => {
        await claimVersion(trx, { table: 'flavour_lists', id: current.id, audit: ['flavour-lists'] }, version);
        return FlavourList.query(trx).patchAndFetchById(current.id, input);
      });
      ctx.body = { ...flavourListView(updated), message: CATALOGUE.flavourListUpdated };
    },
  );
  router.delete('/admin/flavour-lists/:id', doc('Изтриване на списък с вкусове', { answer: 'Изтритият списък' }), async (ctx) => {
    const current = await findList(ctx.params.id);
    await FlavourList.query().deleteById(current.id);
    ctx.body = { ...flavourListView(current), message: CATALOGUE.flavourListDeleted };
  });
  return router;
}
