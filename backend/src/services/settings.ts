// Shop settings: defaults here, overrides in the `settings` table (one row per key).
// Read often (every checkout and cart preview), written rarely: cached in process and
// re-read after any write to the table, here or by another instance (app.ts, db/cacheBroadcast),
// and after a short time at the latest.
import type { Transaction } from 'objection';
import { Setting } from '../models/Setting';
import type { ShippingRule } from '../../../domain/pricing';
import { LOW_STOCK_THRESHOLD_DEFAULT } from '../../../domain/limits';

export interface ShopSettings {
  brand: string;
  contacts: { email: string; phone: string; address: string; city: string; hours: string };
  currency: 'BGN' | 'EUR';
  locale: string;
  /** Show every price in BGN and EUR side by side. */
  dualCurrency: boolean;
  /** Shipping fee per method, integer stotinki. */
  shippingFees: { econt_office: number; speedy_office: number; address: number };
  /** Free shipping from this subtotal (stotinki); null for never. */
  freeShippingThreshold: number | null;
  lowStockThreshold: number;
  bank: { beneficiary: string; iban: string; bic: string; bankName: string };
  twoFactorRequiredForAdmins: boolean;
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
  locale: 'bg-BG',
  dualCurrency: true,
  shippingFees: { econt_office: 590, speedy_office: 590, address: 790 },
  freeShippingThreshold: 10000,
  lowStockThreshold: LOW_STOCK_THRESHOLD_DEFAULT,
  bank: { beneficiary: 'ВАП СОЛО ЕООД', iban: 'BG80BNBG96611020345678', bic: 'BNBGBGSD', bankName: 'Българска народна банка' },
  twoFactorRequiredForAdmins: false,
};

const TTL_MS = 5_000;
let cache: { value: ShopSettings; at: number } | undefined;

/** Pass the transaction when calling inside one (SQLite has a single connection). */
export async function getSettings(trx?: Transaction): Promise<ShopSettings> {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.value;
  const rows = await Setting.query(trx);
  const value: any = structuredClone(DEFAULT_SETTINGS);
  for (const row of rows) if (row.key in value) value[row.key] = row.value;
  cache = { value, at: Date.now() };
  return value;
}

export async function saveSettings(changes: Partial<ShopSettings>): Promise<ShopSettings> {
  await Setting.transaction(async (trx) => {
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      await Setting.query(trx).insert({ key, value } as Partial<Setting>).onConflict('key').merge();
    }
  });
  cache = undefined;
  return getSettings();
}

export function shippingRule(s: ShopSettings): ShippingRule {
  return { fees: s.shippingFees, freeShippingThreshold: s.freeShippingThreshold };
}

/** Forget the cached settings (tests, and after a write from elsewhere). */
export function clearSettingsCache() {
  cache = undefined;
}
