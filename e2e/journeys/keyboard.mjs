// The purchase path by keyboard alone (page.keyboard only: Tab, Shift+Tab, Enter, Space,
// arrows and typing) — the 18+ gate, search, a product, its flavours, add, the cart, checkout with
// a courier's office, the order. After every key the focused element is on the screen, shows a
// focus ring (an outline ≥ 2 px at ≥ 3:1 against what is behind it) and is never the page's body.
import { assert, uniqueEmail } from '../helpers.mjs';

function luminance([r, g, b]) {
  const c = [r, g, b].map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}
const contrast = (a, b) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

/** What has focus, whether it is on the screen, and its ring's colour against what is behind it. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { body: true };
    // A radio drawn by its label (the chips) shows its ring on the label.
    const shown = getComputedStyle(el).opacity === '0' && el.closest('label') ? el.closest('label') : el;
    const style = getComputedStyle(shown);
    const box = shown.getBoundingClientRect();
    const header = document.querySelector('.header')?.getBoundingClientRect();
    const visible =
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > (el.closest('.header') ? 0 : (header?.bottom ?? 0)) - box.height / 2 &&
      box.top < window.innerHeight &&
      box.right > 0 &&
      box.left < window.innerWidth;
    const rgb = (text) => (text.match(/[\d.]+/g) ?? []).map(Number);
    // The ring is drawn outside the element (offset ≥ 0) on its parent's background, or inside it.
    let behind = null;
    for (let e = parseFloat(style.outlineOffset) >= 0 ? shown.parentElement : shown; e && !behind; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) behind = c.slice(0, 3);
    }
    return {
      body: false,
      what: `${el.tagName.toLowerCase()} „${(el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.id || '').trim().slice(0, 40)}“`,
      visible,
      ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 ? rgb(style.outlineColor).slice(0, 3) : null,
      behind: behind ?? [255, 255, 255],
    };
  });
}

/** Focus is somewhere sensible: not the body, and on the screen. */
async function focusKept(page, after) {
  const f = await focused(page);
  assert.ok(!f.body, `after ${after} focus fell to the page's body`);
  assert.ok(f.visible, `after ${after} the focused ${f.what} is not on the screen`);
  return f;
}

/** A control reached by Tab shows a ring of ≥ 3:1 against its background. */
async function ringShown(page, after) {
  const f = await focusKept(page, after);
  assert.ok(f.ring, `after ${after} the focused ${f.what} shows no focus ring`);
  const ratio = contrast(f.ring, f.behind);
  assert.ok(ratio >= 3, `after ${after} the focus ring of ${f.what} is ${ratio.toFixed(2)}:1 against rgb(${f.behind})`);
  return f;
}

/** Tab (or Shift+Tab) until the focused element matches, checking every stop on the way. */
async function tabTo(page, matches, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await ringShown(page, back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate(matches)) return f;
  }
  throw new Error(`Tab did not reach the control within ${max} steps`);
}

const activeIs = (selector) => new Function(`return document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`);
const activeNamed = (name) =>
  new Function(
    `const el = document.activeElement; return !!el && (el.getAttribute('aria-label') || el.textContent || '').trim() === ${JSON.stringify(name)};`,
  );

