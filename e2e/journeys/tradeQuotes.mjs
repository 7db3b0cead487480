// A quote from ask to order. A company (applied with one shop and approved through the API) has a
// member, who signs in, puts a large quantity in the cart and asks for a quote from the cart page
// with a note; the request's number is confirmed there. Staff, in a browser context of their own,
// find it on the dashboard's „Запитвания за оферта“, open it and answer it by keyboard alone: a net
// price per line (the total read out as it changes), the validity offered (today + 14 days), „Изпрати
// офертата“. The member finds the answered quote on the account page with its prices and validity,
// orders it to the company's shop by bank transfer, and is told the order's number, with a link to
// it. axe-core finds nothing on each screen, at a phone's and a laptop's width; screenshots of each.
import fs from 'node:fs';
import path from 'node:path';
import { appStarted, assert, expectNoAxeViolations, passAgeGate, uniqueEmail, apiSession, anotherPerson } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

const PASSWORD = 'e2e-oferti-parola';
const SHOTS = process.env.E2E_SHOTS || path.join('e2e', 'artifacts');

async function shot(page, name, width) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `trade-quotes-${name}-${width}.png`), fullPage: true });
}

/** The company applies once through the API (applications from one address are limited) with one
 *  shop, and staff approve it. */
let applied;
async function companyWithMember(base, admin) {
  if (applied) return applied;
  const company = {
    name: 'Е2Е Оферти ООД',
    eik: '130175000',
    vatNumber: '',
    address: 'ул. „Шипка“ 9',
    city: 'Русе',
    mol: 'Иван Иванов',
    tobaccoPermit: 'ЗАДС-90е-0009',
  };
  const member = { email: uniqueEmail('oferti'), password: PASSWORD };
  const guest = await apiSession(base);
  try {
    const res = await guest.api.post('/api/trade/applications', {
      headers: guest.headers,
      data: {
        company,
        contact: { firstName: 'Иван', lastName: 'Иванов', phone: '0888123456', ...member },
        shops: [{ name: 'Обект Русе Център', city: 'Русе', address: 'ул. „Александровска“ 1', phone: '082123456' }],
      },
    });
    assert.equal(res.status(), 201, `the application: ${res.status()} ${await res.text()}`);
    company.id = (await res.json()).id;
  } finally {
    await guest.api.dispose();
  }
  const staff = await apiSession(base, admin);
  try {
    const approved = await staff.api.post(`/api/admin/companies/${company.id}/approve`, { headers: staff.headers, data: {} });
    assert.equal(approved.status(), 200, `the approval: ${approved.status()} ${await approved.text()}`);
  } finally {
    await staff.api.dispose();
  }
  applied = { company, member };
  return applied;
}

/** The member's cart holds one line of a product without flavours to choose, in whole packs. */
async function fillCart(page) {
  const { csrfToken } = await (await page.request.get('/api/csrf-token')).json();
  const headers = { 'x-csrf-token': csrfToken };
  await page.request.delete('/api/cart', { headers });
  const { products } = await (await page.request.get('/api/products?limit=50')).json();
  const variant = products
    .filter((p) => !(p.attributes ?? []).length)
    .flatMap((p) => (p.variants ?? []).map((v) => ({ ...v, productId: p.id, productName: p.name })))
    .find((v) => v.stock >= 40);
  assert.ok(variant, 'a variant with stock for a large order');
  const quantity = (variant.packSize ?? 1) * 4;
  const added = await page.request.post('/api/cart/add', {
    headers,
    data: { productId: variant.productId, variantId: variant.id, quantity },
  });
  assert.ok(added.status() < 300, `the cart: ${added.status()} ${await added.text()}`);
  return { ...variant, quantity };
}

