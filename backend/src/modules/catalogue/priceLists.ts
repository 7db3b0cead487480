// Trade price lists: a named list with a discount off the retail net price and fixed net
// prices per variant, each from a quantity of a line (from 1: the base; from more: a quantity
// break), given to companies (modules/trade). One write path, savePriceList; deleting a
// list leaves its companies without one (they then buy at the retail net price). What a member pays
// is computed by ./tradePrices from these rows only.
import type { Transaction } from 'objection';
import { PriceList } from '../../models/PriceList';
import { PriceListPrice } from '../../models/PriceListPrice';
import { Variant } from '../../models/Variant';
import { Company } from '../../models/Company';
import { badRequest, conflict, notFound, type FieldErrors } from '../../platform/http/errors';
import { parseBody } from '../../platform/http/parseInput';
import { claimVersion } from '../../platform/db/versions';
import { raPage, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { priceListChangeInput, priceListInput, type PriceListChange } from '@domain/schemas/priceLists';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { API } from '@domain/messages';
import { fromMinor } from '@domain/money';
import { PERCENT_BP, tradeUnitNet } from '@domain/trade';
import { SHOP_VAT_PERCENT } from '@domain/pricing';

export interface PriceListPriceView {
  variantId: number;
  netPrice: number;
  /** From how many units of a line this price applies (1: the base). */
  minQuantity: number;
  sku: string;
  productName: string;
  variantName: string;
  /** The variant's retail price (with VAT), for staff beside the fixed one. */
  retailPrice: number;
}

export interface PriceListView {
  id: number;
  name: string;
  discountPercent: number;
  prices: PriceListPriceView[];
  priceCount: number;
  companyCount: number;
  createdAt: string;
  updatedAt: string;
  /** Raised by every save; a change made from an older copy is refused (409). */
  version: number;
}

export const priceListRaSpec: RaListSpec = {
  idColumn: 'price_lists.id',
  defaultSort: ['name', 'ASC'],
  sortable: { id: 'price_lists.id', name: 'name', discountPercent: 'discountBp', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  // q: applied by priceListPage (names in either letter case, Cyrillic too: folded here, not in SQL).
  filters: { q: () => undefined },
};

/** react-admin's page of lists, `q` matching any part of the name whatever its letter case. */
export async function priceListPage(params: RaListParams): Promise<{ rows: PriceListView[]; total: number }> {
  const base = PriceList.query();
  const q = params.filter.q;
  if (q !== undefined && q !== null && q !== '') {
    if (typeof q !== 'string') throw badRequest(API.invalidFilter, { 'filter.q': API.invalidFilter });
    const needle = fold(q);
    const all = await PriceList.query().select('id', 'name');
    base.whereIn(
      'price_lists.id',
      all.filter((l) => fold(l.name).includes(needle)).map((l) => l.id),
    );
  }
  const { rows, total } = await raPage(base, params, priceListRaSpec);
  return { rows: await priceListViews(rows), total };
}

/** Answers for these lists: 3 queries whatever their number. */
export async function priceListViews(lists: PriceList[], trx?: Transaction): Promise<PriceListView[]> {
  if (!lists.length) return [];
  const ids = lists.map((l) => l.id);
  const [prices, companies] = await Promise.all([
    PriceListPrice.query(trx)
      .whereIn('priceListPrices.priceListId', ids)
      .join('variants', 'variants.id', 'priceListPrices.variantId')
      .join('products', 'products.id', 'variants.productId')
      .select(
        'priceListPrices.priceListId',
        'priceListPrices.variantId',
        'priceListPrices.netPrice',
        'priceListPrices.minQuantity',
        'variants.sku as sku',
        'variants.name as variantName',
        'products.name as productName',
        'variants.price as variantPrice',
        'products.price as productPrice',
      )
      .orderBy(['products.name', 'variants.position', 'variants.id', 'priceListPrices.minQuantity']) as unknown as Promise<
      Array<PriceListPrice & { sku: string; variantName: string; productName: string; variantPrice: number | null; productPrice: number }>
    >,
    Company.query(trx).whereIn('priceListId', ids).groupBy('priceListId').select('priceListId').count('* as n') as unknown as Promise<
      Array<{ priceListId: number; n: number | string }>
    >,
  ]);
  const counts = new Map(companies.map((c) => [c.priceListId, Number(c.n)]));
  return lists.map((l) => {
    const own = prices
      .filter((p) => p.priceListId === l.id)
      .map((p) => ({
        variantId: p.variantId,
        netPrice: fromMinor(p.netPrice)!,
        minQuantity: p.minQuantity,
        sku: p.sku,
        productName: p.productName,
        variantName: p.variantName,
        retailPrice: fromMinor(p.variantPrice ?? p.productPrice)!,
      }));
    return {
      id: l.id,
      name: l.name,
      discountPercent: l.discountBp / PERCENT_BP,
      prices: own,
      priceCount: own.length,
      companyCount: counts.get(l.id) ?? 0,
      createdAt: l.createdAt,
      updatedAt: l.updatedAt,
      version: l.version,
    };
  });
}

export async function priceListView(list: PriceList, trx?: Transaction): Promise<PriceListView> {
  return (await priceListViews([list], trx))[0];
}

export async function findPriceList(id: number, trx?: Transaction): Promise<PriceList> {
  const list = await PriceList.query(trx).findById(id);
  if (!list) throw notFound(PRICE_LIST_TEXTS.notFound);
  return list;
}

const fold = (s: string) => s.trim().toLocaleLowerCase('bg');

/**
 * The one write of a price list: a new one (no `existingId`) or a change (only the fields sent;
 * `prices`, when sent, replaces them all). Refuses (400 naming the field, 404, 409) before
 * anything is written; answers the saved list.
 */
export async function savePriceList(body: unknown, existingId?: number): Promise<PriceListView> {
  const changing = existingId !== undefined;
  const input: PriceListChange = parseBody(body, changing ? priceListChangeInput : priceListInput);
  return PriceList.transaction(async (trx) => {
    // A change raises the version first: a copy older than the list is refused before any write.
    if (changing)
      await claimVersion(
        trx,
        { table: 'price_lists', id: existingId, audit: ['price-lists'] },
        'version' in input ? input.version : undefined,
      );
    const current = changing ? await findPriceList(existingId, trx) : null;
    if (input.name !== undefined) {
      const others = await PriceList.query(trx)
        .select('id', 'name')
        .modify((q) => current && q.whereNot('id', current.id));
      if (others.some((o) => fold(o.name) === fold(input.name!)))
        throw conflict(PRICE_LIST_TEXTS.nameTaken, { name: PRICE_LIST_TEXTS.nameTaken });
    }
    if (input.prices) {
      const errors: FieldErrors = {};
      const seen = new Set<number>();
      // One price per variant and quantity: a second row of the pair is refused on both its fields.
      const pairs = new Set<string>();
      input.prices.forEach((p, i) => {
        const pair = `${p.variantId} ${p.minQuantity ?? 1}`;
        if (pairs.has(pair)) {
          errors[`prices.${i}.variantId`] = PRICE_LIST_TEXTS.breakTwice;
          errors[`prices.${i}.minQuantity`] = PRICE_LIST_TEXTS.breakTwice;
        }
        pairs.add(pair);
        seen.add(p.variantId);
      });
      const ids = [...seen];
      const found = new Set<number>();
      for (let i = 0; i < ids.length; i += 500)
        for (const v of await Variant.query(trx)
          .whereIn('id', ids.slice(i, i + 500))
          .select('id'))
          found.add(v.id);
      input.prices.forEach((p, i) => {
        if (!found.has(p.variantId)) errors[`prices.${i}.variantId`] = PRICE_LIST_TEXTS.variantNotFound;
      });
      if (Object.keys(errors).length) throw badRequest(API.invalidInput, errors);
    }
    const fields: Partial<PriceList> = {};
    if (input.name !== undefined) fields.name = input.name.trim();
    if (input.discountPercent !== undefined) fields.discountBp = input.discountPercent;
    let list: PriceList;
    if (current) {
      list = Object.keys(fields).length || input.prices ? await current.$query(trx).patchAndFetch(fields) : current;
    } else {
      list = await PriceList.query(trx).insertAndFetch({ discountBp: 0, ...fields } as Partial<PriceList>);
    }
    if (input.prices) {
      await PriceListPrice.query(trx).delete().where('priceListId', list.id);
      for (let i = 0; i < input.prices.length; i += 200)
        // One statement per 200 rows (objection inserts many rows only on PostgreSQL).
        await trx('priceListPrices').insert(
          input.prices
            .slice(i, i + 200)
            .map((p) => ({ priceListId: list.id, variantId: p.variantId, netPrice: p.netPrice, minQuantity: p.minQuantity ?? 1 })),
        );
    }
    return priceListView(list, trx);
  });
}

/** Delete a list: its companies are left without one (as the foreign key's SET NULL would, but
 *  written here, so the kept companies hear of it). Answers what it was. */
export async function deletePriceList(id: number): Promise<PriceListView> {
  return PriceList.transaction(async (trx) => {
    const list = await findPriceList(id, trx);
    const view = await priceListView(list, trx);
    await Company.query(trx)
      .patch({ priceListId: null } as Partial<Company>)
      .where('priceListId', id);
    await PriceList.query(trx).deleteById(id);
    return view;
  });
}

/** A variant's price by a list, as staff see it beside the retail price: minor units, net. */
export function listNetPrice(retailGross: number, discountBp: number, fixedNet?: number | null): number {
  return tradeUnitNet(retailGross, SHOP_VAT_PERCENT, discountBp, fixedNet);
}
