// Shop settings: the public part for the storefront (GET /api/settings) and the whole set for
// staff (GET|PUT /api/admin/settings, and /settings/1 for react-admin's single-record edit).
import Router from '@koa/router';
import type { Context } from 'koa';
import { parseBody, Shape } from '../http/validate';
import { publicAnswer } from '../http/publicCache';
import { getSettings, saveSettings, ShopSettings } from '../services/settings';
import { API } from '../../../domain/messages';
import { BGN_PER_EUR, fromMinor } from '../../../domain/money';
import { NAME_MAX, PHONE_MAX, PRICE_MAX, STOCK_MAX } from '../../../domain/limits';
import { courierSettingsShape } from '../modules/couriers/settings';

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
  couriers: { type: 'object', shape: courierSettingsShape },
};
const READ_ONLY = ['id', 'eurRate', 'message'];

/** Money in stotinki becomes decimal BGN, as everywhere in the API. */
function inBgn(s: ShopSettings) {
  return {
    ...s,
    shippingFees: { econt_office: fromMinor(s.shippingFees.econt_office)!, speedy_office: fromMinor(s.shippingFees.speedy_office)!, address: fromMinor(s.shippingFees.address)! },
    freeShippingThreshold: fromMinor(s.freeShippingThreshold),
    eurRate: BGN_PER_EUR,
  };
}

/** What any visitor may read: no stock thresholds, no security switches. */
export async function publicSettings() {
  const { lowStockThreshold: _low, twoFactorRequiredForAdmins: _2fa, couriers: _couriers, ...open } = inBgn(await getSettings());
  return open;
}

/** Nested groups are merged over the current values, so a form may send one field of a group. */
async function update(ctx: Context) {
  const input = parseBody<Partial<ShopSettings>>(ctx.request.body, settingsShape, { partial: true, ignore: READ_ONLY });
  const current = await getSettings();
  const changes: Partial<ShopSettings> = { ...input };
  if (input.contacts) changes.contacts = { ...current.contacts, ...input.contacts };
  if (input.bank) changes.bank = { ...current.bank, ...input.bank };
  if (input.shippingFees) changes.shippingFees = { ...current.shippingFees, ...input.shippingFees };
  if (input.couriers) changes.couriers = { ...current.couriers, ...input.couriers };
  return inBgn(await saveSettings(changes));
}

export function settingsRoutes() {
  const router = new Router();

  router.get('/settings', async (ctx) => {
    ctx.body = await publicSettings();
    publicAnswer(ctx);
  });

  router.get('/admin/settings', async (ctx) => {
    ctx.body = inBgn(await getSettings());
  });
  router.put('/admin/settings', async (ctx) => {
    ctx.body = { message: API.settingsSaved, settings: await update(ctx) };
  });
  // react-admin edits the settings as the one record with id 1.
  router.get('/admin/settings/1', async (ctx) => {
    ctx.body = { id: 1, ...inBgn(await getSettings()) };
  });
  router.put('/admin/settings/1', async (ctx) => {
    ctx.body = { id: 1, ...(await update(ctx)) };
  });

  return router;
}
