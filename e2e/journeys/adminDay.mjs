// A day of shop work in the admin, at a laptop's 1440 px and a phone's 390 px: where a signed-out
// visit lands, the tracking number saved with the move, cancel and refund confirmations, no page
// wider than the window, the CSV export's bytes, the JavaScript the sign-in page loads.
import fs from 'node:fs';
import { assert } from '../helpers.mjs';
import { guestOrder, signInToAdmin } from './staff.mjs';

const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: keep a screenshot of every admin page

/** Every page of the admin (lists, forms, one record of each), for the width check. */
async function adminPages(page, order) {
  const first = async (resource) => {
    const res = await page.request.get(`/api/admin/${resource}?range=[0,0]`);
    const rows = await res.json();
    return Array.isArray(rows) && rows[0] ? rows[0].id : null;
  };
  const pages = [
    '/admin',
    '/admin/orders',
    '/admin/orders/create',
    `/admin/orders/${order.id}`,
    '/admin/products',
    '/admin/products/create',
    '/admin/categories',
    '/admin/categories/create',
    '/admin/users',
    '/admin/users/create',
    '/admin/customers',
    '/admin/inventory',
    '/admin/analysis',
    '/admin/admins',
    '/admin/payments',
    '/admin/discounts',
    '/admin/discounts/create',
    '/admin/settings',
    '/admin/contact-messages',
    '/admin/audit-log',
  ];
  for (const resource of ['products', 'categories', 'users', 'discounts', 'payments']) {
    const id = await first(resource);
    if (id) pages.push(`/admin/${resource}/${id}`);
  }
  return pages;
}

