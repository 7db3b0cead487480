// The settings' calls beyond react-admin's CRUD (the dataProvider spreads them in): the shop's
// settings record as the cards beside the settings form read and save their own parts of it, the
// one-way switch to the euro, and the shop's currency as every money field shows it.
import type { Currency } from '@domain/money';
import type { httpClient as HttpClient } from '../httpClient';

/** The settings record as GET /api/admin/settings answers it; each card reads the part it edits. */
export type AdminSettings = Record<string, any>;

/** The shop's currency of account, as the public GET /api/settings tells it. */
export interface ShopMoney {
  currency: Currency;
  dualCurrency: boolean;
  euroSince: string | null;
}

export interface EuroSwitch {
  message: string;
  euroSince: string;
  converted: Record<string, number>;
}

export interface SettingsMethods {
  settings(): Promise<AdminSettings>;
  /** Saves the parts given (the rest stays); the answer is the whole record and the server's message. */
  updateSettings(patch: AdminSettings): Promise<{ settings: AdminSettings; message: string }>;
  switchToEuro(): Promise<EuroSwitch>;
  /** null when the server does not say (the panel keeps its defaults). */
  shopMoney(): Promise<ShopMoney | null>;
}

export function settingsMethods(http: typeof HttpClient, apiUrl: string): SettingsMethods {
  return {
    settings: async () => (await http(`${apiUrl}/admin/settings`)).json as AdminSettings,
    updateSettings: async (patch) => (await http(`${apiUrl}/admin/settings`, { method: 'PUT', body: JSON.stringify(patch) })).json,
    switchToEuro: async () =>
      (await http(`${apiUrl}/admin/settings/euro`, { method: 'POST', body: JSON.stringify({ confirm: true }) })).json as EuroSwitch,
    shopMoney: async () => {
      const s = (await http(`${apiUrl}/settings`)).json as Partial<ShopMoney> | undefined;
      if (s?.currency !== 'BGN' && s?.currency !== 'EUR') return null;
      return { currency: s.currency, dualCurrency: s.dualCurrency !== false, euroSince: s.euroSince ?? null };
    },
  };
}
