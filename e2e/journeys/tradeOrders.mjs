// The trade channel walked through the UI: apply → approve → sign in → quick order with a
// CSV → invoice with the due date. A guest applies on /trade/apply (the form's errors first: each
// tied to its field, checked by axe, then fixed), creating the contact's account; staff, in a
// browser context of their own, find the company under „Търговци“, set 14-day payment terms and
// approve it. The applicant then signs in, pastes a CSV of `SKU;quantity` into the quick order (an
// unknown SKU is reported by its line), is quoted net + VAT, checks out by bank transfer on 14-day
// terms (the checkout shows the due date), and finds the order in the account with its due date and
// the company's invoice („Падеж“ printed on the PDF).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { request as playwrightRequest } from 'playwright-core';
import { appStarted, assert, passAgeGate, fillCheckout, confirmAndOrder, uniqueEmail, expectNoAxeViolations } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

/** The company, its name told apart per width (both runs share the server's database). */
const companyAt = (width) => ({
  name: `Е2Е Дистрибуция ${width} ООД`,
  eik: '130175000',
  vatNumber: 'BG130175000',
  address: 'ул. „Тракия“ 5',
  city: 'Пловдив',
  mol: 'Петър Петров',
  tobaccoPermit: 'ЗАДС-90е-0001',
});
const EIK_INVALID = 'Невалиден ЕИК/БУЛСТАТ: 9 или 13 цифри с вярна контролна цифра.';

/** The field's error is read with it: aria-invalid, and aria-describedby naming the error's text. */
async function expectFieldError(field, text) {
  assert.equal(await field.getAttribute('aria-invalid'), 'true', `${text}: aria-invalid`);
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const described = await field.evaluate(
    (el, list) => list.map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '').join(' '),
    ids,
  );
  assert.ok(described.includes(text), `the field is described by „${text}“ (it reads „${described}“)`);
}

/** A guest applies on /trade/apply: an empty submit and a wrong ЕИК first, then the whole form. */
async function apply(page, company) {
  const email = uniqueEmail('targovec');
  const password = 'parola-e2e-targovec';
  await passAgeGate(page);
  await page.goto('/trade/apply');
  await page.getByRole('heading', { name: 'Кандидатствай като търговец', level: 1 }).waitFor();
  await appStarted(page);
  const firm = page.getByRole('group', { name: 'Фирма' });
  const contact = page.getByRole('group', { name: 'Лице за контакт' });
  const submit = page.getByRole('button', { name: 'Изпрати кандидатурата' });
  const eik = firm.getByLabel('ЕИК', { exact: true });

  // Sent empty: every required field is marked, the first one takes focus, and axe finds nothing.
  await submit.click();
  const name = firm.getByLabel('Име на фирмата');
  await expectFieldError(name, 'Полето е задължително.');
  await page.waitForFunction(() => document.activeElement?.id === 'trade-company-name');
  await expectFieldError(eik, EIK_INVALID);
  await expectNoAxeViolations(page, 'the trade application with its errors');

  await name.fill(company.name);
  await eik.fill('130175001'); // a wrong check digit
  await firm.getByLabel('ДДС номер (по избор)').fill(company.vatNumber);
  await firm.getByLabel('Адрес на управление').fill(company.address);
  await firm.getByLabel('Град').fill(company.city);
  await firm.getByLabel('МОЛ').fill(company.mol);
  await firm.getByLabel('Разрешение за търговия с тютюневи изделия').fill(company.tobaccoPermit);
  await contact.getByLabel('Име', { exact: true }).fill('Петър');
  await contact.getByLabel('Фамилия').fill('Петров');
  await contact.getByLabel('Имейл').fill(email);
  await contact.getByLabel('Телефон').fill('0888765432');
  await contact.getByLabel('Парола за профила').fill(password);
  await page.getByRole('button', { name: 'Добави обект' }).click();
  const shop = page.getByRole('group', { name: 'Обект 1' });
  await shop.getByLabel('Име на обекта').fill('Вейп точка Тракия');
  await shop.getByLabel('Град').fill(company.city);
  await shop.getByLabel('Адрес').fill('бул. „Освобождение“ 12');
  await shop.getByLabel('Телефон').fill('032123456');

  // Only the ЕИК is left wrong: its error alone, on it, with the focus.
  await submit.click();
  await page.waitForFunction(() => document.activeElement?.id === 'trade-company-eik');
  await expectFieldError(eik, EIK_INVALID);
  assert.equal(await page.locator('[aria-invalid="true"]').count(), 1, 'only the ЕИК is marked');

  await eik.fill(company.eik);
  await submit.click();
  const done = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Кандидатурата Ви очаква одобрение' }) });
  await done.getByText(company.name).waitFor();
  await done.getByText('Кандидатурата е получена.', { exact: false }).waitFor();
  return { email, password };
}