export const journeys = [
  {
    name: 'admin: a signed-out visit lands on /signin and comes back to the page after signing in',
    widths: [1440, 390],
    async run({ page, admin }) {
      await page.goto('/admin/orders');
      await page.waitForURL(/\/signin\?next=/);
      const url = new URL(page.url());
      assert.equal(url.pathname, '/signin');
      assert.equal(url.searchParams.get('next'), '/admin/orders');
      // No red error greets the person on the way.
      assert.equal(await page.getByRole('alert').count(), 0);
      await page.getByLabel(/Имейл/).fill(admin.email);
      await page.getByLabel(/Парола/).fill(admin.password);
      await page.getByRole('button', { name: 'Вход' }).click();
      await page.waitForURL((u) => u.pathname === '/admin/orders');
      await page.getByRole('tab', { name: /Всички/ }).waitFor();
    },
  },
  {
    name: 'admin: the tracking number typed on the order is saved with the move to shipped',
    widths: [1440, 390],
    async run({ page, context, admin }) {
      const shopper = await context.newPage();
      const order = await guestOrder(shopper);
      await shopper.close();
      await signInToAdmin(page, admin, `/admin/orders/${order.id}`);
      const actions = page.getByTestId('status-actions');
      await actions.getByRole('button', { name: 'Потвърдена' }).click();
      await actions.getByRole('button', { name: 'Изпратена' }).waitFor();
      await page.getByLabel('Номер на товарителница').first().fill('1055999888');
      await page.getByLabel('Вътрешна бележка').first().fill('Две кутии');
      await actions.getByRole('button', { name: 'Изпратена' }).click();
      const dialog = page.getByRole('dialog', { name: `Изпращане на поръчка ${order.number}` });
      assert.equal(await dialog.getByLabel('Номер на товарителница').inputValue(), '1055999888');
      await dialog.getByRole('button', { name: 'Изпрати', exact: true }).click();
      await actions.getByRole('button', { name: 'Доставена' }).waitFor();
      const saved = await (await page.request.get(`/api/admin/orders/${order.id}`)).json();
      assert.equal(saved.status, 'shipped');
      assert.equal(saved.trackingNumber, '1055999888');
      assert.equal(saved.staffNote, 'Две кутии');
    },
  },
  {
    name: 'admin: cancel and refund ask for confirmation with a reason',
    widths: [1440, 390],
    async run({ page, context, admin }) {
      const shopper = await context.newPage();
      const toCancel = await guestOrder(shopper);
      const toRefund = await guestOrder(shopper);
      await shopper.close();
      await signInToAdmin(page, admin, `/admin/orders/${toCancel.id}`);
      const actions = page.getByTestId('status-actions');
      await actions.getByRole('button', { name: 'Отказана' }).click();
      const cancel = page.getByRole('dialog', { name: `Отказване на поръчка ${toCancel.number}` });
      await cancel.getByRole('button', { name: 'Откажи поръчката' }).click();
      await cancel.getByText('Напишете причината.').waitFor();
      assert.equal((await (await page.request.get(`/api/admin/orders/${toCancel.id}`)).json()).status, 'pending');
      await cancel.getByLabel(/Причина/).fill('Клиентът се обади да откаже');
      await cancel.getByRole('button', { name: 'Откажи поръчката' }).click();
      await page.getByText('Поръчката е в краен статус.').waitFor();
      const cancelled = await (await page.request.get(`/api/admin/orders/${toCancel.id}`)).json();
      assert.equal(cancelled.status, 'cancelled');
      assert.equal(cancelled.events.at(-1).note, 'Клиентът се обади да откаже');
      // A cancelled order offers no "mark paid".
      assert.equal(await page.getByRole('button', { name: 'Маркирай като платено' }).count(), 0);

      await page.goto(`/admin/orders/${toRefund.id}`);
      await page.getByRole('button', { name: 'Маркирай като платено' }).click();
      await page.getByRole('button', { name: 'Възстанови сумата' }).click();
      const refund = page.getByRole('dialog', { name: `Възстановяване на сума по поръчка ${toRefund.number}` });
      await refund.getByLabel('Сума за възстановяване').fill('5,50');
      await refund.getByLabel(/Причина/).fill('Липсващ аксесоар');
      await refund.getByRole('button', { name: 'Възстанови', exact: true }).click();
      await page.getByText(/Възстановени 5,50/).waitFor();
      const refunded = await (await page.request.get(`/api/admin/orders/${toRefund.id}`)).json();
      assert.equal(refunded.paymentStatus, 'refunded');
      assert.equal(refunded.payments[0].refundedAmount, 5.5);
    },
  },
  {
    name: 'admin: a guest buyer is found by phone, written either way',
    widths: [1440, 390],
    async run({ page, context, admin }) {
      const shopper = await context.newPage();
      const stamp = String(Date.now()).slice(-6);
      const email = `guest.phone.${stamp}@example.bg`;
      await guestOrder(shopper, { firstName: 'Радка', lastName: 'Гостова', email, phone: `+359879${stamp}` });
      await shopper.close();
      await signInToAdmin(page, admin, '/admin/customers');
      for (const q of [`0879${stamp}`, `+359879${stamp}`, 'Гостова Радка']) {
        const search = page.getByPlaceholder('Име, имейл или телефон');
        await search.fill(q);
        await page.getByText(email).first().waitFor();
        await page.getByText('Радка Гостова').first().waitFor();
      }
      // The search has reached the address (its debounce would otherwise bring the list back).
      await page.waitForURL((u) => decodeURIComponent(u.search).includes('Гостова Радка'));
      // The row opens the customer's page, and from there their orders.
      await page.getByText('Радка Гостова').first().click();
      await page.waitForURL((u) => u.pathname === `/admin/customers/${encodeURIComponent(email)}`);
      await page.getByRole('link', { name: 'Всички поръчки в списъка' }).click();
      await page.waitForURL(/\/admin\/orders/);
      await page
        .getByText(/VS-\d+/)
        .first()
        .waitFor();
    },
  },
  {
    name: 'admin: no page is wider than the window',
    widths: [1440, 390],
    async run({ page, context, admin, width }) {
      const shopper = await context.newPage();
      const order = await guestOrder(shopper);
      await shopper.close();
      await signInToAdmin(page, admin);
      const wide = [];
      for (const path of await adminPages(page, order)) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.locator('.RaLayout-content, #main-content').first().waitFor();
        await page.waitForTimeout(300); // charts and lists settle their widths after the data
        const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement.scrollWidth, window.innerWidth]);
        if (scrollWidth > innerWidth) {
          // Name the outermost elements that stick out, so a failure says what to fix.
          const culprits = await page.evaluate(() => {
            const out = [];
            for (const el of document.querySelectorAll('body *')) {
              const r = el.getBoundingClientRect();
              if (
                r.right > window.innerWidth + 1 &&
                r.width > 0 &&
                !(el.parentElement && el.parentElement.getBoundingClientRect().right > window.innerWidth + 1)
              ) {
                out.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} (${Math.round(r.right)})`);
              }
            }
            // …and the innermost ones, which are usually the cause.
            const inner = [...document.querySelectorAll('body *')].filter((el) => {
              const r = el.getBoundingClientRect();
              return (
                r.right > window.innerWidth + 1 &&
                r.width > 0 &&
                ![...el.children].some((ch) => ch.getBoundingClientRect().right > window.innerWidth + 1)
              );
            });
            for (const el of inner.slice(0, 4))
              out.push(
                `inner ${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} "${(el.textContent || '').slice(0, 30)}" (${Math.round(el.getBoundingClientRect().right)})`,
              );
            return out.slice(0, 8);
          });
          wide.push(`${path}: ${scrollWidth} > ${innerWidth} ${culprits.join(', ')}`);
        }
        if (SHOTS) {
          fs.mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: `${SHOTS}/${width}${path.replace(/\//g, '_')}.png`, fullPage: true });
        }
      }
      assert.equal(wide.join('\n'), '');
    },
  },
  {
    name: 'admin: the order export is a CSV for Bulgarian Excel',
    widths: [1440],
    async run({ page, context, admin }) {
      const shopper = await context.newPage();
      await guestOrder(shopper);
      await shopper.close();
      await signInToAdmin(page, admin, '/admin/orders');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Експорт' }).click()]);
      const bytes = fs.readFileSync(await download.path());
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      const [header, first] = text.split('\r\n');
      assert.ok(header.startsWith('Номер;Дата;Статус;'), header);
      assert.match(first, /^VS-\d+;\d\d\.\d\d\.\d{4} \d\d:\d\d;Нова;/);
      assert.match(first, /;Наложен платеж;/);
      assert.match(first, /;\d+,\d\d;/);
    },
  },
  {
    name: 'admin: the sign-in page loads less than 300 KB of JavaScript (gzip)',
    widths: [390],
    async run({ page }) {
      const scripts = [];
      page.on('response', async (res) => {
        if (res.request().resourceType() === 'script') scripts.push(res);
      });
      await page.goto('/admin');
      await page.waitForURL(/\/signin\?next=/);
      await page.getByLabel(/Имейл/).waitFor();
      await page.waitForLoadState('networkidle');
      let total = 0;
      for (const res of scripts) {
        const sizes = await res.request().sizes();
        total += sizes.responseBodySize;
      }
      assert.ok(total > 0);
      assert.ok(total < 300 * 1024, `${Math.round(total / 1024)} KB of JavaScript`);
    },
  },
];
