// Staff's changes to the settings: the one write path of the settings object (the currency only
// through the euro switch, nested groups merged, the groups' own checks).
import { conflict } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { getSettings, saveSettings, ShopSettings } from './service';
import { checkGuestOrderLimits, checkLegalSettings } from './checks';
import { inShopCurrency } from './views';
import type { SettingsChange } from '@domain/schemas/settings';

/** Nested groups are merged over the current values, so a form may send one field of a group. */
export async function updateSettings(input: SettingsChange) {
  const {
    versions,
    currency,
    contacts,
    bank,
    shippingFees,
    legal,
    invoices,
    couriers,
    guestOrders,
    privacy,
    accessibility,
    sales,
    ...flat
  } = input;
  const current = await getSettings();
  // The currency changes only through the switch, which converts every amount with it.
  if (currency !== undefined && currency !== current.currency)
    throw conflict(API.currencyBySwitchOnly, { currency: API.currencyBySwitchOnly });
  // A group's field left out is absent (never undefined: parseBody drops those), so the spread keeps
  // the current value.
  const changes: Partial<ShopSettings> = { ...flat };
  if (contacts) changes.contacts = { ...current.contacts, ...contacts };
  if (bank) changes.bank = { ...current.bank, ...bank };
  if (shippingFees) changes.shippingFees = { ...current.shippingFees, ...shippingFees };
  if (legal) changes.legal = checkLegalSettings({ ...current.legal, ...legal });
  if (invoices) changes.invoices = { ...current.invoices, ...invoices };
  if (couriers) changes.couriers = { ...current.couriers, ...couriers };
  if (guestOrders) changes.guestOrders = checkGuestOrderLimits({ ...current.guestOrders, ...guestOrders });
  if (privacy) changes.privacy = { ...current.privacy, ...privacy };
  if (accessibility) changes.accessibility = { ...current.accessibility, ...accessibility };
  // The sales mode: a settings write drops the guests' answer and page caches (catalogueWrites
  // reaches the settings table), so no page with a price outlives the switch to trade_only.
  if (sales) changes.sales = { ...current.sales, ...sales, dunning: { ...current.sales.dunning, ...sales.dunning } };
  // With the form's versions: a group changed since the form was loaded is refused (409).
  return inShopCurrency(await saveSettings(changes, undefined, versions));
}
