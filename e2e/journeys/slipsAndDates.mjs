// Back-office pieces in a real browser: a date typed as dd.mm.yyyy filters the order
// list in a Bulgarian browser and in an English one alike (an impossible day is refused in
// Bulgarian), packing slips download as PDFs from an order's page and for a selection in the
// list, and a guest buyer's page shows their contacts, address and orders.
import fs from 'node:fs';
import { assert } from '../helpers.mjs';
import { guestOrder, signInToAdmin } from './staff.mjs';

const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: keep screenshots of the new screens

/** Today in Sofia as dd.mm.yyyy and as YYYY-MM-DD. */
function sofiaToday() {
  const iso = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Sofia' }).format(new Date());
  const [y, m, d] = iso.split('-');
  return { iso, bg: `${d}.${m}.${y}` };
}

/** The order list's filter as the URL holds it. */
function listFilter(page) {
  return JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');
}

async function noWiderThanWindow(page, width) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `the page is ${scroll} px wide in a ${width} px window`);
}

async function shot(page, name, width) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

/** Add the order list's "След" (created after) filter and type a day into it. */
async function typeCreatedAfter(page, text) {
  let field = page.getByPlaceholder('дд.мм.гггг').first();
  if (!(await field.isVisible().catch(() => false))) {
    await page.getByRole('button', { name: /Добави филтър|Add filter/ }).click();
    await page
      .getByRole('menu')
      .getByText(/^(След|After)$/)
      .click();
    field = page.getByPlaceholder('дд.мм.гггг').first();
  }
  await field.fill(text);
  await field.blur();
  return field;
}

async function datesFilterTheList(page, order, width) {
  const today = sofiaToday();
  await page.goto('/admin/orders');
  const field = await typeCreatedAfter(page, today.bg);
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('createdAt_gte'));
  assert.equal(listFilter(page).createdAt_gte, today.iso);
  await page.getByText(order.number).first().waitFor();
  assert.equal(await field.inputValue(), today.bg);
  // An impossible day is refused in Bulgarian and the list keeps the last good filter.
  await field.fill('29.02.2026');
  await field.blur();
  await page.getByText('Невалидна дата').first().waitFor();
  assert.equal(listFilter(page).createdAt_gte, today.iso);
  await shot(page, 'orders-date-invalid', width);
  // A day in the future leaves the new order out.
  await field.fill('1.2.2099');
  await field.blur();
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('2099-02-01'));
  assert.equal(await field.inputValue(), '01.02.2099');
  await page.getByText(order.number).first().waitFor({ state: 'detached' });
  await noWiderThanWindow(page, width);
  await shot(page, 'orders-date-filter', width);
}

