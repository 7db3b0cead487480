// Two staff members, one record, at a laptop's 1440 px and a phone's 390 px, each in a browser
// context of their own. Both open the same product; Мария renames it and saves; Георги, on the
// copy he had open, changes the price and saves: the form says in place (an alert that takes the
// focus, axe-clean) that Мария changed it and when, and nothing of his is saved. „Презареди“ shows
// Мария's name with his typed price kept, and his next save keeps both. The same for a company
// under „Търговци“: one sets the credit limit, the other changes the payment terms from the old copy.
import fs from 'node:fs';
import { request as playwrightRequest } from 'playwright-core';
import { anotherPerson, assert, expectNoAxeViolations, uniqueEmail, waitForValue } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: keep a screenshot of the alert at each width
const PASSWORD = 'e2e-sluzhitel-parola';
/** A valid ЕИК per width (both runs share the server's database). */
const EIK = { 390: '200000002', 1440: '200000015' };

/** The shop's admin, through the API: two named staff members, a product and a company of this run. */
async function prepare(base, admin, width) {
  const api = await playwrightRequest.newContext({ baseURL: base });
  try {
    const { csrfToken } = await (await api.get('/api/csrf-token')).json();
    const guestHeaders = { 'x-csrf-token': csrfToken };
    // The company applies as a guest would, before anyone signs in on this request context.
    const company = {
      name: `Е2Е Версии ${width} ЕООД`,
      eik: EIK[width],
      vatNumber: '',
      address: 'ул. „Опълченска“ 3',
      city: 'София',
      mol: 'Петър Петров',
      tobaccoPermit: 'ЗАДС-90е-0002',
    };
    const applied = await api.post('/api/trade/applications', {
      headers: guestHeaders,
      data: {
        company,
        contact: { firstName: 'Петър', lastName: 'Петров', email: uniqueEmail('versii'), phone: '0888123456', password: PASSWORD },
        shops: [],
      },
    });
    assert.equal(applied.status(), 201, `the application: ${applied.status()} ${await applied.text()}`);
    const companyId = (await applied.json()).id;

    const login = await api.post('/api/auth/login', { headers: guestHeaders, data: { email: admin.email, password: admin.password } });
    assert.equal(login.status(), 200, `admin sign-in: ${login.status()}`);
    const headers = { 'x-csrf-token': (await login.json()).csrfToken ?? csrfToken };
    const staff = [];
    for (const [firstName, lastName] of [
      ['Мария', 'Иванова'],
      ['Георги', 'Димитров'],
    ]) {
      const email = uniqueEmail('sluzhitel');
      const res = await api.post('/api/admin/admins', { headers, data: { email, password: PASSWORD, firstName, lastName } });
      assert.equal(res.status(), 201, `a staff member: ${res.status()} ${await res.text()}`);
      staff.push({ email, password: PASSWORD, name: `${firstName} ${lastName}` });
    }
    const product = await api.post('/api/admin/products', {
      headers,
      data: { name: `E2E Версии ${width}`, price: 24.9, status: 'draft', kind: 'device' },
    });
    assert.equal(product.status(), 201, `the product: ${product.status()} ${await product.text()}`);
    return { staff, productId: (await product.json()).id, company: { ...company, id: companyId } };
  } finally {
    await api.dispose();
  }
}

/** The conflict as the form shows it: naming who and when, with the focus on it (visibly), axe-clean. */
async function expectConflict(page, who, width, name) {
  const alert = page.getByRole('alert').filter({ hasText: 'Някой друг е променил записа' });
  await alert.waitFor();
  const text = await alert.textContent();
  assert.match(text, new RegExp(`Записът е променен от ${who} на \\d\\d\\.\\d\\d\\.\\d{4} в \\d\\d:\\d\\d, след като го отворихте\\.`));
  // Said once, where the eye is: the focus is on the alert or its button, and it shows.
  await page.waitForFunction(() => !!document.activeElement?.closest('[role="alert"]'));
  const focus = await page.evaluate(() => {
    const el = document.activeElement;
    const alertEl = el?.closest('[role="alert"]');
    const style = el ? getComputedStyle(el) : null;
    return {
      inAlert: !!alertEl,
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
      shadow: style?.boxShadow ?? 'none',
    };
  });
  assert.ok(focus.inAlert, 'the focus is on the alert');
  assert.ok(!focus.outline.startsWith('none') || focus.shadow !== 'none', `the focus is visible (outline ${focus.outline})`);
  // Where the focus took the page, the whole alert is in sight: nothing over its first or last line
  // (a phone's save bar is fixed to the bottom of the window, below a product's alert).
  const covered = await alert.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    return [r.top + 4, r.bottom - 4]
      .map((y) => ({ y, at: document.elementFromPoint(x, y) }))
      .filter(({ at }) => !el.contains(at))
      .map(({ y, at }) => `${Math.round(y)} px: ${at?.className || at?.tagName || 'outside the window'}`);
  });
  assert.deepEqual(covered, [], 'the alert is in sight where the focus took the page');
  await expectNoAxeViolations(page, `the ${name} form with the stale-copy alert`);
  // Nothing of it is cut off or wider than the window.
  const fits = await alert.evaluate((el) => ({
    alert: el.getBoundingClientRect().right,
    clipped: [...el.querySelectorAll('*')].filter((c) => c.scrollWidth > c.clientWidth + 1 && getComputedStyle(c).overflow !== 'visible')
      .length,
    page: document.scrollingElement.scrollWidth,
    window: window.innerWidth,
  }));
  assert.ok(fits.alert <= fits.window, `the alert ends at ${fits.alert} px in a ${fits.window} px window`);
  assert.equal(fits.clipped, 0, 'nothing in the alert is clipped');
  assert.ok(fits.page <= fits.window, `the ${name} form is ${fits.page} px wide in a ${fits.window} px window`);
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await alert.screenshot({ path: `${SHOTS}/${width}-${name}-alert.png` });
    await page.screenshot({ path: `${SHOTS}/${width}-${name}-form.png` });
  }
  return alert;
}

