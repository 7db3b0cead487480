// The sales mode within the tobacco law (ЗТТСТИ чл. 31а): staff switch the shop to
// „Само на търговци“ in Settings → Продажби (after a confirmation) and the dashboard says so; a
// consumer then opens a device: no price, the notice with „Къде да купя“, no cart button, and the
// server refuses it; an accessory is still bought. The shop is switched back at the end.
import fs from 'node:fs';
import path from 'node:path';
import { assert, expectNoAxeViolations, passAgeGate, appStarted, waitForBadge } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

const DEVICE = 'vap-solo-twins';
const ACCESSORY = 'usb-c-kabel-za-zarezhdane';
const NOTICE = 'Продажба само на търговци';
const REFUSAL =
  'Съгласно чл. 31а от Закона за тютюна, тютюневите и свързаните с тях изделия продажбата на тези продукти онлайн е разрешена само на търговци.';
/** Where the product page's screenshots are kept (beside the failure artifacts). */
const SHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'artifacts', 'sales-mode');

/** In Settings → Продажби: choose the mode, confirm, save. */
async function chooseMode(staff, label, confirmTitle) {
  await staff.goto('/admin/settings/sales');
  await staff.getByText('Режим на продажба', { exact: true }).first().waitFor();
  const radio = staff.getByRole('radio', { name: label });
  await radio.waitFor();
  if (await radio.isChecked()) return;
  await radio.click();
  const dialog = staff.getByRole('dialog', { name: confirmTitle });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Потвърди' }).click();
  await dialog.waitFor({ state: 'detached' });
  const [saved] = await Promise.all([
    staff.waitForResponse((r) => /\/api\/admin\/settings\/1$/.test(r.url()) && r.request().method() === 'PUT'),
    staff.getByRole('button', { name: 'Запази', exact: true }).click(),
  ]);
  assert.equal(saved.status(), 200);
}

export const journeys = [
  {
    name: 'sales mode: staff switch to trade only, a consumer sees no price of a device and cannot order it',
    widths: [390, 1440],
    async run({ page, base, width, admin }) {
      // What the device costs today (mode all), to look for on the page afterwards.
      const before = await (await page.request.get(`/api/products/${DEVICE}`)).json();
      const price = before.product.variants[0].price;
      assert.equal(typeof price, 'number');
      const priceText = price.toFixed(2).replace('.', ',');

      // Staff in their own browser.
      const staffContext = await page
        .context()
        .browser()
        .newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'bg-BG' });
      const staff = await staffContext.newPage();
      try {
        await signInToAdmin(staff, admin, '/admin/settings/sales');
        await staff.getByText('Забранява се предлагането и продажбата на потребители', { exact: false }).first().waitFor();
        // Cancelling the confirmation keeps the mode.
        await staff.getByRole('radio', { name: 'Само на търговци (според чл. 31а ЗТТСТИ)' }).click();
        await staff
          .getByRole('dialog', { name: 'Превключване към продажба само на търговци' })
          .getByRole('button', { name: 'Отказ' })
          .click();
        assert.equal(await staff.getByRole('radio', { name: 'На всички (потребители и търговци)' }).isChecked(), true);
        await chooseMode(staff, 'Само на търговци (според чл. 31а ЗТТСТИ)', 'Превключване към продажба само на търговци');
        fs.mkdirSync(SHOTS, { recursive: true });
        await staff.screenshot({ path: path.join(SHOTS, 'settings-sales-tab.png'), fullPage: true });
        await staff.goto('/admin');
        await staff.getByTestId('sales-mode-card').getByText('Само на търговци', { exact: true }).waitFor();
        await staff.screenshot({ path: path.join(SHOTS, 'dashboard.png') });

        // The consumer: the device's page has no price, a notice in words and the way to buy it.
        await passAgeGate(page);
        await page.goto(`/products/${DEVICE}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('heading', { name: NOTICE }).waitFor();
        const whereToBuy = page.getByRole('link', { name: 'Къде да купя' }).first();
        assert.equal(await whereToBuy.getAttribute('href'), '/where-to-buy');
        await page.getByRole('link', { name: 'Кандидатствайте като търговец' }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Добави в количката' }).count(), 0);
        assert.equal(await page.locator('.product-price').count(), 0);
        const html = await page.content();
        assert.ok(!html.includes(priceText), `the page shows ${priceText}`);
        assert.ok(!html.includes('"Offer"'), 'the page offers the device in its structured data');
        await appStarted(page);
        await expectNoAxeViolations(page, 'a device in trade only');
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `product-trade-only-${width}.png`), fullPage: true });

        // The shop's list: the device's card says so instead of a price.
        await page.goto('/products?category=twins');
        await page.locator('.product-card').first().waitFor();
        await page.locator('.product-card').first().getByText(NOTICE).waitFor();

        // Nor can the device be bought another way: the server refuses it with the law's words.
        const { csrfToken } = await (await page.request.get('/api/csrf-token')).json();
        const quote = await page.request.post('/api/checkout/quote', {
          headers: { 'x-csrf-token': csrfToken },
          data: { items: [{ productId: before.product.id, variantId: before.product.variants[0].id, quantity: 1 }] },
        });
        assert.equal(quote.status(), 403);
        assert.equal((await quote.json()).message, REFUSAL);

        // An accessory is bought as before.
        await page.goto(`/products/${ACCESSORY}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.locator('.product-price').waitFor();
        await appStarted(page);
        await page.getByRole('button', { name: 'Добави в количката' }).click();
        await waitForBadge(page, 1);
      } finally {
        // Back to selling to everyone (mode `all`), through the same confirmation.
        await chooseMode(staff, 'На всички (потребители и търговци)', 'Превключване към продажба на всички');
        await staffContext.close();
      }
      const after = await (await page.request.get(`/api/products/${DEVICE}`)).json();
      assert.equal(after.product.variants[0].price, price);
    },
  },
];
