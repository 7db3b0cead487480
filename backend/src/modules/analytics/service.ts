// Figures for the admin: sales per period, top products, the product lines (TWINS vs TRIPLES),
// orders by status, new customers, and the dashboard's KPIs. A few plain queries, then grouping
// in JS by shop-local day, so SQLite and PostgreSQL give the same answers. Sums are in the shop's
// currency of account: orders placed in leva before the switch to the euro are converted at the
// fixed rate, and the answer says so (mixedCurrencies) for the panel's note under the figure.
import { Order } from '../../models/Order';
import { OrderItem } from '../../models/OrderItem';
import { Product } from '../../models/Product';
import { Category } from '../../models/Category';
import { User } from '../../models/User';
import { Variant } from '../../models/Variant';
import { QuoteRequest } from '../../models/QuoteRequest';
import { getSettings } from '../settings';
import { convertMinor, fromMinor, isCurrency, type Currency } from '@domain/money';
import { Granularity, nextDay, periodOf, periodsBetween, shopDay, shopDayStart, DAY_MS } from '@domain/dates';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, countsAsSale, OrderStatus } from '@domain/orderStatus';

interface Range {
  from: string;
  to: string;
}

const money = (n: number) => fromMinor(n) ?? 0;
const average = (sum: number, n: number) => (n ? money(Math.round(sum / n)) : 0);

/** Orders with their totals in the shop's currency (`total`), and whether any had to be converted. */
function inShopCurrency(orders: Order[], currency: Currency): { orders: Order[]; mixed: boolean; rateOf: Map<number, Currency> } {
  let mixed = false;
  const rateOf = new Map<number, Currency>();
  for (const o of orders) {
    const own: Currency = isCurrency(o.currency) ? o.currency : 'BGN';
    rateOf.set(o.id, own);
    if (own !== currency) {
      mixed = true;
      o.total = convertMinor(o.total, own, currency);
    }
  }
  return { orders, mixed, rateOf };
}

async function ordersIn({ from, to }: Range) {
  return Order.query()
    .select('id', 'createdAt', 'status', 'total', 'currency', 'customerFirstName', 'customerLastName', 'number')
    .where('createdAt', '>=', shopDayStart(from).toISOString())
    .where('createdAt', '<', shopDayStart(nextDay(to)).toISOString());
}

async function customersIn({ from, to }: Range) {
  return User.query()
    .select('id', 'createdAt')
    .where('role', 'customer')
    .where('createdAt', '>=', shopDayStart(from).toISOString())
    .where('createdAt', '<', shopDayStart(nextDay(to)).toISOString());
}

function series(orders: Order[], range: Range, granularity: Granularity) {
  const rows = new Map(periodsBetween(range.from, range.to, granularity).map((p) => [p, { period: p, revenue: 0, orders: 0 }]));
  for (const o of orders) {
    if (!countsAsSale(o.status)) continue;
    const row = rows.get(periodOf(shopDay(o.createdAt), granularity));
    if (!row) continue;
    row.revenue += o.total;
    row.orders += 1;
  }
  return [...rows.values()].map((r) => ({
    period: r.period,
    revenue: money(r.revenue),
    orders: r.orders,
    averageOrderValue: average(r.revenue, r.orders),
  }));
}

