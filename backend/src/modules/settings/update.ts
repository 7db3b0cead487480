// Staff's changes to the settings: the one write path of the settings object (the currency only
// through the euro switch, nested groups merged, the groups' own checks).
import { conflict } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { getSettings, saveSettings, ShopSettings } from './service';
import { checkGuestOrderLimits, checkLegalSettings } from './checks';
import { inShopCurrency } from './views';

/** Nested groups are merged over the current values, so a form may send one field of a group. */
export async function updateSettings(input: Partial<ShopSettings> & { versions?: Partial<Record<string, number>> }) {
  const { versions, ...fields } = input;
  input = fields;
  const current = await getSettings();
  // The currency changes only through the switch, which converts every amount with it.
  if (input.currency !== undefined && input.currency !== current.currency)
    throw conflict(API.currencyBySwitchOnly, { currency: API.currencyBySwitchOnly });
  const changes: Partial<ShopSettings> = { ...input };
  delete changes.currency;
  if (input.contacts) changes.contacts = { ...current.contacts, ...input.contacts };
  if (input.bank) changes.bank = { ...current.bank, ...input.bank };
  if (input.shippingFees) changes.shippingFees = { ...current.shippingFees, ...input.shippingFees };
  if (input.legal) changes.legal = checkLegalSettings({ ...current.legal, ...input.legal });
  if (input.invoices) changes.invoices = { ...current.invoices, ...input.invoices };
  if (input.couriers) changes.couriers = { ...current.couriers, ...input.couriers };
  if (input.guestOrders) changes.guestOrders = checkGuestOrderLimits({ ...current.guestOrders, ...input.guestOrders });
  if (input.privacy) changes.privacy = { ...current.privacy, ...input.privacy };
  if (input.accessibility) changes.accessibility = { ...current.accessibility, ...input.accessibility };
  // The sales mode: a settings write drops the guests' answer and page caches (catalogueWrites
  // reaches the settings table), so no page with a price outlives the switch to trade_only.
  if (input.sales)
    changes.sales = {
      ...current.sales,
      ...input.sales,
      dunning: { ...current.sales.dunning, ...input.sales.dunning },
    } as ShopSettings['sales'];
  // With the form's versions: a group changed since the form was loaded is refused (409).
  return inShopCurrency(await saveSettings(changes, undefined, versions));
}
