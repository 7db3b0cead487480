// The shop's public settings (brand, contacts, the currency of account and dual display,
// shipping, bank details), loaded once; sensible defaults until they arrive. Totals are never
// computed from these: the server's quote (POST /api/checkout/quote) gives them.
import { createContext, ReactNode, useContext, useEffect, useState } from 'react';
import { shopApi } from '../api/shop';
import type { PublicSettings } from '@domain/api';
import { dualDisplayByDefault } from '@domain/money';
import { usePreloadedSettings } from './preloaded';

export const FALLBACK_SETTINGS: PublicSettings = {
  brand: 'VAP SOLO',
  contacts: { email: 'office@vapsolo.bg', phone: '', address: '', city: 'София, България', hours: '' },
  currency: 'BGN',
  locale: 'bg-BG',
  dualCurrency: dualDisplayByDefault(),
  shippingFees: { econt_office: 5.9, speedy_office: 5.9, address: 7.9 },
  freeShippingThreshold: 100,
  bank: { beneficiary: '', iban: '', bic: '', bankName: '' },
};

const SettingsContext = createContext<PublicSettings>(FALLBACK_SETTINGS);

export function SettingsProvider({ children }: { children: ReactNode }) {
  // A server-rendered page carries them: render with those and do not ask again.
  const preloaded = usePreloadedSettings();
  const [settings, setSettings] = useState(() => (preloaded ? { ...FALLBACK_SETTINGS, ...preloaded } : FALLBACK_SETTINGS));
  useEffect(() => {
    if (preloaded) return;
    shopApi.settings().then(
      (s) => setSettings({ ...FALLBACK_SETTINGS, ...s }),
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;
}

export function useSettings(): PublicSettings {
  return useContext(SettingsContext);
}
