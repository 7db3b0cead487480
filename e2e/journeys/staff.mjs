// The staff's journeys in the admin (1440 px): orders through the state machine, a new category
// and product with two variants and an image that appears in the shop and leaves it as a draft;
// and the panel's remembered preferences (theme, sidebar, language).
import { assert } from '../helpers.mjs';

/** A 1×1 PNG, enough for an upload checked by its bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export async function signInToAdmin(page, admin, path = '/admin') {
  // Staff sign in where shoppers do: a signed-out visit lands on /signin and comes back.
  await page.goto(path);
  await page.waitForURL(/\/signin\?next=/);
  await page.getByLabel(/Имейл/).fill(admin.email);
  await page.getByLabel(/Парола/).fill(admin.password);
  await page.getByRole('button', { name: 'Вход' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  if (path === '/admin') await page.getByText('Приходи за последните 30 дни').waitFor();
}

/** An order placed by a guest through the API, as the shop would get it. */
export async function guestOrder(page, customer = {}) {
  const { csrfToken } = await (await page.request.get('/api/csrf-token')).json();
  const { product } = await (await page.request.get('/api/products/usb-c-kabel-za-zarezhdane')).json();
  const res = await page.request.post('/api/orders/create', {
    headers: { 'x-csrf-token': csrfToken },
    data: {
      items: [{ productId: product.id, variantId: product.variants[0].id, quantity: 1 }],
      customer: { firstName: 'Стоян', lastName: 'Колев', email: `stoyan.${Date.now()}@example.bg`, phone: '0887123123', ...customer },
      shipping: { method: 'speedy_office', city: 'Русе', postcode: '7000', address: 'Спиди, офис Център' },
      paymentMethod: 'cod',
      ageConfirmed: true,
      termsAccepted: true,
    },
  });
  assert.equal(res.status(), 201);
  return (await res.json()).order;
}

