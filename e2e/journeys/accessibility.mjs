// WCAG 2.1 AA on the storefront: axe-core's WCAG 2.0/2.1 A and AA rules on every page
// state a shopper meets, at a phone's and a laptop's width; reflow at 320 px and with the text at
// 200 % (nothing cut off, no horizontal scroll); the live regions are in the rendered HTML.
// SHOTS_DIR=/tmp/shots keeps a screenshot of every page state it visits.
import fs from 'node:fs';
import path from 'node:path';
import { addToCart, appStarted, assert, expectNoAxeViolations, fillCheckout, passAgeGate, toast, uniqueEmail } from '../helpers.mjs';

const DEMO_CUSTOMER = { email: 'maria.ivanova@example.bg', password: 'demo-parola-1' };

async function shot(page, name) {
  if (!process.env.SHOTS_DIR) return;
  fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}@${page.viewportSize().width}.png`), fullPage: true });
}

/** The page has settled: its heading is there and nothing is loading. */
async function settled(page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .route-progress-loading, .skeleton'));
}

async function noWiderThanScreen(page, what) {
  const { scrollWidth, innerWidth, past } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // The innermost elements that reach past the screen's edge (what to fix).
    past: [...document.querySelectorAll('body *')]
      .filter(
        (e) =>
          e.getBoundingClientRect().right > window.innerWidth + 0.5 &&
          ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5),
      )
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''} „${(e.textContent ?? '').trim().slice(0, 30)}“`),
  }));
  assert.ok(scrollWidth <= innerWidth, `${what} is ${scrollWidth} px wide on a ${innerWidth} px screen: ${past.join(', ')}`);
}

/** Every header control is wholly on the screen (none pushed off or cut). */
async function headerOnScreen(page, what) {
  const off = await page.evaluate(() =>
    [...document.querySelectorAll('.header a, .header button')]
      .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => ({ name: el.getAttribute('aria-label') || el.textContent.trim(), r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.left < 0 || r.right > window.innerWidth + 0.5))
      .map(({ name, r }) => `${name} (${Math.round(r.left)}–${Math.round(r.right)})`),
  );
  assert.deepEqual(off, [], `${what}: header controls off the ${await page.evaluate(() => window.innerWidth)} px screen`);
}

