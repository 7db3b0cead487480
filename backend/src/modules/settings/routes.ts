// Shop settings: the public part for the storefront (GET /api/settings) and the whole set for
// staff (GET|PUT /api/admin/settings, and /settings/1 for react-admin's single-record edit).
import Router from '@koa/router';
import type { Context } from 'koa';
import { parseBody, Shape } from '../../platform/http/validate';
import { publicAnswer } from '../../platform/cache/answerCache';
import { getSettings, saveSettings, ShopSettings } from './service';
import { switchToEuro } from './currency';
import { conflict } from '../../platform/http/errors';
import { API } from '../../../../domain/messages';
import { BGN_PER_EUR, fromMinor } from '../../../../domain/money';
import { NAME_MAX, PHONE_MAX, PRICE_MAX, STOCK_MAX } from '../../../../domain/limits';
import { checkLegalSettings, invoiceSettingsRule, legalSettingsRule } from '../invoices/settings';
import { courierSettingsShape } from '../couriers/settings';

const fee: Shape[string] = { type: 'money', min: 0, max: PRICE_MAX };
const settingsShape: Shape = {
  brand: { type: 'string', min: 1, max: NAME_MAX },
  contacts: {
    type: 'object',
    shape: {
      email: { type: 'email' },
      phone: { type: 'string', max: PHONE_MAX },
      address: { type: 'string', max: 200 },
      city: { type: 'string', max: NAME_MAX },
      hours: { type: 'string', max: 200 },
    },
  },
  currency: { type: 'enum', values: ['BGN', 'EUR'] },
  locale: { type: 'enum', values: ['bg-BG'] },
  dualCurrency: { type: 'bool' },
  shippingFees: { type: 'object', shape: { econt_office: fee, speedy_office: fee, address: fee } },
  freeShippingThreshold: { ...fee, nullable: true },
  lowStockThreshold: { type: 'int', min: 0, max: STOCK_MAX },
  bank: {
    type: 'object',
    shape: {
      beneficiary: { type: 'string', max: 200 },
      iban: { type: 'string', max: 34, pattern: /^([A-Z]{2}\d{2}[A-Z0-9]{10,30})?$/, message: 'Невалиден IBAN.' },
      bic: { type: 'string', max: 11, pattern: /^([A-Z0-9]{8}|[A-Z0-9]{11})?$/, message: 'Невалиден BIC.' },
      bankName: { type: 'string', max: 200 },
    },
  },
  twoFactorRequiredForAdmins: { type: 'bool' },
  legal: legalSettingsRule,
  invoices: invoiceSettingsRule,
  couriers: { type: 'object', shape: courierSettingsShape },
};
const READ_ONLY = ['id', 'eurRate', 'euroSince', 'message'];

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
  const { lowStockThreshold: _low, twoFactorRequiredForAdmins: _2fa, invoices: _invoices, couriers: _couriers, ...open } = inShopCurrency(await getSettings());
  return open;
}

/** Nested groups are merged over the current values, so a form may send one field of a group. */
async function update(ctx: Context) {
  const input = parseBody<Partial<ShopSettings>>(ctx.request.body, settingsShape, { partial: true, ignore: READ_ONLY });
  const current = await getSettings();
  // The currency changes only through the switch, which converts every amount with it.
  if (input.currency !== undefined && input.currency !== current.currency) throw conflict(API.currencyBySwitchOnly, { currency: API.currencyBySwitchOnly });
  const changes: Partial<ShopSettings> = { ...input };
  delete changes.currency;
  if (input.contacts) changes.contacts = { ...current.contacts, ...input.contacts };
  if (input.bank) changes.bank = { ...current.bank, ...input.bank };
  if (input.shippingFees) changes.shippingFees = { ...current.shippingFees, ...input.shippingFees };
  if (input.legal) changes.legal = checkLegalSettings({ ...current.legal, ...input.legal });
  if (input.invoices) changes.invoices = { ...current.invoices, ...input.invoices };
  if (input.couriers) changes.couriers = { ...current.couriers, ...input.couriers };
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
    parseBody(ctx.request.body ?? {}, { confirm: { type: 'bool' } });
    const result = await switchToEuro();
    ctx.body = { message: API.euroSwitched, ...result, settings: inShopCurrency(await getSettings()) };
  });

  return router;
}