export const journeys = [
  {
    name: 'tradeQuotes: a member asks for a quote from the cart, staff answer it by keyboard, the member orders it from the account',
    widths: [390, 1440],
    async run({ page, context, base, admin, width }) {
      const { member } = await companyWithMember(base, admin);

      // The member signs in and has a large quantity in the cart.
      await passAgeGate(page);
      await page.goto('/signin');
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
      await appStarted(page);
      await page.getByLabel('Имейл').fill(member.email);
      await page.getByLabel('Парола').fill(member.password);
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await page.getByRole('heading', { name: 'Профил' }).waitFor();
      const line = await fillCart(page);

      // From the cart: „Поискай оферта“, a note, sent, the number confirmed.
      await page.goto('/cart');
      await appStarted(page);
      const ask = page.getByRole('button', { name: 'Поискай оферта' });
      await ask.waitFor();
      await ask.click();
      const note = page.getByRole('textbox', { name: /Бележка към запитването/ });
      await note.fill(`Доставка до обекта до петък (${width})`);
      await expectNoAxeViolations(page, 'the cart with the quote request');
      await shot(page, 'cart-ask', width);
      await page.getByRole('button', { name: 'Изпрати запитването' }).click();
      const sent = page.locator('.quote-sent').getByText(/Запитването ОФ-\d+ е изпратено\./);
      await sent.waitFor();
      const number = (await sent.textContent()).match(/ОФ-\d+/)[0];
      await expectNoAxeViolations(page, 'the cart after the request');
      await shot(page, 'cart-sent', width);

      // Staff answer it, by keyboard, from the dashboard.
      const staffContext = await anotherPerson(context, base, width);
      try {
        const staff = await staffContext.newPage();
        await signInToAdmin(staff, admin);
        const card = staff.getByTestId('quotes-card');
        const entry = card.getByRole('link', { name: new RegExp(number) });
        await entry.waitFor();
        // The panel's loading spinner gone: what axe reads is the page at rest.
        await staff.waitForLoadState('networkidle');
        await expectNoAxeViolations(staff, 'the dashboard with the quote requests');
        await card.scrollIntoViewIfNeeded();
        await shot(staff, 'dashboard', width);
        await entry.focus();
        await staff.keyboard.press('Enter');
        await staff.waitForURL(/\/admin\/quote-requests\/\d+$/);
        await staff.getByRole('heading', { name: new RegExp(`Запитване ${number}`), level: 2 }).waitFor();
        await staff.getByText(`Доставка до обекта до петък (${width})`).waitFor();
        await staff.waitForLoadState('networkidle');
        const price = staff.getByRole('textbox', { name: /^Цена без ДДС за/ }).first();
        await price.focus();
        await staff.keyboard.type('12,50');
        const totals = staff.getByTestId('quote-totals');
        assert.equal(await totals.getAttribute('aria-live'), 'polite');
        const net = (line.quantity * 12.5).toFixed(2).replace('.', ',');
        await totals
          .getByText(new RegExp(net.replace(',', ',\\s?')))
          .first()
          .waitFor();
        const valid = staff.getByLabel('Валидна до');
        const validUntil = await valid.inputValue();
        assert.match(validUntil, /^\d{4}-\d{2}-\d{2}$/, 'a validity date is offered');
        await expectNoAxeViolations(staff, 'a quote being answered');
        await shot(staff, 'answer', width);
        await staff.getByRole('button', { name: 'Изпрати офертата' }).focus();
        await staff.keyboard.press('Enter');
        await staff.getByText('Офертата е изпратена на клиента.', { exact: true }).first().waitFor();
        await staff.getByText('Оферта изпратена', { exact: true }).first().waitFor();
      } finally {
        await staffContext.close();
      }

      // The member orders it from the account page, to the company's shop.
      await page.goto('/account#quotes');
      const quotes = page.getByRole('region', { name: 'Оферти' });
      const quote = quotes.getByRole('listitem').filter({ has: page.getByRole('heading', { name: number }) });
      await quote.getByText('Оферта изпратена').waitFor();
      await quote.getByText(/Валидна до \d\d\.\d\d\.\d{4}/).waitFor();
      await expectNoAxeViolations(page, 'the account with an answered quote');
      await quote.scrollIntoViewIfNeeded();
      await shot(page, 'account-quote', width);
      await quote.getByRole('button', { name: 'Поръчай по офертата' }).click();
      const form = page.getByRole('form', { name: 'Поръчай по офертата' });
      await form.getByRole('radio', { name: /Обект Русе Център/ }).waitFor();
      assert.ok(await form.getByRole('radio', { name: /Обект Русе Център/ }).isChecked(), "the company's shop is chosen");
      await form.getByLabel('Начин на плащане').selectOption('bank_transfer');
      // To an Econt office: sent without one, the form asks for it on the office's own field.
      await form.getByRole('radio', { name: 'До офис на Еконт' }).check();
      await form.getByRole('button', { name: 'Поръчай по офертата' }).click();
      const officeBox = form.getByRole('combobox', { name: /Офис на Еконт/ });
      await form.getByText('Посочете офис за доставка.').waitFor();
      assert.ok(await officeBox.evaluate((el) => el === document.activeElement), 'focus is on the office field');
      assert.equal(await officeBox.getAttribute('aria-invalid'), 'true');
      await expectNoAxeViolations(page, 'the order form of a quote, no office chosen');
      await shot(page, 'order-form-office', width);
      await form.getByRole('radio', { name: 'До адрес' }).check();
      await form.getByRole('radio', { name: /Обект Русе Център/ }).check();
      await expectNoAxeViolations(page, 'the order form of a quote');
      await shot(page, 'order-form', width);
      await form.getByRole('button', { name: 'Поръчай по офертата' }).click();
      const placed = quote.getByText(/Поръчката VS-\d+ е приета\./);
      await placed.waitFor();
      const orderNumber = (await placed.textContent()).match(/VS-\d+/)[0];
      await quote.getByText('Поръчано').waitFor();
      await expectNoAxeViolations(page, 'the account after ordering a quote');
      await shot(page, 'ordered', width);
      await quote.getByRole('link', { name: 'Виж поръчката' }).click();
      await page
        .getByRole('heading', { name: new RegExp(orderNumber) })
        .first()
        .waitFor();
    },
  },
];