/** The storefront's page states, in an order that builds what the later ones need. */
async function* pageStates(page) {
  await page.goto('/');
  await page.getByRole('dialog', { name: 'Навършили ли сте 18 години?' }).waitFor();
  await appStarted(page);
  yield 'the 18+ gate';
  await page.getByRole('button', { name: 'Да, на 18+ съм' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await settled(page);
  yield 'home';
  await page.goto('/products');
  await settled(page);
  yield 'shop';
  const { categories } = await (await page.request.get('/api/categories')).json();
  await page.goto(`/products?category=${categories[0].slug}`);
  await settled(page);
  yield 'category';
  await page.goto('/products?search=туинс');
  await settled(page);
  yield 'search';
  await page.goto('/products/vap-solo-twins');
  await settled(page);
  await appStarted(page);
  // The flavours not chosen: their errors are on the page.
  await page.getByRole('button', { name: 'Добави в количката' }).click();
  await page.locator('.buy-box [aria-invalid="true"]').first().waitFor();
  yield 'product with errors';
  await page.goto('/cart');
  await page.getByRole('heading', { name: 'Количката е празна' }).waitFor();
  yield 'empty cart';
  await addToCart(page, 'vap-solo-twins', { variant: '0 mg' });
  await toast(page, 'Продуктът е добавен в количката!');
  yield 'product with a toast';
  await page.goto('/cart');
  await page.getByRole('heading', { name: /^Количка/ }).waitFor();
  await page.locator('.totals').waitFor();
  yield 'cart';
  await page.getByRole('button', { name: 'Към поръчката' }).click();
  await page.getByRole('heading', { name: 'Поръчка', exact: true }).waitFor();
  await page.locator('#checkout-total').waitFor();
  await page.getByRole('button', { name: 'Поръчка с задължение за плащане' }).click();
  await page.locator('#checkout-ageConfirmed[aria-invalid="true"]').waitFor();
  yield 'checkout with errors';
  await fillCheckout(page, { email: uniqueEmail('axe') });
  await page.locator('.office-picker-chosen').waitFor();
  yield 'checkout with an office';
  await page.getByLabel('Потвърждавам, че съм навършил/а 18 години.').check();
  await page.getByLabel(/Приемам/).check();
  await page.getByRole('button', { name: 'Поръчка с задължение за плащане' }).click();
  await page.getByText('Благодарим Ви за поръчката!').waitFor();
  yield 'order';
  for (const [url, name] of [
    ['/contact', 'contact'],
    ['/terms', 'terms'],
    ['/privacy', 'privacy'],
    ['/returns', 'returns'],
    ['/no-such-page', '404'],
    ['/forgot-password', 'forgot password'],
    ['/reset-password?token=abc', 'reset password'],
    ['/register', 'register'],
    ['/signin', 'sign-in'],
  ]) {
    await page.goto(url);
    await settled(page);
    yield name;
  }
  await appStarted(page);
  await page.getByRole('button', { name: 'Вход', exact: true }).click();
  await page.locator('#signin-email[aria-invalid="true"]').waitFor();
  yield 'sign-in with errors';
  await page.goto('/register');
  await settled(page);
  await page.getByRole('button', { name: 'Регистрация', exact: true }).click();
  await page.locator('#register-firstName[aria-invalid="true"]').waitFor();
  yield 'register with errors';
  await page.goto('/contact');
  await settled(page);
  await appStarted(page);
  await page.getByRole('button', { name: 'Изпрати' }).click();
  await page.locator('#contact-name[aria-invalid="true"]').waitFor();
  yield 'contact with errors';
  await page.goto('/signin');
  await page.getByLabel('Имейл').fill(DEMO_CUSTOMER.email);
  await page.getByLabel('Парола').fill(DEMO_CUSTOMER.password);
  await page.getByRole('button', { name: 'Вход', exact: true }).click();
  await page.getByRole('heading', { name: 'Профил', level: 1 }).waitFor();
  await settled(page);
  yield 'account';
  await page.locator('.order-row').first().click();
  await page.getByRole('heading', { name: /^Поръчка VS-/ }).waitFor();
  await settled(page);
  yield 'account order';
}

export const journeys = [
  {
    name: 'accessibility: axe finds no WCAG 2.x A/AA violation on any storefront page',
    widths: [390, 1440],
    async run({ page }) {
      const seen = [];
      for await (const state of pageStates(page)) {
        await expectNoAxeViolations(page, state);
        await shot(page, state.replace(/\W+/g, '-'));
        seen.push(state);
      }
      assert.ok(seen.length >= 25, `${seen.length} page states checked`);
    },
  },
  {
    name: 'accessibility: every page reflows at 320 px (no horizontal scroll, the header whole)',
    widths: [320],
    async run({ page }) {
      for await (const state of pageStates(page)) {
        await noWiderThanScreen(page, state);
        await headerOnScreen(page, state);
        await shot(page, state.replace(/\W+/g, '-'));
      }
    },
  },
  {
    name: 'accessibility: at 200 % text the pages keep everything on a 1440 px screen',
    widths: [1440],
    async run({ page }) {
      await passAgeGate(page);
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => document.documentElement.style.setProperty('font-size', '200%')),
      );
      for (const url of ['/', '/products', '/products/vap-solo-twins', '/cart', '/signin', '/contact']) {
        await page.goto(url);
        await settled(page);
        await noWiderThanScreen(page, `${url} at 200 % text`);
        await headerOnScreen(page, `${url} at 200 % text`);
        await shot(page, `text-200-${url.replace(/\W+/g, '-')}`);
      }
      await page.getByRole('link', { name: 'Вход' }).waitFor();
      await page.getByRole('link', { name: /^Количка/ }).waitFor();
    },
  },
  {
    name: 'accessibility: the live regions are in the rendered HTML, empty, before the app runs',
    widths: [1440],
    async run({ page }) {
      for (const url of ['/', '/products', '/products/vap-solo-twins', '/contact']) {
        const html = await (await page.request.get(url)).text();
        assert.match(html, /<div id="live-polite"[^>]*aria-live="polite"[^>]*><\/div>/, `${url}: the polite live region`);
        assert.match(html, /<div id="live-assertive"[^>]*aria-live="assertive"[^>]*><\/div>/, `${url}: the assertive live region`);
      }
    },
  },
];
