// Shop settings: defaults here, overrides in the `settings` table (one row per key).
// Read often (every checkout and cart preview), written rarely: cached in process and
// re-read after any write to the table, here or by another instance (app.ts, platform/cache/broadcast),
// and after a short time at the latest.
import type { ConsumerCatalogue, SalesMode } from '@domain/trade';
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { KeptMap } from '../../platform/cache/keptMap';
import { tables, type TableWrites } from '../../platform/cache/tableWrites';
import { attachCache, attachedCache } from '../../platform/cache/attached';
import { Setting } from '../../models/Setting';
import { currentVersion, staleEdit } from '../../platform/db/versions';
import { SETTINGS_GROUPS } from '@domain/schemas/settings';
import type { ShippingRule } from '@domain/pricing';
import { GUEST_ORDER_LIMITS_DEFAULT, LOW_STOCK_THRESHOLD_DEFAULT, type GuestOrderLimits } from '@domain/limits';
import { dualDisplayByDefault, type Currency } from '@domain/money';
import { CONTACT_RETENTION_YEARS_DEFAULT, ORDER_RETENTION_YEARS_DEFAULT } from '@domain/privacy';
import { ACCESSIBILITY } from '@domain/messages';
import type { AccessibilitySettings } from '@domain/api';
import { DUNNING_DEFAULTS, type DunningSettings } from '@domain/dunning';

export interface ShopSettings {
  brand: string;
  contacts: { email: string; phone: string; address: string; city: string; hours: string };
  /** The currency of account: every stored amount is in its minor units. Changed only by the
   *  one-way switch to the euro (modules/settings/currency.ts). */
  currency: Currency;
  /** When the shop switched to the euro (ISO time); null while in leva. */
  euroSince: string | null;
  locale: string;
  /** Show every price in both currencies side by side (default: on until DUAL_DISPLAY_UNTIL). */
  dualCurrency: boolean;
  /** Shipping fee per method, minor units of the currency of account. */
  shippingFees: { econt_office: number; speedy_office: number; address: number };
  /** Free shipping from this subtotal after the discount (minor units); null for never. */
  freeShippingThreshold: number | null;
  lowStockThreshold: number;
  bank: { beneficiary: string; iban: string; bic: string; bankName: string };
  twoFactorRequiredForAdmins: boolean;
  /** The seller's legal identity (ЗЕТ чл. 4): on invoices, the terms page and the footer. */
  legal: { companyName: string; eik: string; vatNumber: string; seat: string; address: string; mol: string; phone: string; email: string };
  /** Invoices: the number the sequence starts from, and issuing when an order is paid. */
  invoices: { firstNumber: number; autoIssueOnPayment: boolean };
  /** The sender on waybills and what a parcel weighs when its products do not say (staff only). */
  couriers: CourierSettings;
  /** Limits on orders without an account and their proof of work (staff only; domain/limits). */
  guestOrders: GuestOrderLimits;
  /** How long personal data is kept, in years (modules/privacy: the retention job). */
  privacy: { retentionYears: number; contactRetentionYears: number };
  /** The accessibility statement's editable parts (/accessibility; Settings → Достъпност). */
  accessibility: AccessibilitySettings;
  /** The sales mode within the tobacco law (domain/trade; Settings → Продажби). */
  sales: SalesSettings;
}

export interface SalesSettings {
  mode: SalesMode;
  consumerCatalogue: ConsumerCatalogue;
  /** A trade order's least net subtotal, minor units of the currency of account (0: none). */
  tradeMinimumOrder: number;
  /** Reminders to companies that owe, and when they are held to prepayment (domain/dunning). */
  dunning: DunningSettings;
}

export interface CourierSettings {
  senderName: string;
  senderPhone: string;
  /** The office the shop hands parcels in at, per courier (Econt office code, Speedy office id); empty: the address below. */
  econtSenderOfficeCode: string;
  speedySenderOfficeId: string;
  senderCity: string;
  senderPostcode: string;
  senderAddress: string;
  /** Kilograms, for products without a weight. */
  defaultWeightKg: number;
  /** Who carries deliveries to an address. */
  addressCourier: 'econt' | 'speedy';
  /** Speedy's service for waybills (505: standard 24 hours). */
  speedyServiceId: number;
}

export const DEFAULT_SETTINGS: ShopSettings = {
  brand: 'VAP SOLO',
  contacts: {
    email: 'office@vapsolo.bg',
    phone: '+359 88 888 1234',
    address: 'бул. „Витоша“ 1',
    city: 'София, България',
    hours: 'Пон–Пет 10:00–18:00',
  },
  currency: 'BGN',
  euroSince: null,
  locale: 'bg-BG',
  dualCurrency: true,
  shippingFees: { econt_office: 590, speedy_office: 590, address: 790 },
  freeShippingThreshold: 10000,
  lowStockThreshold: LOW_STOCK_THRESHOLD_DEFAULT,
  bank: { beneficiary: 'ВАП СОЛО ЕООД', iban: 'BG80BNBG96611020345678', bic: 'BNBGBGSD', bankName: 'Българска народна банка' },
  twoFactorRequiredForAdmins: false,
  legal: {
    companyName: 'ВАП СОЛО ЕООД',
    eik: '206123451',
    vatNumber: 'BG206123451',
    seat: 'гр. София',
    address: 'гр. София 1000, бул. „Витоша“ 1',
    mol: 'Иван Иванов',
    phone: '+359 88 888 1234',
    email: 'office@vapsolo.bg',
  },
  invoices: { firstNumber: 1, autoIssueOnPayment: false },
  couriers: {
    senderName: 'ВАП СОЛО ЕООД',
    senderPhone: '+359888881234',
    econtSenderOfficeCode: '',
    speedySenderOfficeId: '',
    senderCity: 'София',
    senderPostcode: '1000',
    senderAddress: 'бул. „Витоша“ 1',
    defaultWeightKg: 0.5,
    addressCourier: 'econt',
    speedyServiceId: 505,
  },
  guestOrders: GUEST_ORDER_LIMITS_DEFAULT,
  privacy: { retentionYears: ORDER_RETENTION_YEARS_DEFAULT, contactRetentionYears: CONTACT_RETENTION_YEARS_DEFAULT },
  accessibility: {
    limitations: ACCESSIBILITY.defaultLimitations,
    statementDate: '2026-11-26',
    email: 'office@vapsolo.bg',
    phone: '+359 88 888 1234',
  },
  sales: { mode: 'all', consumerCatalogue: 'info', tradeMinimumOrder: 0, dunning: DUNNING_DEFAULTS },
};