export const journeys = [
  {
    name: 'admin: a typed dd.mm.yyyy date filters the orders in a Bulgarian and in an English browser',
    widths: [1440],
    async run({ page, context, admin, width, base }) {
      const shopper = await context.newPage();
      const order = await guestOrder(shopper);
      await shopper.close();
      await signInToAdmin(page, admin);
      await datesFilterTheList(page, order, width);

      // The same in an English (en-US) browser: still dd.mm.yyyy, never mm/dd/yyyy.
      const english = await context
        .browser()
        .newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'en-US', timezoneId: 'Europe/Sofia' });
      try {
        const enPage = await english.newPage();
        enPage.setDefaultTimeout(15_000);
        assert.equal(await enPage.evaluate(() => navigator.language), 'en-US');
        await signInToAdmin(enPage, admin);
        await datesFilterTheList(enPage, order, width);
      } finally {
        await english.close();
      }
    },
  },
  {
    name: 'admin: the analysis range and a discount’s dates are typed as dd.mm.yyyy',
    widths: [1440, 390],
    async run({ page, admin, width }) {
      await signInToAdmin(page, admin, '/admin/analysis');
      const from = page.getByLabel('От', { exact: true });
      await from.fill('1.11.2026');
      await from.blur();
      assert.equal(await from.inputValue(), '01.11.2026');
      await page.getByText('Приходи').first().waitFor();
      await from.fill('31.11.2026');
      await page.getByText('Невалидна дата').first().waitFor();
      await noWiderThanWindow(page, width);
      await shot(page, 'analysis-dates', width);

      await page.goto('/admin/discounts/create');
      const starts = page.getByPlaceholder('дд.мм.гггг чч:мм').first();
      await starts.fill('1.12.2026 9:05');
      await starts.blur();
      assert.equal(await starts.inputValue(), '01.12.2026 09:05');
      await noWiderThanWindow(page, width);
      await shot(page, 'discount-dates', width);
    },
  },
  {
    name: 'admin: packing slips download as PDFs from an order and for a selection of orders',
    widths: [1440, 390],
    async run({ page, context, admin, width }) {
      const shopper = await context.newPage();
      const order = await guestOrder(shopper, { firstName: 'Радка', lastName: 'Пакетова' });
      await shopper.close();
      await signInToAdmin(page, admin, `/admin/orders/${order.id}`);
      await page.getByText(`Поръчка ${order.number}`).first().waitFor();
      const card = page.getByTestId('packing-slip');
      await card.getByText('Бележка за опаковане').waitFor();
      await noWiderThanWindow(page, width);
      await shot(page, 'order-packing-slip', width);

      for (const size of ['A4', 'A6']) {
        const link = card.getByRole('link', { name: new RegExp(`Бележка за опаковане ${size}`) });
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        assert.match(download.suggestedFilename(), new RegExp(`packing-slip-${order.number}-${size.toLowerCase()}\\.pdf`));
        const bytes = fs.readFileSync(await download.path());
        assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
        const res = await page.request.get(await link.getAttribute('href'));
        assert.equal(res.status(), 200);
        assert.equal(res.headers()['content-type'], 'application/pdf');
      }

      if (width >= 600) {
        // In the list: select the order, and download the slips of the selection.
        await page.goto('/admin/orders');
        const row = page.getByRole('row').filter({ hasText: order.number });
        await row.getByRole('checkbox').check();
        await page.getByRole('button', { name: 'Бележки за опаковане' }).click();
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /A6/ }).click()]);
        assert.equal(download.suggestedFilename(), 'packing-slips-a6.pdf');
        assert.equal(
          fs
            .readFileSync(await download.path())
            .subarray(0, 5)
            .toString(),
          '%PDF-',
        );
        await noWiderThanWindow(page, width);
        await shot(page, 'orders-bulk-packing-slips', width);
      }
    },
  },
  {
    name: 'admin: a guest buyer’s page shows contacts, address and orders with links',
    widths: [1440, 390],
    async run({ page, context, admin, width }) {
      const stamp = Date.now();
      const email = `gost.${stamp}@example.bg`;
      const phone = `0877${String(stamp).slice(-6)}`;
      const shopper = await context.newPage();
      const first = await guestOrder(shopper, { firstName: 'Гинка', lastName: 'Гостенова', email, phone });
      const second = await guestOrder(shopper, { firstName: 'Гинка', lastName: 'Гостенова', email, phone });
      await shopper.close();
      await signInToAdmin(page, admin, '/admin/customers');
      await page.getByPlaceholder('Име, имейл или телефон').fill(phone);
      // The search has reached the address (its debounce would otherwise bring the list back).
      await page.waitForURL((u) => decodeURIComponent(u.search).includes(phone));
      await page.getByText('Гинка Гостенова').first().click();
      await page.waitForURL((url) => url.pathname === `/admin/customers/${encodeURIComponent(email)}`);
      await page.getByRole('heading', { name: 'Гинка Гостенова', exact: true }).waitFor();
      await page.getByText('Гост (без профил)').waitFor();
      await page.locator('#main-content').getByRole('link', { name: email }).waitFor();
      await page.getByRole('link', { name: phone }).waitFor();
      await page.getByText('7000 Русе').first().waitFor();
      await page.getByText('Спиди, офис Център').first().waitFor();
      await page.getByRole('link', { name: 'Всички поръчки в списъка' }).waitFor();
      await noWiderThanWindow(page, width);
      await shot(page, 'customer-guest', width);
      // The newest order first; its link opens the order.
      const text = await page.locator('main').innerText();
      assert.ok(
        text.indexOf(second.number) >= 0 && text.indexOf(second.number) < text.indexOf(first.number),
        'the newest order comes first',
      );
      await page.getByRole('link', { name: second.number }).click();
      await page.waitForURL((url) => url.pathname === `/admin/orders/${second.id}`);
      await page.getByText(`Поръчка ${second.number}`).first().waitFor();
    },
  },
];
