// What the settings answer: amounts as decimals of the shop's currency, and the part any visitor
// may read.
import { BGN_PER_EUR, fromMinor } from '@domain/money';
import { getSettings, ShopSettings } from './service';

/** Money in minor units becomes decimal amounts of the shop's currency, as everywhere in the API. */
export function inShopCurrency(s: ShopSettings) {
  return {
    ...s,
    shippingFees: {
      econt_office: fromMinor(s.shippingFees.econt_office)!,
      speedy_office: fromMinor(s.shippingFees.speedy_office)!,
      address: fromMinor(s.shippingFees.address)!,
    },
    freeShippingThreshold: fromMinor(s.freeShippingThreshold),
    sales: { ...s.sales, tradeMinimumOrder: fromMinor(s.sales.tradeMinimumOrder)! },
    eurRate: BGN_PER_EUR,
  };
}

/** What any visitor may read: no stock thresholds, no security switches, no dunning (the sales
 *  mode is public: the storefront shows regulated products by it). */
export async function publicSettings() {
  const {
    lowStockThreshold: _low,
    twoFactorRequiredForAdmins: _2fa,
    invoices: _invoices,
    couriers: _couriers,
    guestOrders: _guestOrders,
    ...open
  } = inShopCurrency(await getSettings());
  // The reminders' days and texts are the staff's own.
  const { dunning: _dunning, ...sales } = open.sales;
  return { ...open, sales };
}
