// Stock of every variant for the staff (the inventory page): a page of rows with the product's
// name, status, slug and category, one row, and stock set in place.
import { Variant } from '../../models/Variant';
import { badRequest, notFound } from '../../platform/http/errors';
import { escapeLike, filterBy, raPage, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { API } from '@domain/messages';
import { PRODUCT_STATUSES } from '@domain/limits';
import { fromMinor } from '@domain/money';
import { getSettings } from '../settings';

function rowsQuery() {
  return Variant.query()
    .join('products', 'products.id', 'variants.productId')
    .leftJoin('categories', 'categories.id', 'products.categoryId')
    .select(
      'variants.id',
      'variants.productId',
      'variants.name as variantName',
      'variants.sku',
      'variants.stock',
      'variants.packSize',
      'variants.price as variantPrice',
      'products.name as productName',
      'products.status as productStatus',
      'products.price as productPrice',
      // The CSV export carries the product's address and category, so the import can read it back.
      'products.slug as productSlug',
      'categories.name as categoryName',
    );
}

export const inventoryListSpec: RaListSpec = {
  idColumn: 'variants.id',
  defaultSort: ['productName', 'ASC'],
  sortable: { id: 'variants.id', productName: 'products.name', sku: 'variants.sku', stock: 'variants.stock', variantName: 'variants.name' },
  filters: {
    q: (qb, value) => {
      if (typeof value !== 'string') throw badRequest(API.invalidFilter, { 'filter.q': API.invalidFilter });
      const needle = `%${escapeLike(value.trim().toLocaleLowerCase('bg'))}%`;
      if (value.trim())
        qb.where((w) =>
          w
            .whereRaw(`products.search_text like ? escape '\\'`, [needle])
            .orWhereRaw(`lower(products.name) like ? escape '\\'`, [needle])
            .orWhereRaw(`lower(variants.sku) like ? escape '\\'`, [needle]),
        );
    },
    productId: filterBy.id('variants.productId'),
    productStatus: filterBy.equals('products.status', PRODUCT_STATUSES),
    stock_lte: filterBy.compare('variants.stock', '<='),
    // Read in list() below: at or under the shop's low-stock threshold.
    lowStock: () => undefined,
  },
};

function view(r: any) {
  return {
    id: r.id,
    productId: r.productId,
    productName: r.productName,
    productStatus: r.productStatus,
    variantName: r.variantName,
    sku: r.sku,
    stock: r.stock,
    packSize: r.packSize ?? 1,
    productSlug: r.productSlug,
    categoryName: r.categoryName ?? null,
    price: fromMinor(r.variantPrice ?? r.productPrice),
  };
}

/** A page of variants with their stock; `lowStock` means at or under the shop's threshold. */
export async function inventoryPage(params: RaListParams) {
  if (params.filter.lowStock === true || params.filter.lowStock === 'true') {
    params.filter = { ...params.filter, stock_lte: (await getSettings()).lowStockThreshold };
  }
  delete params.filter.lowStock;
  const { rows, total } = await raPage(rowsQuery(), params, inventoryListSpec);
  return { rows: rows.map(view), total };
}

export async function inventoryRow(id: number) {
  const row = await rowsQuery().findById(id);
  if (!row) throw notFound(API.variantNotFound);
  return view(row);
}

/** Stock set in place (one variant): answers the row as the list shows it. */
export async function setStock(id: number, stock: number) {
  const changed = await Variant.query()
    .patch({ stock } as Partial<Variant>)
    .findById(id);
  if (!changed) throw notFound(API.variantNotFound);
  return inventoryRow(id);
}
