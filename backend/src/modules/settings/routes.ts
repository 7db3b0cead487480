// Shop settings: the public part for the storefront (GET /api/settings) and the whole set for
// staff (GET|PUT /api/admin/settings, and /settings/1 for react-admin's single-record edit).
import Router from '@koa/router';
import type { Context } from 'koa';
import { parseBody } from '../../platform/http/parseInput';
import { euroSwitchInput, settingsInput } from '../../../../domain/schemas/settings';
import { publicAnswer } from '../../platform/cache/answerCache';
import { getSettings, saveSettings, ShopSettings } from './service';
import { switchToEuro } from './currency';
import { conflict } from '../../platform/http/errors';
import { API } from '../../../../domain/messages';
import { BGN_PER_EUR, fromMinor } from '../../../../domain/money';
import { checkLegalSettings } from '../invoices';
import { checkGuestOrderLimits } from '../checkout';

/** Money in minor units becomes decimal amounts of the shop's currency, as everywhere in the API. */
function inShopCurrency(s: ShopSettings) {
  return {
    ...s,
    shippingFees: { econt_office: fromMinor(s.shippingFees.econt_office)!, speedy_office: fromMinor(s.shippingFees.speedy_office)!, address: fromMinor(s.shippingFees.address)! },
    freeShippingThreshold: fromMinor(s.freeShippingThreshold),
    eurRate: BGN_PER_EUR,
  };
}

/** What any visitor may read: no stock thresholds, no security switches. */
export async function publicSettings() {
  const { lowStockThreshold: _low, twoFactorRequiredForAdmins: _2fa, invoices: _invoices, couriers: _couriers, guestOrders: _guestOrders, ...open } = inShopCurrency(await getSettings());
  return open;
}

/** Nested groups are merged over the current values, so a form may send one field of a group. */
async function update(ctx: Context) {
  const input = parseBody(ctx.request.body, settingsInput);
  const current = await getSettings();
  // The currency changes only through the switch, which converts every amount with it.
  if (input.currency !== undefined && input.currency !== current.currency) throw conflict(API.currencyBySwitchOnly, { currency: API.currencyBySwitchOnly });
  const changes = { ...input } as Partial<ShopSettings>;
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
  return inShopCurrency(await saveSettings(changes));
}

export function settingsRoutes() {
  const router = new Router();

  router.get('/settings', async (ctx) => {
    ctx.body = await publicSettings();
    publicAnswer(ctx);
  });

  router.get('/admin/settings', async (ctx) => {
    ctx.body = inShopCurrency(await getSettings());
  });
  router.put('/admin/settings', async (ctx) => {
    ctx.body = { message: API.settingsSaved, settings: await update(ctx) };
  });
  // react-admin edits the settings as the one record with id 1.
  router.get('/admin/settings/1', async (ctx) => {
    ctx.body = { id: 1, ...inShopCurrency(await getSettings()) };
  });
  router.put('/admin/settings/1', async (ctx) => {
    ctx.body = { id: 1, ...(await update(ctx)) };
  });
  // The one-way switch to the euro (modules/settings/currency): 200 with what was converted, 409 after.
  router.post('/admin/settings/euro', async (ctx) => {
    parseBody(ctx.request.body ?? {}, euroSwitchInput);
    const result = await switchToEuro();
    ctx.body = { message: API.euroSwitched, ...result, settings: inShopCurrency(await getSettings()) };
  });

  return router;
}