/** Staff, signed in in a browser context of their own: the company's terms to 14 days, then approved. */
async function approve(context, base, admin, company, width) {
  const staffContext = await context.browser().newContext({
    baseURL: base,
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'bg-BG',
    timezoneId: 'Europe/Sofia',
  });
  staffContext.setDefaultTimeout(15_000);
  try {
    const staff = await staffContext.newPage();
    await signInToAdmin(staff, admin, '/admin/companies');
    await staff.getByRole('heading', { name: 'Търговци', level: 1 }).waitFor();
    const heading = staff.getByRole('heading', { name: `${company.name} (${company.eik})`, level: 1 });
    // The search is applied (debounced, into the address) before a row is clicked: a late one
    // would take the page back to the list from the company.
    await staff.getByPlaceholder('Търсене').fill(company.name);
    await staff.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(company.name));
    await staff.getByText(company.name, { exact: true }).click();
    await staff.waitForURL(/\/admin\/companies\/\d+$/);
    await heading.waitFor();
    const companyPage = staff.url();
    await staff.getByText('Чака одобрение', { exact: true }).waitFor();
    await staff.waitForLoadState('networkidle');
    await expectNoAxeViolations(staff, 'a pending company in the admin');

    await staff.getByRole('combobox', { name: /^Срок за плащане/ }).click();
    await staff.getByRole('option', { name: '14 дни' }).click();
    await staff.getByRole('button', { name: 'Запази' }).click();
    await staff.getByText('Записът е обновен', { exact: true }).first().waitFor();
    // Saved, the form goes back to the list (which restores its search into the address, late):
    // the company is opened again by its address, its terms saved.
    await staff.waitForURL(/\/admin\/companies(\?.*)?$/);
    await staff.goto(companyPage);
    await heading.waitFor();
    await staff
      .getByRole('combobox', { name: /^Срок за плащане/ })
      .filter({ hasText: '14 дни' })
      .waitFor();
    await staff.getByRole('button', { name: 'Одобри' }).click();
    await staff.getByText('Фирмата е одобрена.', { exact: true }).first().waitFor();
    await staff.getByText('Одобрен', { exact: true }).waitFor();
    await staff.getByRole('button', { name: 'Одобри' }).waitFor({ state: 'detached' });

    // A buyer with an order limit, named by an address with no account yet: invited, on those terms.
    const buyer = `kupuvach-${width}-${Date.now()}@example.bg`;
    await staff.getByLabel('Имейл (клиентски профил или покана)').fill(buyer);
    await staff.getByRole('combobox', { name: 'Роля' }).last().click();
    await staff.getByRole('option', { name: 'Купувач' }).click();
    await staff.getByLabel('Лимит на поръчка').last().fill('250,50');
    await staff.getByRole('button', { name: 'Добави член' }).click();
    await staff.getByText(`Няма профил с ${buyer}: изпратена е покана. Ще стане член, когато я приеме.`).first().waitFor();
    await staff.getByText(buyer, { exact: true }).waitFor();
    await staff.getByText(/^Купувач · 250,50/).waitFor();
    await expectNoAxeViolations(staff, 'a company with an open invitation in the admin');
    await staff.screenshot({ path: path.join('e2e', 'artifacts', `admin-company-members-${width}.png`), fullPage: true });
  } finally {
    await staffContext.close();
  }
}

/** Two SKUs with stock from the catalogue, for the CSV. */
async function twoSkus(base) {
  const api = await playwrightRequest.newContext({ baseURL: base });
  try {
    const { products } = await (await api.get('/api/products?limit=50')).json();
    const variants = products.flatMap((p) => p.variants.map((v) => ({ ...v, slug: p.slug }))).filter((v) => v.stock >= 20);
    assert.ok(variants.length >= 2, 'two variants with stock');
    return [variants[0].sku, variants[1].sku, variants[0].slug];
  } finally {
    await api.dispose();
  }
}

