// Stock of every variant for the staff (the inventory page): a page of rows with the product's
// name, status, slug and category, one row, a count set in place and a correction (both through
// the one write path, ./stock), and the history of movements.
import { Variant } from '../../models/Variant';
import { StockMovement } from '../../models/StockMovement';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { escapeLike, filterBy, raPage, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { API } from '@domain/messages';
import { PRODUCT_STATUSES } from '@domain/limits';
import { fromMinor } from '@domain/money';
import { STOCK_REASONS, type ApiStockMovement } from '@domain/stock';
import { getSettings } from '../settings';
import { adjustStock, setStockTo } from './stock';

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
      'variants.nicotineMgMl',
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
    nicotineMgMl: r.nicotineMgMl ?? null,
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

/** Who counts or corrects, and why (the movement's user and note). */
export interface StaffStockChange {
  userId: number | null;
  note?: string;
}

/** A count (one variant): the figure found; the difference from the books is the movement.
 *  Answers the row as the list shows it. */
export async function setStock(id: number, stock: number, by: StaffStockChange = { userId: null }) {
  const after = await StockMovement.transaction((trx) => setStockTo(trx, { variantId: id, stock, reason: 'count', ...by }));
  if (after === null) throw notFound(API.variantNotFound);
  return inventoryRow(id);
}

/** A correction by a signed quantity (damaged, found, a sample): refused with the stock there is
 *  when it would go below zero. Answers the row as the list shows it. */
export async function correctStock(id: number, delta: number, by: StaffStockChange) {
  const row = await inventoryRow(id);
  const after = await StockMovement.transaction((trx) => adjustStock(trx, { variantId: id, delta, reason: 'adjustment', ...by }));
  if (after === null) {
    const text = API.stockWouldGoNegative((await Variant.query().findById(id))?.stock ?? row.stock);
    throw conflict(text, { delta: text });
  }
  return inventoryRow(id);
}

function movementsQuery() {
  return StockMovement.query()
    .join('variants', 'variants.id', 'stockMovements.variantId')
    .join('products', 'products.id', 'stockMovements.productId')
    .leftJoin('orders', 'orders.id', 'stockMovements.orderId')
    .leftJoin('users', 'users.id', 'stockMovements.userId')
    .select(
      'stockMovements.*',
      'products.name as productName',
      'variants.name as variantName',
      'variants.sku as sku',
      'orders.number as orderNumber',
      'users.email as userEmail',
    );
}

export const movementListSpec: RaListSpec = {
  idColumn: 'stockMovements.id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: {
    id: 'stockMovements.id',
    createdAt: 'stockMovements.createdAt',
    delta: 'stockMovements.delta',
    reason: 'stockMovements.reason',
    stockAfter: 'stockMovements.stockAfter',
    productName: 'products.name',
    sku: 'variants.sku',
  },
  filters: {
    variantId: filterBy.id('stockMovements.variantId'),
    productId: filterBy.id('stockMovements.productId'),
    orderId: filterBy.id('stockMovements.orderId'),
    reason: filterBy.equals('stockMovements.reason', STOCK_REASONS),
    createdAt_gte: filterBy.date('stockMovements.createdAt', '>='),
    createdAt_lte: filterBy.date('stockMovements.createdAt', '<='),
  },
};

function movementView(r: any): ApiStockMovement {
  return {
    id: r.id,
    variantId: r.variantId,
    productId: r.productId,
    productName: r.productName,
    variantName: r.variantName,
    sku: r.sku,
    delta: r.delta,
    reason: r.reason,
    orderId: r.orderId ?? null,
    orderNumber: r.orderNumber ?? null,
    userId: r.userId ?? null,
    userEmail: r.userEmail ?? null,
    note: r.note ?? '',
    stockAfter: r.stockAfter,
    createdAt: r.createdAt,
  };
}

/** A page of the stock's history (newest first unless sorted otherwise). */
export async function movementPage(params: RaListParams) {
  const { rows, total } = await raPage(movementsQuery(), params, movementListSpec);
  return { rows: rows.map(movementView), total };
}