/** The top-level category of each product: its product line. */
async function lineOfProducts(productIds: number[]): Promise<Map<number, string>> {
  if (!productIds.length) return new Map();
  const [products, categories] = await Promise.all([
    Product.query().select('id', 'categoryId').whereIn('id', productIds),
    Category.query().select('id', 'name', 'parentId'),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const top = (id: number | null): string => {
    let c = id === null ? undefined : byId.get(id);
    for (let guard = 0; c && c.parentId !== null && guard < 50; guard++) c = byId.get(c.parentId) ?? c;
    return c?.name ?? 'Други';
  };
  return new Map(products.map((p) => [p.id, top(p.categoryId)]));
}

export async function analytics(range: Range, granularity: Granularity) {
  const [read, customers, settings] = await Promise.all([ordersIn(range), customersIn(range), getSettings()]);
  const { orders, mixed, rateOf } = inShopCurrency(read, settings.currency);
  const sold = orders.filter((o) => countsAsSale(o.status));
  const items = sold.length
    ? await OrderItem.query()
        .select('orderId', 'productId', 'productName', 'quantity', 'lineTotal')
        .whereIn(
          'orderId',
          sold.map((o) => o.id),
        )
    : [];
  for (const i of items) i.lineTotal = convertMinor(i.lineTotal, rateOf.get(i.orderId) ?? settings.currency, settings.currency);

  const products = new Map<string, { productId: number | null; name: string; quantity: number; revenue: number }>();
  for (const i of items) {
    const key = i.productId !== null ? `id:${i.productId}` : `name:${i.productName}`;
    const row = products.get(key) ?? { productId: i.productId, name: i.productName, quantity: 0, revenue: 0 };
    row.quantity += i.quantity;
    row.revenue += i.lineTotal;
    products.set(key, row);
  }
  const lines = await lineOfProducts([...new Set(items.map((i) => i.productId).filter((id): id is number => id !== null))]);
  const byCategory = new Map<string, { category: string; revenue: number; quantity: number }>();
  for (const i of items) {
    const category = (i.productId !== null && lines.get(i.productId)) || 'Други';
    const row = byCategory.get(category) ?? { category, revenue: 0, quantity: 0 };
    row.revenue += i.lineTotal;
    row.quantity += i.quantity;
    byCategory.set(category, row);
  }
  const revenue = sold.reduce((s, o) => s + o.total, 0);
  const statusCount = new Map<OrderStatus, number>(ORDER_STATUSES.map((s) => [s, 0]));
  for (const o of orders) statusCount.set(o.status, (statusCount.get(o.status) ?? 0) + 1);
  const customerRows = new Map(periodsBetween(range.from, range.to, granularity).map((p) => [p, 0]));
  for (const c of customers) {
    const p = periodOf(shopDay(c.createdAt), granularity);
    if (customerRows.has(p)) customerRows.set(p, customerRows.get(p)! + 1);
  }

  return {
    from: range.from,
    to: range.to,
    granularity,
    currency: settings.currency,
    mixedCurrencies: mixed,
    totals: {
      revenue: money(revenue),
      orders: sold.length,
      averageOrderValue: average(revenue, sold.length),
      newCustomers: customers.length,
    },
    series: series(orders, range, granularity),
    topProducts: [...products.values()]
      .sort((a, b) => b.revenue - a.revenue || b.quantity - a.quantity)
      .slice(0, 10)
      .map((p) => ({ ...p, revenue: money(p.revenue) })),
    byCategory: [...byCategory.values()].sort((a, b) => b.revenue - a.revenue).map((c) => ({ ...c, revenue: money(c.revenue) })),
    byStatus: ORDER_STATUSES.map((s) => ({ status: s, label: ORDER_STATUS_LABELS[s], count: statusCount.get(s) ?? 0 })),
    newCustomers: [...customerRows.entries()].map(([period, count]) => ({ period, count })),
  };
}

/** The last `days` shop-local days, today included. */
export function lastDays(days: number, now = new Date()): Range {
  const to = shopDay(now);
  return { from: shopDay(new Date(shopDayStart(to).getTime() - (days - 1) * DAY_MS + DAY_MS / 2)), to };
}

export async function dashboard(now = new Date()) {
  const month = lastDays(30, now);
  const today = shopDay(now);
  const settings = await getSettings();
  const [read, customers, pendingOrders, openQuoteRequests, lowStock, latest] = await Promise.all([
    ordersIn(month),
    customersIn(month),
    Order.query().where('status', 'pending').resultSize(),
    // Members' requests for a quote still waiting for staff's prices.
    QuoteRequest.query().where('status', 'requested').resultSize(),
    Variant.query()
      .join('products', 'products.id', 'variants.productId')
      .where('products.status', 'active')
      .where('variants.stock', '<=', settings.lowStockThreshold)
      .select(
        'variants.id as variantId',
        'variants.productId',
        'products.name as productName',
        'variants.name as variantName',
        'variants.sku',
        'variants.stock',
      )
      .orderBy('variants.stock', 'asc')
      .orderBy('variants.id')
      .limit(20),
    Order.query()
      .select('id', 'number', 'customerFirstName', 'customerLastName', 'total', 'currency', 'status', 'createdAt')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(10),
  ]);
  const { orders, mixed } = inShopCurrency(read, settings.currency);
  const sold = orders.filter((o) => countsAsSale(o.status));
  const todays = sold.filter((o) => shopDay(o.createdAt) === today);
  return {
    currency: settings.currency,
    mixedCurrencies: mixed,
    todayRevenue: money(todays.reduce((s, o) => s + o.total, 0)),
    todayOrders: todays.length,
    monthRevenue: money(sold.reduce((s, o) => s + o.total, 0)),
    monthOrders: sold.length,
    pendingOrders,
    openQuoteRequests,
    newCustomers: customers.length,
    lowStock: lowStock.map((v) => (v as unknown as { toJSON(): object }).toJSON()),
    latestOrders: latest.map((o) => ({
      id: o.id,
      number: o.number,
      customerName: `${o.customerFirstName} ${o.customerLastName}`.trim(),
      total: money(o.total),
      currency: o.currency,
      status: o.status,
      statusLabel: ORDER_STATUS_LABELS[o.status],
      createdAt: o.createdAt,
    })),
    revenueSeries: series(orders, month, 'day'),
  };
}
