// Small steps shared by the journeys: what a person does, and waits on what they see.
import assert from 'node:assert/strict';
import { request as playwrightRequest } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export { assert };

export async function passAgeGate(page) {
  await page.goto('/');
  await page.getByRole('dialog', { name: 'Навършили ли сте 18 години?' }).waitFor();
  await page.getByRole('button', { name: 'Да, на 18+ съм' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/**
 * The app has taken over a page the server rendered (React's root is on #root): from here a
 * click on a button is the app's. A rendered page is shown, and its links work, before that;
 * a journey that clicks where only the app answers waits for this first.
 */
export async function appStarted(page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer$'));
  });
}

/** A main navigation link; on a phone the menu opens first. */
export async function navigate(page, label) {
  const toggle = page.getByRole('button', { name: 'Меню' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Основна навигация' }).getByRole('link', { name: label, exact: true }).click();
}

/** Waits until a field shows a value matching the pattern (a page that has just opened may still be filling it). */
export async function waitForValue(locator, pattern, { timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let value = await locator.inputValue();
  while (!pattern.test(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await locator.inputValue();
  }
  assert.match(value, pattern);
  return value;
}

export async function toast(page, text) {
  await page.locator('.toasts').getByText(text, { exact: true }).first().waitFor();
}

export async function badge(page) {
  const b = page.getByTestId('cart-count');
  return (await b.count()) ? Number(await b.textContent()) : 0;
}

export async function waitForBadge(page, n) {
  await page.getByRole('link', { name: `Количка, ${n} бр.` }).waitFor();
}

export async function stockOf(page, slug, variantName) {
  const res = await page.request.get(`/api/products/${slug}`);
  const { product } = await res.json();
  return product.variants.find((v) => v.name === variantName).stock;
}

/** Choose the strength and one value for every flavour select, then add to the cart. */
export async function addToCart(page, slug, { variant, flavours = [] } = {}) {
  await page.goto(`/products/${slug}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  if (variant) await page.locator('.chip-option').getByText(variant, { exact: true }).click();
  const selects = page.locator('.buy-box select');
  const n = await selects.count();
  for (let i = 0; i < n; i++) await selects.nth(i).selectOption({ index: 1 + (flavours[i] ?? i) });
  await page.getByRole('button', { name: 'Добави в количката' }).click();
}

export async function fillCheckout(
  page,
  {
    firstName = 'Мария',
    lastName = 'Иванова',
    email,
    phone = '0888123456',
    city = 'София',
    postcode = '1000',
    office = 'Еконт, офис Витоша',
  } = {},
) {
  await page.getByRole('heading', { name: 'Поръчка', exact: true }).waitFor();
  const fill = async (label, value) => {
    const input = page.getByLabel(label, { exact: true });
    if (value !== undefined && (await input.inputValue()) === '') await input.fill(value);
  };
  await fill('Име', firstName);
  await fill('Фамилия', lastName);
  await fill('Имейл', email);
  await fill('Телефон', phone);
  // Office deliveries pick an office of the courier's directory (the picker searches by city).
  const picker = page.getByRole('combobox', { name: /Офис на/ });
  if (await picker.count()) {
    await picker.fill(city);
    await page.getByRole('option').first().click();
    return;
  }
  await fill('Град', city);
  await fill('Пощенски код', postcode);
  await page.locator('#checkout-address').fill(office);
}

export async function confirmAndOrder(page) {
  await page.getByLabel('Потвърждавам, че съм навършил/а 18 години.').check();
  await page.getByLabel(/Приемам/).check();
  await page.getByRole('button', { name: 'Поръчка с задължение за плащане' }).click();
}

export function uniqueEmail(prefix) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.bg`;
}

/** The text of the newest e-mail to an address in the server's outbox (quoted-printable decoded);
 *  with `containing`, the newest that contains that text. */
export async function mailTo(outbox, email, { timeoutMs = 10_000, containing = '' } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(outbox)) {
      const files = fs.readdirSync(outbox).sort().reverse();
      for (const f of files) {
        const raw = fs.readFileSync(path.join(outbox, f), 'latin1');
        const text = Buffer.from(
          raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
        if (text.includes(`To: ${email}`) && text.includes(containing)) return text;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${email}`);
}

/**
 * axe-core's WCAG 2.0/2.1 A and AA rules on the page as it is now: fails with every
 * violation's rule, impact and the elements it found. `label` names the page state in the message.
 * axe is evaluated through the DevTools protocol, so the shop's CSP (script-src 'self') stays as
 * it is. `exclude` takes selectors axe should not look into (e.g. a third-party frame).
 */
export async function expectNoAxeViolations(page, label, { exclude = [] } = {}) {
  // Colours caught half-way through a transition are not the page's: let finite ones end first.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const hasAxe = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!hasAxe) await page.evaluate(axeSource());
  const violations = await page.evaluate(async (excluded) => {
    const context = excluded.length ? { include: [document], exclude: excluded.map((s) => [s]) } : document;
    const result = await window.axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n      ${v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('').trim()}`)
          .join('\n      ')}`,
    );
  }, exclude);
  assert.equal(
    violations.length,
    0,
    `axe on ${label} (${page.viewportSize()?.width ?? '?'} px): ${violations.length} WCAG A/AA violation(s)\n    ${violations.join('\n    ')}`,
  );
}

let axeScript;
function axeSource() {
  axeScript ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeScript;
}

/** Limits on guest orders far above what the journeys place (one phone, one address, 15 straps in
 *  one order): journeys that test the limits set their own and put these back. */
export const E2E_GUEST_ORDER_LIMITS = {
  perAddressSoft: 100000,
  perAddressHard: 100000,
  perPhoneSoft: 100000,
  perPhoneHard: 100000,
  perEmailSoft: 100000,
  perEmailHard: 100000,
  maxUnits: 999,
};

/** Set the guest-order limits (Настройки → Поръчки без регистрация) as the admin, through the API. */
export async function setGuestOrderLimits(request, admin, limits) {
  const { csrfToken } = await (await request.get('/api/csrf-token')).json();
  const login = await request.post('/api/auth/login', {
    headers: { 'x-csrf-token': csrfToken },
    data: { email: admin.email, password: admin.password },
  });
  assert.equal(login.status(), 200, `admin sign-in: ${login.status()}`);
  const csrf = (await login.json()).csrfToken ?? csrfToken;
  const put = await request.put('/api/admin/settings', { headers: { 'x-csrf-token': csrf }, data: { guestOrders: limits } });
  assert.equal(put.status(), 200, `guest-order limits: ${put.status()} ${await put.text()}`);
}

/** An API session of its own (not the page's): a guest's CSRF token, then signed in as `who` when
 *  given. Dispose of `api` when done. */
export async function apiSession(base, who) {
  const api = await playwrightRequest.newContext({ baseURL: base });
  const { csrfToken } = await (await api.get('/api/csrf-token')).json();
  let headers = { 'x-csrf-token': csrfToken };
  if (who) {
    const login = await api.post('/api/auth/login', { headers, data: { email: who.email, password: who.password } });
    assert.equal(login.status(), 200, `sign-in of ${who.email}: ${login.status()}`);
    headers = { 'x-csrf-token': (await login.json()).csrfToken ?? csrfToken };
  }
  return { api, headers };
}

/** A second person's browser beside the journey's own (staff answering, an owner approving): a
 *  context of its own at the same width, in Bulgarian and Sofia's time. Close it when done. */
export async function anotherPerson(context, base, width) {
  const other = await context.browser().newContext({
    baseURL: base,
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'bg-BG',
    timezoneId: 'Europe/Sofia',
  });
  other.setDefaultTimeout(15_000);
  return other;
}
