// The shop's currency of account as the panel knows it (GET /api/settings), shared by every
// money input and field; the euro switch on the settings page updates it at once.
import { useEffect, useSyncExternalStore } from 'react';
import { API_URL } from '../httpClient';
import type { Currency } from '@domain/money';

export interface ShopMoney {
  currency: Currency;
  dualCurrency: boolean;
  euroSince: string | null;
}

let current: ShopMoney = { currency: 'BGN', dualCurrency: true, euroSince: null };
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The shop's currency now, for formatting outside React state (lists re-render on navigation). */
export function currentShopMoney(): ShopMoney {
  load();
  return current;
}

export function setShopMoney(next: Partial<ShopMoney>) {
  current = { ...current, ...next };
  listeners.forEach((l) => l());
}

function load() {
  loading ??= (async () => {
    try {
      const res = await fetch(`${API_URL}/settings`, { credentials: 'include', headers: { Accept: 'application/json' } });
      if (!res?.ok) return;
      const s = (await res.json()) as Partial<ShopMoney>;
      if (s.currency === 'BGN' || s.currency === 'EUR')
        setShopMoney({ currency: s.currency, dualCurrency: s.dualCurrency !== false, euroSince: s.euroSince ?? null });
    } catch {
      /* keep the defaults; the next page load asks again */
    }
  })();
}

export function useShopMoney(): ShopMoney {
  useEffect(load, []);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

export const CURRENCY_SIGN: Record<Currency, string> = { BGN: 'лв.', EUR: '€' };