export const journeys = [
  {
    name: 'keyboard: a shopper buys with the keyboard alone, focus always shown and never lost',
    widths: [1440, 390],
    async run({ page, width }) {
      await page.goto('/');
      const gate = page.getByRole('dialog', { name: 'Навършили ли сте 18 години?' });
      await gate.waitFor();
      // The gate takes focus on its answer once the app runs.
      await page.waitForFunction(() => document.activeElement?.textContent === 'Да, на 18+ съм');
      await ringShown(page, 'the gate opened');
      await page.keyboard.press('Enter');
      await gate.waitFor({ state: 'detached' });
      await focusKept(page, 'the gate closed');
      assert.ok(await page.evaluate(() => !!document.activeElement?.closest('main')), 'the gate hands focus to the page');

      // The shop, by its link in the header (on a phone, through the menu).
      if (width < 900) {
        await tabTo(page, activeNamed('Меню'), { back: true });
        await page.keyboard.press('Enter');
      }
      await tabTo(page, () => document.activeElement?.matches('nav a') && document.activeElement.textContent === 'Магазин', {
        back: width >= 900,
      });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Магазин', level: 1 }).waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');

      // Search.
      await tabTo(page, activeIs('#shop-search'));
      await page.keyboard.type('туинс');
      await page.keyboard.press('Enter');
      await page.waitForURL(/search=/);
      await page.waitForFunction(() => document.getElementById('live-polite')?.textContent?.includes('Намерен'));
      await focusKept(page, 'a search');

      // The product, from its card.
      await tabTo(
        page,
        () => document.activeElement?.matches('.product-card-link') && /VAP SOLO TWINS/.test(document.activeElement.textContent),
      );
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'VAP SOLO TWINS', level: 1 }).waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');

      // Its flavours: each select takes the first flavour with an arrow.
      for (const flavour of ['Вкус 1', 'Вкус 2']) {
        await tabTo(page, () => document.activeElement?.tagName === 'SELECT');
        assert.equal(await page.evaluate(() => document.activeElement.labels?.[0]?.textContent), flavour);
        await page.keyboard.press('ArrowDown');
        await page.waitForFunction(() => document.activeElement.value !== '');
      }
      await tabTo(page, activeNamed('Добави в количката'));
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'Количка, 1 бр.' }).waitFor();
      const afterAdd = await ringShown(page, 'Добави в количката');
      assert.match(afterAdd.what, /Добави в количката/, 'focus stays on the button');

      // The cart, by the header's link.
      await tabTo(page, () => document.activeElement?.matches('a.cart-button'), { back: true });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: /^Количка/, level: 1 }).waitFor();
      await tabTo(page, activeNamed('Увеличи'));
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'Количка, 2 бр.' }).waitFor();
      await tabTo(page, activeNamed('Намали'), { back: true });
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'Количка, 1 бр.' }).waitFor();
      const atOne = await ringShown(page, '− reached 1');
      assert.match(atOne.what, /Намали/, 'focus stays on − at 1');
      await tabTo(page, activeNamed('Към поръчката'));
      await page.keyboard.press('Enter');

      // Checkout: an invalid submit focuses the first field in error.
      await page.getByRole('heading', { name: 'Поръчка', level: 1, exact: true }).waitFor();
      await page.locator('#checkout-total').waitFor();
      await tabTo(page, activeNamed('Поръчка с задължение за плащане'));
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'checkout-firstName');
      assert.equal(
        await page.evaluate(() => document.getElementById(document.activeElement.getAttribute('aria-describedby'))?.textContent),
        'Въведете име.',
      );
      const email = uniqueEmail('klaviatura');
      for (const [id, text] of [
        ['checkout-firstName', 'Мария'],
        ['checkout-lastName', 'Иванова'],
        ['checkout-email', email],
        ['checkout-phone', '0888123456'],
      ]) {
        if (!(await page.evaluate((i) => document.activeElement?.id === i, id))) await tabTo(page, activeIs(`#${id}`));
        await page.keyboard.type(text);
      }
      // The office: type the city, the first office is highlighted, Enter picks it.
      await tabTo(page, activeIs('#checkout-address'));
      await page.keyboard.type('София');
      await page.locator('[role="option"][aria-selected="true"]').waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.office-picker-chosen').waitFor();
      const afterOffice = await ringShown(page, 'picking an office');
      assert.match(afterOffice.what, /Избери друг офис/, 'focus goes to the chosen office');
      await page.waitForFunction(() => document.getElementById('live-polite')?.textContent?.includes('Избран офис'));

      for (const id of ['checkout-ageConfirmed', 'checkout-termsAccepted']) {
        await tabTo(page, activeIs(`#${id}`));
        await page.keyboard.press('Space');
        assert.ok(await page.evaluate((i) => document.getElementById(i).checked, id));
      }
      await tabTo(page, activeNamed('Поръчка с задължение за плащане'));
      await page.keyboard.press('Enter');
      await page.getByText('Благодарим Ви за поръчката!').waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      assert.match(await page.evaluate(() => document.activeElement.textContent), /^Поръчка VS-\d+/);
    },
  },
];
