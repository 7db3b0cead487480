// The admin for staff who use a keyboard or a screen reader: axe-core (WCAG 2.0/2.1 A and AA) on
// the main pages at a phone's and a laptop's width, and an order opened from the list and moved
// on with its confirmation by keyboard alone.
import { assert, expectNoAxeViolations } from '../helpers.mjs';
import { guestOrder, signInToAdmin } from './staff.mjs';

/** Every page's violations, reported together (one failing page does not hide the next). */
async function auditAll(page, states, theme = 'light') {
  const failures = [];
  for (const [label, open] of states) {
    await open();
    // A11Y_SHOTS=<folder>: a picture of each page state too, to look at.
    if (process.env.A11Y_SHOTS)
      await page.screenshot({
        path: `${process.env.A11Y_SHOTS}/${page.viewportSize().width}-${theme}-${label.replace(/[^a-z0-9]+/gi, '-')}.png`,
      });
    try {
      // One h1, the page's title, written once (under an open dialog the page is hidden from it).
      const h1s = await page.locator('h1').allTextContents();
      assert.equal(h1s.length, 1, `${label} has ${h1s.length} h1: ${h1s.join(' | ')}`);
      assert.ok(h1s[0].trim() && !/^(.+)\1$/.test(h1s[0].trim()), `${label}'s h1 reads "${h1s[0]}"`);
      await expectNoAxeViolations(page, `${label} (${theme})`);
    } catch (err) {
      failures.push(err.message);
    }
  }
  // The runner prints a failure's first lines only: the whole list goes to the log first.
  if (failures.length) console.log(failures.join('\n'));
  if (failures.length) throw new Error(`${failures.length} of ${states.length} page states fail axe:\n${failures.join('\n')}`);
}

/** What has focus now, and whether it shows: a ring (outline ≥ 2 px) on it, or a focused text field's border. */
async function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { body: true, visible: false, text: '' };
    // A checkbox's or switch's input is invisible: MUI marks its visible wrapper instead.
    const shown = el.closest('.MuiCheckbox-root, .MuiSwitch-switchBase') ?? el.closest('.Mui-focusVisible') ?? el;
    const style = getComputedStyle(shown);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const field = !!el.closest('.MuiInputBase-root.Mui-focused');
    return {
      body: false,
      visible: ring || field,
      tag: el.tagName,
      role: el.getAttribute('role'),
      text: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 60),
      level: el.tagName === 'H1' ? 1 : 0,
    };
  });
}

/** Tab (forward) until `match` holds for the focused element, checking the focus shows at every step. */
async function tabTo(page, match, what, { max = 150 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    assert.ok(!f.body, `focus dropped to the page's body while tabbing to ${what}`);
    assert.ok(f.visible, `focus on ${f.tag} "${f.text}" does not show (tabbing to ${what})`);
    if (match(f)) return f;
  }
  throw new Error(`${what} was not reached by Tab`);
}

/** A dialog that has finished fading in (axe measures colours as they are at that moment). */
const dialogShown = (page) =>
  page.waitForFunction(() => {
    const d = document.querySelector('.MuiDialog-container');
    return !!d && getComputedStyle(d).opacity === '1';
  });

export const journeys = [
  {
    name: 'admin a11y: axe finds no WCAG A/AA violation on the main pages, in the light and the dark theme',
    widths: [390, 1440],
    async run({ page, admin, width }) {
      const order = await guestOrder(page);
      await signInToAdmin(page, admin);
      const go = (path, waitFor) => async () => {
        await page.goto(path);
        await waitFor();
        await page.waitForLoadState('networkidle');
      };
      const h1 = () => page.getByRole('heading', { level: 1 }).first().waitFor();
      const states = [
        ['dashboard', go('/admin', () => page.getByText('Приходи за последните 30 дни').waitFor())],
        ['orders', go('/admin/orders', h1)],
      ];
      for (const status of ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned', 'refunded']) {
        states.push([`orders ${status}`, go(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ status }))}`, h1)]);
      }
      states.push(
        ['order page', go(`/admin/orders/${order.id}`, () => page.getByTestId('status-actions').waitFor())],
        [
          'order cancel dialog',
          async () => {
            await page.getByTestId('status-actions').getByRole('button', { name: 'Отказана' }).click();
            await page.getByRole('dialog').waitFor();
            await dialogShown(page);
          },
        ],
      );
      for (const path of [
        'products',
        'products/1',
        'categories',
        'customers',
        'users',
        'payments',
        'discounts',
        'settings',
        'invoices',
        'inventory',
        'analysis',
        'contact-messages',
        'admins',
      ]) {
        states.push([path, go(`/admin/${path}`, h1)]);
      }
      // The theme follows the system's until staff pick one: the light one first, then the dark.
      await page.emulateMedia({ colorScheme: 'light' });
      await auditAll(page, states);
      // In the dark theme: every page on a phone, the pages with status colours on a laptop.
      await page.emulateMedia({ colorScheme: 'dark' });
      const coloured = /^(dashboard|orders pending|order page|order cancel dialog|products|products\/1|payments|settings|inventory)$/;
      await auditAll(page, width < 600 ? states : states.filter(([label]) => coloured.test(label)), 'dark');
    },
  },
  {
    name: 'admin keyboard: an order is opened from the list and cancelled with its confirmation by keyboard alone',
    widths: [1440],
    async run({ page, admin }) {
      const order = await guestOrder(page);
      await signInToAdmin(page, admin);
      await page.goto('/admin/orders');
      await page.getByRole('link', { name: order.number, exact: true }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Поръчки' }).waitFor();
      // From the top of the page, by Tab alone, to the order's number (a link), then Enter.
      await page.locator('body').focus();
      await tabTo(page, (f) => f.tag === 'A' && f.text === order.number, `the link of ${order.number}`);
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/admin/orders/${order.id}$`));
      await page.getByRole('heading', { level: 1, name: `Поръчка ${order.number}` }).waitFor();
      // The link went with the list: focus is on the order's heading, and Tab goes on from there.
      await page.waitForFunction(() => document.activeElement?.id === 'react-admin-title');
      const actions = page.getByTestId('status-actions');
      await actions.getByRole('button', { name: 'Отказана' }).waitFor();

      // The cancellation: its button, the dialog's reason, its confirmation.
      await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === 'Отказана', 'Отказана');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Отказване на поръчка ${order.number}` });
      await dialog.waitFor();
      let f = await focused(page);
      assert.equal(f.tag, 'TEXTAREA', 'the dialog opens on its reason');
      assert.ok(f.visible, 'the reason field shows its focus');
      await page.keyboard.type('Клиентът се отказа по телефона');
      await tabTo(page, (x) => x.tag === 'BUTTON' && x.text === 'Откажи поръчката', 'Откажи поръчката', { max: 5 });
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Поръчката е актуализирана успешно.').first().waitFor();
      await page.getByText('Поръчката е в краен статус.').waitFor();
      const saved = await (await page.request.get(`/api/admin/orders/${order.id}`)).json();
      assert.equal(saved.status, 'cancelled');
      // Its button is gone with the move: focus is on the order's heading, shown, not on the body.
      await page.waitForFunction(() => document.activeElement?.id === 'react-admin-title');
      f = await focused(page);
      assert.equal(f.level, 1, `focus after the dialog is on ${f.tag} "${f.text}", not the order's heading`);
      assert.equal(f.text, `Поръчка ${order.number}`);
      assert.ok(f.visible, 'the heading shows its focus');
      // And Tab goes on from there into the page.
      await tabTo(page, (x) => x.tag === 'BUTTON' || x.tag === 'A', 'the next control', { max: 5 });
    },
  },
];
