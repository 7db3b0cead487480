// The shop's currency of account as the panel knows it (GET /api/settings), shared by every
// money input and field; the euro switch on the settings page updates it at once.
import { useSyncExternalStore } from 'react';
import { dataProvider } from '../dataProvider';
import type { ShopMoney } from '../settings/api';
import type { Currency } from '@domain/money';

export type { ShopMoney };

let current: ShopMoney = { currency: 'BGN', dualCurrency: true, euroSince: null };
let loading: Promise<ShopMoney> | null = null;
const listeners = new Set<() => void>();

/** The shop's currency now, for formatting outside React state (lists re-render on navigation). */
export function currentShopMoney(): ShopMoney {
  void load();
  return current;
}

export function setShopMoney(next: Partial<ShopMoney>) {
  current = { ...current, ...next };
  listeners.forEach((l) => l());
}

// Asked once per page load, whoever asks first (a hook or a formatter outside React): the answer
// is the module's, as the formatters outside React need it too.
function load(): Promise<ShopMoney> {
  loading ??= dataProvider.shopMoney().then(
    (money) => {
      if (money) setShopMoney(money);
      return current;
    },
    // Keep the defaults; the next page load asks again.
    () => current,
  );
  return loading;
}

function subscribe(listener: () => void) {
  // The first field on screen starts the one ask of the page (every money field and input
  // subscribes, so this is cheaper than a query per field).
  void load();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useShopMoney(): ShopMoney {
  return useSyncExternalStore(subscribe, () => current);
}

export const CURRENCY_SIGN: Record<Currency, string> = { BGN: 'лв.', EUR: '€' };