export const journeys = [
  {
    name: 'stale edits: two staff members save the same product and company; the later copy is refused and reloaded',
    widths: [1440, 390],
    async run({ page, context, base, width, admin }) {
      const { staff, productId, company } = await prepare(base, admin, width);
      const [maria, georgi] = staff;
      const otherContext = await anotherPerson(context, base, width);
      try {
        const other = await otherContext.newPage();

        // The product: both open it.
        const productPage = `/admin/products/${productId}`;
        await signInToAdmin(page, maria, productPage);
        await signInToAdmin(other, georgi, productPage);
        const renamed = `E2E Версии ${width} Нов`;
        for (const p of [page, other]) await waitForValue(p.getByLabel(/^Име/).first(), new RegExp(`^E2E Версии ${width}$`));

        await page.getByLabel(/^Име/).first().fill(renamed);
        await page.getByRole('button', { name: 'Запази' }).click();
        await page.waitForURL(/\/admin\/products(\?.*)?$/);

        const price = other.getByLabel(/^Цена/).first();
        await price.fill('27,40');
        await other.getByRole('button', { name: 'Запази' }).click();
        const productAlert = await expectConflict(other, maria.name, width, 'product');
        const saved = async () => (await page.request.get(`/api/admin/products/${productId}`)).json();
        assert.deepEqual(await saved().then((p) => [p.name, p.price]), [renamed, 24.9], "nothing of Георги's is saved");

        await productAlert.getByRole('button', { name: 'Презареди' }).click();
        await productAlert.waitFor({ state: 'detached' });
        await waitForValue(other.getByLabel(/^Име/).first(), new RegExp(`^${renamed}$`));
        await waitForValue(price, /^27[.,]40?$/);
        await other.getByRole('button', { name: 'Запази' }).click();
        await other.waitForURL(/\/admin\/products(\?.*)?$/);
        assert.deepEqual(await saved().then((p) => [p.name, p.price]), [renamed, 27.4], 'both changes are saved');

        // The company: one sets the credit limit, the other the payment terms from the old copy.
        const companyPage = `/admin/companies/${company.id}`;
        const heading = (p) => p.getByRole('heading', { name: `${company.name} (${company.eik})`, level: 1 });
        for (const p of [page, other]) {
          await p.goto(companyPage);
          await heading(p).waitFor();
          await waitForValue(p.getByLabel(/^Име/).first(), new RegExp(`^${company.name}$`));
        }
        await page.getByLabel(/^Кредитен лимит/).fill('3500');
        await page.getByRole('button', { name: 'Запази' }).click();
        await page.getByText('Записът е обновен', { exact: true }).first().waitFor();

        await other.getByRole('combobox', { name: /^Срок за плащане/ }).click();
        await other.getByRole('option', { name: '30 дни' }).click();
        await other.getByRole('button', { name: 'Запази' }).click();
        const companyAlert = await expectConflict(other, maria.name, width, 'company');
        const savedCompany = async () => (await page.request.get(`/api/admin/companies/${company.id}`)).json();
        assert.deepEqual(await savedCompany().then((c) => [c.creditLimit, c.paymentTermsDays]), [3500, 0], "nothing of Георги's is saved");

        await companyAlert.getByRole('button', { name: 'Презареди' }).click();
        await companyAlert.waitFor({ state: 'detached' });
        await waitForValue(other.getByLabel(/^Кредитен лимит/), /^3[  ]?500([.,]00)?$/);
        await other
          .getByRole('combobox', { name: /^Срок за плащане/ })
          .filter({ hasText: '30 дни' })
          .waitFor();
        await other.getByRole('button', { name: 'Запази' }).click();
        await other.getByText('Записът е обновен', { exact: true }).first().waitFor();
        assert.deepEqual(await savedCompany().then((c) => [c.creditLimit, c.paymentTermsDays]), [3500, 30], 'both changes are saved');
      } finally {
        await otherContext.close();
      }
    },
  },
];
