// Money journeys: the total a shopper is shown is the total the order charges — the
// issue's own case (15 neck straps with WELCOME10, just over the free-shipping threshold before
// the discount and under it after), a price that changes while the shopper is on the checkout
// page, a checkout that survives a reload and lets a refused code go; and staff typing a price
// the Bulgarian way in the admin.
import { request as playwrightRequest } from 'playwright-core';
import { assert, passAgeGate, toast, waitForBadge, fillCheckout, confirmAndOrder, uniqueEmail } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

// What is seen: the visually hidden words for screen readers (a price's „(равностойност …)“) left out.
const text = async (locator) =>
  (
    await locator.evaluate((el) => {
      const seen = el.cloneNode(true);
      seen.querySelectorAll('.sr-only').forEach((n) => n.remove());
      return seen.textContent;
    })
  )
    .replace(/\s+/g, ' ')
    .trim();

async function addProduct(page, slug, { variant, quantity = 1 } = {}) {
  await page.goto(`/products/${slug}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  if (variant) await page.locator('.chip-option').getByText(variant, { exact: true }).click();
  if (quantity !== 1) await page.getByRole('spinbutton', { name: 'Количество' }).fill(String(quantity));
  await page.getByRole('button', { name: 'Добави в количката' }).click();
  await toast(page, 'Продуктът е добавен в количката!');
}

/** A signed-in admin's API session in its own request context (CSRF token included). */
async function adminApi(base, admin) {
  const request = await playwrightRequest.newContext({ baseURL: base });
  const { csrfToken } = await (await request.get('/api/csrf-token')).json();
  const login = await request.post('/api/auth/login', {
    headers: { 'x-csrf-token': csrfToken },
    data: { email: admin.email, password: admin.password },
  });
  assert.equal(login.status(), 200);
  const body = await login.json();
  return { request, csrf: body.csrfToken ?? csrfToken };
}

export const journeys = [
  {
    name: 'money: the checkout shows the total the order charges (15 neck straps with WELCOME10)',
    widths: [390, 1440],
    async run({ page }) {
      await passAgeGate(page);
      await addProduct(page, 'vrazka-za-vrat-vap-solo', { variant: 'Черна', quantity: 15 });
      await waitForBadge(page, 15);

      await page.goto('/cart');
      await page.getByLabel('Код за отстъпка').fill('WELCOME10');
      await page.getByRole('button', { name: 'Приложи' }).click();
      await page.getByText('Кодът WELCOME10 е приложен.').waitFor();
      // 103,50 − 10,35 = 93,15: under the 100 лв. threshold after the discount.
      await page.locator('.free-shipping-hint').getByText(/6,85/).waitFor();
      assert.match(await text(page.locator('.cart-page .totals dd.total')), /^93,15 лв\./);

      await page.getByRole('button', { name: 'Към поръчката' }).click();
      await fillCheckout(page, { email: uniqueEmail('remak') });
      const total = page.locator('#checkout-total');
      await total.getByText(/99,05/).waitFor();
      const shown = await text(total);
      assert.match(shown, /^99,05 лв\. \/ 50,64 €$/);
      assert.match(await text(page.locator('.checkout .totals')), /Доставка5,90 лв\./);

      await confirmAndOrder(page);
      await page.getByText('Благодарим Ви за поръчката!').waitFor();
      const charged = await text(page.locator('.order-details .totals dd.total'));
      assert.equal(charged, shown, 'the order charges what the checkout showed');
    },
  },
  {
    name: 'money: a price changed while the shopper was on the checkout page is shown before ordering',
    widths: [1440],
    async run({ page, base, admin }) {
      await passAgeGate(page);
      await addProduct(page, 'kalaf-za-nosene-s-tsip');
      await page.goto('/checkout');
      await fillCheckout(page, { email: uniqueEmail('promyana') });
      await page.locator('#checkout-total').getByText(/20,80/).waitFor(); // 14,90 + 5,90

      // Meanwhile staff raise the price to 15,90.
      const api = await adminApi(base, admin);
      const { product } = await (await api.request.get('/api/products/kalaf-za-nosene-s-tsip')).json();
      const put = await api.request.put(`/api/admin/products/${product.id}`, {
        headers: { 'x-csrf-token': api.csrf },
        data: { price: '15,90' },
      });
      assert.equal(put.status(), 200, await put.text());
      await api.request.dispose();

      await confirmAndOrder(page);
      await page
        .locator('.summary')
        .getByRole('alert')
        .getByText(/Сумата на поръчката се промени и вече е 21,80/)
        .waitFor();
      assert.match(await text(page.locator('#checkout-total')), /^21,80 лв\./);
      assert.equal(new URL(page.url()).pathname, '/checkout', 'nothing was ordered');

      // Ordering again with the new total shown places it.
      await page.getByRole('button', { name: 'Поръчка с задължение за плащане' }).click();
      await page.getByText('Благодарим Ви за поръчката!').waitFor();
      assert.match(await text(page.locator('.order-details .totals dd.total')), /^21,80 лв\./);
    },
  },
  {
    name: 'money: the checkout survives a reload, shows flavours, and lets a refused code go',
    widths: [390],
    async run({ page }) {
      await passAgeGate(page);
      const { product } = await (await page.request.get('/api/products/vap-solo-twins')).json();
      await page.goto('/products/vap-solo-twins');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.chip-option').getByText('0 mg', { exact: true }).click();
      const selects = page.locator('.buy-box select');
      for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Добави в количката' }).click();
      await toast(page, 'Продуктът е добавен в количката!');

      // A code remembered from the cart that does not apply.
      await page.evaluate(() => sessionStorage.setItem('discount-code', 'NYAMA-TAKAV'));
      await page.goto('/checkout');
      await fillCheckout(page, { email: 'prezarezhdane@example.bg', city: 'Варна' });
      await page.getByLabel('Бележка към поръчката (по желание)').fill('Звънете преди доставка');
      await page.getByLabel('Потвърждавам, че съм навършил/а 18 години.').check();
      // Flavours are shown for each line of the summary.
      const summary = page.locator('.summary-lines');
      await summary.getByText(new RegExp(`${product.attributes[0].name}: `)).waitFor();

      await page.reload();
      await page.getByRole('heading', { name: 'Поръчка', exact: true }).waitFor();
      assert.equal(await page.getByLabel('Имейл', { exact: true }).inputValue(), 'prezarezhdane@example.bg');
      // The office picked (from Varna's) is still the one chosen.
      assert.match(await text(page.locator('.office-picker-chosen')), /Варна/);
      assert.equal(await page.getByLabel('Бележка към поръчката (по желание)').inputValue(), 'Звънете преди доставка');
      assert.equal(await page.getByLabel('Потвърждавам, че съм навършил/а 18 години.').isChecked(), false, 'the 18+ tick is given anew');

      const refused = page.getByRole('alert').getByText('Кодът NYAMA-TAKAV не е приложен: Невалиден код за отстъпка.');
      await refused.waitFor();
      const before = await text(page.locator('#checkout-total'));
      await page.getByRole('button', { name: 'Премахни кода' }).click();
      await refused.waitFor({ state: 'detached' });
      assert.equal(await text(page.locator('#checkout-total')), before);
      await confirmAndOrder(page);
      await page.getByText('Благодарим Ви за поръчката!').waitFor();
      assert.equal(await text(page.locator('.order-details .totals dd.total')), before);
    },
  },
  {
    name: 'money: staff type 29,90 into a product price and see 29,90 in the list',
    widths: [1440],
    async run({ page, admin }) {
      await signInToAdmin(page, admin);
      const { product } = await (await page.request.get('/api/products/usb-c-kabel-za-zarezhdane')).json();
      await page.goto(`/admin/products/${product.id}`);
      const price = page.locator('input[name="price"]');
      await price.waitFor();
      await price.fill('abc');
      await page.getByRole('button', { name: 'Запази' }).click();
      await page.getByText('Въведете сума, напр. 29,90').first().waitFor();
      await price.fill('29,90');
      await page.getByRole('button', { name: 'Запази' }).click();
      await page.waitForURL(/\/admin\/products$/);
      await page.getByPlaceholder('Търсене').fill('USB-C');
      const row = page.getByRole('row', { name: new RegExp(product.name) });
      await row.getByText(/29,90/).waitFor();
      const saved = (await (await page.request.get('/api/products/usb-c-kabel-za-zarezhdane')).json()).product;
      assert.equal(saved.price, 29.9);
    },
  },
];
