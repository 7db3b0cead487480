// Shop settings: the public part for the storefront (GET /api/settings) and the whole set for
// staff (GET|PUT /api/admin/settings, and /settings/1 for react-admin's single-record edit).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseBody } from '../../platform/http/parseInput';
import { euroSwitchInput, settingsInput } from '@domain/schemas/settings';
import { publicAnswer } from '../../platform/cache/answerCache';
import { getSettings, settingsVersions } from './service';
import { switchToEuro } from './currency';
import { API } from '@domain/messages';
import { inShopCurrency, publicSettings } from './views';
import { updateSettings } from './update';

/** Staff's changes, parsed as a partial update of the settings; answered with each group's version. */
async function update(ctx: Context) {
  const settings = await updateSettings(parseBody(ctx.request.body, settingsInput));
  return { ...settings, versions: await settingsVersions() };
}

/** The whole set as staff see it, with each group's version (sent back with a change). */
async function staffSettings() {
  return { ...inShopCurrency(await getSettings()), versions: await settingsVersions() };
}

const doc = apiDoc('Настройки');

export function settingsRoutes() {
  const router = new Router();

  router.get(
    '/settings',
    doc('Публичните настройки на магазина', { answer: 'Контакти, доставка, достъпност и др., каквото витрината показва' }),
    async (ctx) => {
      ctx.body = await publicSettings();
      publicAnswer(ctx);
    },
  );

  router.get('/admin/settings', doc('Всички настройки', { answer: 'Настройките с версиите на групите' }), async (ctx) => {
    ctx.body = await staffSettings();
  });
  router.put('/admin/settings', doc('Промяна на настройки (по групи)', { body: settingsInput, answer: 'Настройките' }), async (ctx) => {
    ctx.body = { message: API.settingsSaved, settings: await update(ctx) };
  });
  // react-admin edits the settings as the one record with id 1.
  router.get('/admin/settings/1', doc('Всички настройки (react-admin)', { answer: 'Настройките' }), async (ctx) => {
    ctx.body = { id: 1, ...(await staffSettings()) };
  });
  router.put(
    '/admin/settings/1',
    doc('Промяна на настройки (react-admin)', { body: settingsInput, answer: 'Настройките' }),
    async (ctx) => {
      ctx.body = { id: 1, ...(await update(ctx)) };
    },
  );
  // The one-way switch to the euro (modules/settings/currency): 200 with what was converted, 409 after.
  router.post('/admin/settings/euro', doc('Преминаване към евро', { body: euroSwitchInput, answer: '{ message }' }), async (ctx) => {
    parseBody(ctx.request.body ?? {}, euroSwitchInput);
    const result = await switchToEuro();
    ctx.body = { message: API.euroSwitched, ...result, settings: inShopCurrency(await getSettings()) };
  });

  return router;
}