function dayText(iso) {
  return new Intl.DateTimeFormat('bg-BG', { timeZone: 'Europe/Sofia', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date(iso))
    .replace(/\s*г\.$/, '');
}

export const journeys = [
  {
    name: 'trade: a business applies, staff approve it on 14-day terms, its member orders by CSV and finds the invoice with its due date',
    widths: [390, 1440],
    async run({ page, context, base, admin, width }) {
      const COMPANY = companyAt(width);
      const [skuA, skuB, slug] = await twoSkus(base);
      const member = await apply(page, COMPANY);
      await approve(context, base, admin, COMPANY, width);

      // The applicant signs in with the account the application made.
      await page.goto('/signin');
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
      await page.getByLabel('Имейл').fill(member.email);
      await page.getByLabel('Парола').fill(member.password);
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await page.getByRole('heading', { name: 'Профил' }).waitFor();

      // A product page loaded afresh is the member's: not the guests' rendered page (its retail
      // price), but the app asking for the list's net price.
      const productPage = await page.goto(`/products/${slug}`);
      assert.ok(!(await productPage.text()).includes('__DATA__'), "a member is not sent the guests' rendered page");
      await page.locator('.trade-price').first().getByText('без ДДС').waitFor();
      fs.mkdirSync(path.join('e2e', 'artifacts'), { recursive: true });
      // Opened by its address, it starts at the top (not where the account page was scrolled).
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      await page.screenshot({ path: path.join('e2e', 'artifacts', `trade-product-${width}.png`) });
      await expectNoAxeViolations(page, "a member's product page");
      await page.goto('/account');
      await page.getByRole('heading', { name: 'Профил' }).waitFor();

      // The account leads to the quick order.
      await page.getByRole('link', { name: 'Бърза поръчка' }).click();
      await page.getByRole('heading', { name: 'Бърза поръчка', level: 1 }).waitFor();
      await page.getByLabel(`Количество за`, { exact: false }).first().waitFor();

      await page.getByLabel('CSV (артикулен номер;количество)').fill(`${skuA};10\n${skuB};5\nНЯМА-ТАКЪВ;3`);
      await page.getByRole('button', { name: 'Добави от CSV' }).click();
      await page.getByText('Ред 3: няма артикул с номер „НЯМА-ТАКЪВ“.', { exact: true }).waitFor();
      const summary = page.getByRole('complementary', { name: 'Вашата поръчка' });
      await summary.getByText('Редове: 2').waitFor({ state: 'attached' });
      await summary.getByText('Общо с ДДС').waitFor();
      await summary.getByText(/Сума без ДДС/).waitFor();
      await expectNoAxeViolations(page, 'the quick order with a quote');
      fs.mkdirSync(path.join('e2e', 'artifacts'), { recursive: true });
      await page.screenshot({ path: path.join('e2e', 'artifacts', `quick-order-${width}.png`) });
      await page.locator('.quick-table tbody tr').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join('e2e', 'artifacts', `quick-order-${width}-table.png`) });

      await summary.getByRole('button', { name: 'Към поръчката' }).click();
      await fillCheckout(page, { email: member.email });
      await page.getByLabel(/Банков превод/).check();
      await page.getByText(/Банков превод с отсрочка 14 дни — падеж \d\d\.\d\d\.\d{4}/).waitFor();
      const due = (await page.locator('#checkout-due').textContent()).trim();
      // The site writes „10.12.2026 г.“, the invoice „10.12.2026“.
      const dueDay = due.replace(/\s*г\.$/, '');
      await page.getByText('Общо с ДДС').waitFor();
      await expectNoAxeViolations(page, 'the checkout of a member');
      await page.locator('#checkout-due').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join('e2e', 'artifacts', `trade-checkout-${width}.png`) });
      await confirmAndOrder(page);
      await page.getByText('Благодарим Ви за поръчката!').waitFor();
      const number = (await page.getByRole('heading', { name: /^Поръчка VS-\d+$/ }).textContent()).replace('Поръчка ', '');

      // The account: the order with its due date and payment state, then the invoice.
      await page.goto('/account');
      const row = page.getByRole('link', { name: new RegExp(number) });
      await row.getByText(`Падеж: ${due}`, { exact: false }).waitFor();
      await row.getByText('Неплатена', { exact: false }).waitFor();
      await row.click();
      const panel = page.getByRole('region', { name: 'Плащане и фактура' });
      await panel.waitFor();
      // The invoice is issued right after the order is committed.
      const link = panel.getByRole('link', { name: /^Изтегли фактура № \d{10} \(PDF\)$/ });
      for (let i = 0; i < 20 && !(await link.count()); i++) {
        await page.waitForTimeout(250);
        await page.reload();
      }
      await link.waitFor();
      await panel.getByText(`Падеж: ${due}`).first().waitFor();
      await expectNoAxeViolations(page, 'a company order in the account');
      const invoiceNumber = (await link.textContent()).match(/\d{10}/)[0];
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const file = path.join(os.tmpdir(), `e2e-trade-invoice-${Date.now()}.pdf`);
      await download.saveAs(file);
      try {
        const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
        for (const words of ['ФАКТУРА', invoiceNumber, COMPANY.name, COMPANY.eik, `Падеж: ${dueDay}`])
          assert.ok(text.includes(words), words);
      } finally {
        fs.rmSync(file, { force: true });
      }
      assert.equal(dayText(new Date(Date.now() + 14 * 86400000)), dueDay);
    },
  },
];