export const journeys = [
  {
    name: 'staff move an order through its states and only allowed moves are offered',
    widths: [1440],
    async run({ page, context, admin }) {
      const shopper = await context.newPage();
      const order = await guestOrder(shopper);
      await shopper.close();
      await signInToAdmin(page, admin);

      // The notification about the new order is in the panel.
      await page.getByRole('button', { name: 'Нотификации' }).hover();
      const panel = page.getByRole('dialog', { name: 'Нотификации' });
      await panel.getByText(new RegExp(order.number)).first().waitFor();
      await page.mouse.move(700, 700);

      await page.goto(`/admin/orders/${order.id}`);
      await page.getByText(`Поръчка ${order.number}`).first().waitFor();
      const actions = page.getByTestId('status-actions');
      assert.deepEqual(await actions.getByRole('button').allTextContents(), ['Потвърдена', 'Отказана']);
      await actions.getByRole('button', { name: 'Потвърдена' }).click();
      await page.getByText('Поръчката е актуализирана успешно.').first().waitFor();
      await actions.getByRole('button', { name: 'Изпратена' }).waitFor();
      assert.deepEqual(await actions.getByRole('button').allTextContents(), ['Изпратена', 'Отказана']);
      await actions.getByRole('button', { name: 'Изпратена' }).click();
      const dialog = page.getByRole('dialog', { name: `Изпращане на поръчка ${order.number}` });
      await dialog.getByLabel('Номер на товарителница').fill('1055123123');
      await dialog.getByRole('button', { name: 'Изпрати', exact: true }).click();
      await actions.getByRole('button', { name: 'Доставена' }).waitFor();
      // A refused move (back to Нова, or a cancellation after shipping) is not offered.
      assert.deepEqual(await actions.getByRole('button').allTextContents(), ['Доставена']);
      const saved = await (await page.request.get(`/api/admin/orders/${order.id}`)).json();
      assert.equal(saved.status, 'shipped');
      assert.equal(saved.trackingNumber, '1055123123');
    },
  },
  {
    name: 'staff add a category and a product with two variants and an image; as a draft it leaves the shop',
    widths: [1440],
    async run({ page, context, admin }) {
      const stamp = Date.now();
      const categoryName = `E2E Серия ${stamp}`;
      const productName = `TWINS E2E ${stamp}`;
      await signInToAdmin(page, admin);

      await page.goto('/admin/categories/create');
      await page.getByLabel(/^Име/).first().fill(categoryName);
      await page.getByRole('button', { name: 'Запази' }).click();
      await page.getByText('Категорията е създадена успешно.').first().waitFor();

      await page.goto('/admin/products/create');
      await page.getByLabel(/^Име/).first().fill(productName);
      await page
        .getByLabel(/^Статус/)
        .first()
        .click();
      await page.getByRole('option', { name: 'Активен' }).click();
      await page
        .getByLabel(/^Категория/)
        .first()
        .click();
      await page.getByRole('option', { name: categoryName }).click();
      await page.getByLabel(/^Цена/).first().fill('31.90');
      await page.getByRole('tab', { name: 'Варианти' }).click();
      for (const [i, v] of [
        ['0 mg', `E2E-${stamp}-0`, '25'],
        ['20 mg', `E2E-${stamp}-20`, '7'],
      ].entries()) {
        await page.getByRole('button', { name: 'Добави' }).first().click();
        const row = page.locator('.RaSimpleFormIterator-line').nth(i);
        await row.getByLabel(/^Име/).fill(v[0]);
        await row.getByLabel(/^SKU/).fill(v[1]);
        await row.getByLabel(/^Начална наличност/).fill(v[2]);
      }
      await page.getByRole('tab', { name: 'Снимки' }).click();
      await page.locator('input[type=file]').setInputFiles({ name: 'e2e.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('button', { name: 'Запази' }).click();
      await page
        .getByText(/Продуктът е създаден успешно|Елементът е създаден/)
        .first()
        .waitFor();

      const { products } = await (await page.request.get(`/api/admin/products?search=${encodeURIComponent(productName)}`)).json();
      assert.equal(products.length, 1);
      const created = products[0];
      assert.equal(created.variants.length, 2);
      assert.equal(created.images.length, 1);

      // The shop shows it (to a shopper: another browser, not signed in).
      const shopperContext = await context.browser().newContext({ baseURL: new URL(page.url()).origin });
      const shop = await shopperContext.newPage();
      await shop.addInitScript(() => localStorage.setItem('age-confirmed', 'yes'));
      await shop.goto(`/products/${created.slug}`);
      await shop.getByRole('heading', { name: productName, level: 1 }).waitFor();

      // A draft is gone from the shop.
      await page.goto('/admin/products');
      await page.getByText(productName).first().waitFor();
      const row = page.getByRole('row', { name: new RegExp(productName) });
      await row.getByText('Активен').click();
      await page.getByRole('menuitem', { name: 'Чернова' }).click();
      await page.getByText('Статусът на продукта е променен на').first().waitFor();
      await shop.goto(`/products/${created.slug}`);
      await shop.getByRole('heading', { name: 'Продуктът не е намерен.' }).waitFor();
      await shopperContext.close();
    },
  },
  {
    name: 'the panel remembers theme and sidebar across a reload and switches language',
    widths: [1440],
    async run({ page, admin }) {
      await signInToAdmin(page, admin);
      await page.getByRole('button', { name: 'Тема' }).click();
      await page.getByRole('menuitem', { name: 'Тъмна' }).click();
      await page.getByRole('button', { name: 'Свий менюто' }).click();
      assert.equal(await page.evaluate(() => localStorage.getItem('vite-ui-theme')), 'dark');
      assert.equal(await page.evaluate(() => localStorage.getItem('collapsed-sidebar')), 'true');
      await page.reload();
      await page.getByRole('button', { name: 'Разгъни менюто' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('vite-ui-theme')), 'dark');

      await page.getByRole('button', { name: 'Разгъни менюто' }).click();
      await page
        .getByRole('button', { name: /Български|Език/ })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByText('Revenue', { exact: false }).first().waitFor();
      await page
        .getByRole('button', { name: /English|Language/ })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Български' }).click();
      await page.getByText('Приходи за последните 30 дни').waitFor();
    },
  },
];