/** Re-read now and then even without a write: the dual display's default follows the date. */
const TTL_MS = 5_000;
const CACHE = 'shopSettings';

type SettingsCache = KeptMap<'settings', ShopSettings>;

/** Install the settings cache on `knex` (caches on), dropped by every write to the table, here or elsewhere. */
export function installSettingsCache(knex: Knex, writes: TableWrites) {
  attachCache(knex, CACHE, new KeptMap<'settings', ShopSettings>({ max: 1, ttlMs: TTL_MS }).dropOn(writes, tables('settings')));
}

function settingsCache(): SettingsCache | undefined {
  return attachedCache<SettingsCache>(Setting.knex(), CACHE);
}

/**
 * Pass the transaction when calling inside one (SQLite has a single connection). `fresh` reads
 * the table inside that transaction instead of the cache: what the euro switch needs, as it
 * changes the currency and every price together.
 */
export async function getSettings(trx?: Transaction, opts: { fresh?: boolean } = {}): Promise<ShopSettings> {
  const cache = settingsCache();
  const kept = opts.fresh ? undefined : cache?.get('settings');
  if (kept) return kept;
  const at = cache?.generation ?? 0;
  const rows = await Setting.query(trx);
  const value: any = structuredClone(DEFAULT_SETTINGS);
  // Dual display is on by default until the end of 2026; a stored choice wins.
  value.dualCurrency = dualDisplayByDefault();
  for (const row of rows) if (row.key in value) value[row.key] = row.value;
  // A group saved before a field was added keeps that field's default.
  value.guestOrders = { ...GUEST_ORDER_LIMITS_DEFAULT, ...value.guestOrders };
  value.sales = { ...DEFAULT_SETTINGS.sales, ...value.sales };
  value.sales.dunning = { ...DUNNING_DEFAULTS, ...value.sales.dunning };
  if (!trx) cache?.keep('settings', value, at);
  return value;
}

/** The version of each group staff change (1 for a group never saved). */
export async function settingsVersions(trx?: Transaction): Promise<Record<string, number>> {
  const rows = (await Setting.query(trx).select('key', 'version')) as Array<Pick<Setting, 'key' | 'version'>>;
  const stored = new Map(rows.map((r) => [r.key, Number(r.version)]));
  return Object.fromEntries(SETTINGS_GROUPS.map((k) => [k, stored.get(k) ?? 1]));
}

/**
 * Write groups of the settings. A stored group whose value does not change is not written; one
 * that changes raises its version. With `versions` (the copy the staff's form was loaded at), a group
 * this save changes that has been changed since that copy is refused (409 naming who and when),
 * and nothing is written.
 */
export async function saveSettings(
  changes: Partial<ShopSettings>,
  outer?: Transaction,
  versions?: Partial<Record<string, number>>,
): Promise<ShopSettings> {
  const write = async (trx: Transaction) => {
    const rows = new Map((await Setting.query(trx)).map((r) => [r.key, r]));
    const effective: Record<string, unknown> = { ...(await getSettings(trx, { fresh: true })) };
    for (const [key, value] of Object.entries(changes)) {
      const row = rows.get(key);
      if (value === undefined || (row && sameValue(value, row.value))) continue;
      const unchanged = sameValue(value, effective[key]);
      const version = row ? Number(row.version) : 1;
      const expected = versions?.[key];
      const target = { table: 'settings', id: key, idColumn: 'key', audit: ['settings'], auditId: '' };
      if (!unchanged && expected !== undefined && expected !== version) throw await staleEdit(trx, target, version);
      if (!row) {
        // A group never saved is stored as it is sent (a default kept as the staff's choice); only
        // a change of what it was raises its version.
        await Setting.query(trx)
          .insert({ key, value, version: unchanged ? 1 : 2 } as Partial<Setting>)
          .onConflict('key')
          .ignore();
        continue;
      }
      // Guarded on the version read above: of two racing saves of one group only the first goes ahead.
      const written = await Setting.query(trx)
        .patch({ value, version: Setting.raw('version + 1') } as unknown as Partial<Setting>)
        .where({ key, version });
      if (!written) throw await staleEdit(trx, target, (await currentVersion(trx, target)) ?? version);
    }
  };
  if (outer) {
    await write(outer);
    return getSettings(outer, { fresh: true });
  }
  await Setting.transaction(write);
  return getSettings();
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function shippingRule(s: ShopSettings): ShippingRule {
  return { fees: s.shippingFees, freeShippingThreshold: s.freeShippingThreshold };
}

/** Forget the cached settings (tests that change the clock or the table behind the app's back). */
export function clearSettingsCache() {
  settingsCache()?.drop();
}
