// The shop's currency of account and the one-way switch from leva to the euro. The switch
// converts every stored amount that prices something still to be sold, in one transaction, with
// convertMinor (1.95583 BGN per EUR, half-up to the cent). Orders, their items and payments are
// records of what was charged: they keep their own currency and are never converted.
//
// An order racing the switch is entirely in one currency: checkout takes the currency lock
// shared as the first statement of its transaction and reads the currency and the prices inside
// it; the switch takes it exclusively before reading anything. With SQLite the single connection
// already serialises the two transactions; with PostgreSQL a transaction-level advisory lock
// does it (released at commit or rollback).
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { Setting } from '../../models/Setting';
import { isPostgres } from '../../platform/db/knex';
import { conflict } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { convertMinor, type Currency } from '@domain/money';
import { clearSettingsCache, getSettings, saveSettings } from './service';

/** An arbitrary constant naming the advisory lock (pg_advisory_xact_lock takes a bigint). */
const CURRENCY_LOCK_KEY = 13_1955_83;

/** The switch's exclusive lock: it waits for the orders in their transactions, and they for it. */
async function lockCurrencyForSwitch(trx: Knex | Transaction): Promise<void> {
  if (!isPostgres(trx as Knex)) return;
  await (trx as Knex).raw('select pg_advisory_xact_lock(?)', [CURRENCY_LOCK_KEY]);
}

/**
 * The shared lock for an order, and its id: on PostgreSQL drawn from the orders' sequence in the
 * same statement (one trip fewer). SQLite has no lock to take (its one connection serialises the
 * shop's writes, and the transaction holds the write lock from its start), and the id the insert
 * would give is known before it: one above the largest the table has ever given, which
 * AUTOINCREMENT keeps in sqlite_sequence (no row: no order yet). Either way the order's records
 * can then be written together with its row.
 */
export async function lockCurrencyForOrder(trx: Knex | Transaction, ordersTable: string): Promise<number> {
  if (!isPostgres(trx as Knex)) {
    const rows = (await (trx as Knex).raw('select coalesce((select seq from sqlite_sequence where name = ?), 0) + 1 as id', [
      ordersTable,
    ])) as unknown as Array<{ id: number }>;
    return Number(rows[0].id);
  }
  const { rows } = (await (trx as Knex).raw(`select pg_advisory_xact_lock_shared(?), nextval(pg_get_serial_sequence(?, 'id')) as id`, [
    CURRENCY_LOCK_KEY,
    ordersTable,
  ])) as unknown as { rows: Array<{ id: string }> };
  return Number(rows[0].id);
}

/** Every priced column outside settings: table, column, and which rows (all when omitted). */
const PRICED_COLUMNS: Array<{ kind: string; table: string; column: string; where?: (q: Knex.QueryBuilder) => void }> = [
  { kind: 'productPrices', table: 'products', column: 'price' },
  { kind: 'compareAtPrices', table: 'products', column: 'compareAtPrice' },
  { kind: 'variantPrices', table: 'variants', column: 'price' },
  { kind: 'discountValues', table: 'discounts', column: 'value', where: (q) => q.where('type', 'fixed') },
  { kind: 'discountMinimums', table: 'discounts', column: 'minSubtotal' },
  // The trade channel: price lists' fixed net prices and companies' credit limits.
  { kind: 'tradeNetPrices', table: 'price_list_prices', column: 'netPrice' },
  { kind: 'creditLimits', table: 'companies', column: 'creditLimit' },
  // A buyer's per-order limit (net goods) and the one an open invitation will give: left in leva
  // they would let a buyer order almost twice as much without an owner's approval.
  { kind: 'orderLimits', table: 'users', column: 'orderLimit' },
  { kind: 'invitationOrderLimits', table: 'company_invitations', column: 'orderLimit' },
  // Quotes' net prices (an order placed by one is priced in the currency of its moment).
  { kind: 'quotedNetPrices', table: 'quote_request_lines', column: 'netPrice' },
];

export interface EuroSwitchResult {
  currency: Currency;
  euroSince: string;
  /** How many amounts of each kind were converted. */
  converted: Record<string, number>;
}

/** Convert one column's non-null amounts; rows are grouped by their new amount to keep it to a few statements. */
async function convertColumn(trx: Transaction, spec: (typeof PRICED_COLUMNS)[number]): Promise<number> {
  const q = trx(spec.table).select('id', spec.column).whereNotNull(spec.column);
  spec.where?.(q);
  const rows: Array<Record<string, number>> = await q;
  const byNewAmount = new Map<number, number[]>();
  for (const row of rows) {
    const amount = convertMinor(Number(row[spec.column]), 'BGN', 'EUR');
    byNewAmount.set(amount, [...(byNewAmount.get(amount) ?? []), row.id]);
  }
  for (const [amount, ids] of byNewAmount) {
    for (let i = 0; i < ids.length; i += 500)
      await trx(spec.table)
        .whereIn('id', ids.slice(i, i + 500))
        .update({ [spec.column]: amount });
  }
  return rows.length;
}

/** Switch the shop from leva to the euro, once. 409 when it is already in euro. */
export async function switchToEuro(): Promise<EuroSwitchResult> {
  const result = await Setting.transaction(async (trx) => {
    await lockCurrencyForSwitch(trx);
    const settings = await getSettings(trx, { fresh: true });
    if (settings.currency === 'EUR') throw conflict(API.euroAlready, { currency: API.euroAlready });
    const converted: Record<string, number> = {};
    for (const spec of PRICED_COLUMNS) converted[spec.kind] = await convertColumn(trx, spec);
    const fees = settings.shippingFees;
    const euroSince = new Date().toISOString();
    await saveSettings(
      {
        currency: 'EUR',
        euroSince,
        shippingFees: {
          econt_office: convertMinor(fees.econt_office, 'BGN', 'EUR'),
          speedy_office: convertMinor(fees.speedy_office, 'BGN', 'EUR'),
          address: convertMinor(fees.address, 'BGN', 'EUR'),
        },
        freeShippingThreshold: settings.freeShippingThreshold === null ? null : convertMinor(settings.freeShippingThreshold, 'BGN', 'EUR'),
        sales: { ...settings.sales, tradeMinimumOrder: convertMinor(settings.sales.tradeMinimumOrder, 'BGN', 'EUR') },
      },
      trx,
    );
    converted.shippingFees = Object.keys(fees).length;
    converted.freeShippingThreshold = settings.freeShippingThreshold === null ? 0 : 1;
    return { currency: 'EUR' as const, euroSince, converted };
  });
  // The public catalogue and the facts are dropped by the write watch; the settings cache here.
  clearSettingsCache();
  return result;
}
