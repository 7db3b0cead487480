// Getting paid by the trade, in the admin. A company (applied, given 14-day terms and approved
// through the API) has two orders with invoices. Staff upload the bank's CAMT.053 statement whose
// first credit names the first invoice: the line is suggested with that invoice, they confirm it by
// keyboard alone (tick, confirm, the dialog's confirmation), the result is read out and the line
// leads to its payment, which leads to the order, now „Платена“; the second credit, which the shop
// could not match, they match by hand to the company as credit. Then they record by hand a part
// payment for the second invoice: the company picked by name, the amount typed, the open invoice
// shown with the suggestion, the totals read out as the row changes, saved with five left as
// credit, and that credit allocated from the payment's page; the invoice is partly paid; the
// company's statement of account closes on what it owes and downloads as a PDF. axe-core
// finds nothing on each page and dialog, at a phone's and a laptop's width.
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { assert, expectNoAxeViolations, uniqueEmail, apiSession } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

const PASSWORD = 'e2e-plashtania-parola';
/** A valid ЕИК per width (both runs share the server's database). */
const EIK = { 390: '300000003', 1440: '300000010' };
const SHOTS = process.env.E2E_SHOTS || path.join('e2e', 'artifacts');

async function shot(page, name, width) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `trade-payments-${name}-${width}.png`), fullPage: true });
}

/** The company applies through the API; staff give it 14-day terms and approve it. */
async function apply(base, admin, width) {
  const company = {
    name: `Е2Е Плащания ${width} ООД`,
    eik: EIK[width],
    vatNumber: '',
    address: 'ул. „Шипка“ 7',
    city: 'Варна',
    mol: 'Иван Иванов',
    tobaccoPermit: 'ЗАДС-90е-0003',
  };
  const member = { email: uniqueEmail('plashtania'), password: PASSWORD };
  const guest = await apiSession(base);
  try {
    const res = await guest.api.post('/api/trade/applications', {
      headers: guest.headers,
      data: { company, contact: { firstName: 'Иван', lastName: 'Иванов', phone: '0888123456', ...member }, shops: [] },
    });
    assert.equal(res.status(), 201, `the application: ${res.status()} ${await res.text()}`);
    company.id = (await res.json()).id;
  } finally {
    await guest.api.dispose();
  }
  const staff = await apiSession(base, admin);
  try {
    const terms = await staff.api.put(`/api/admin/companies/${company.id}`, { headers: staff.headers, data: { paymentTermsDays: 14 } });
    assert.equal(terms.status(), 200, `the terms: ${terms.status()} ${await terms.text()}`);
    const approved = await staff.api.post(`/api/admin/companies/${company.id}/approve`, { headers: staff.headers, data: {} });
    assert.equal(approved.status(), 200, `the approval: ${approved.status()} ${await approved.text()}`);
  } finally {
    await staff.api.dispose();
  }
  return { company, member };
}

/** The company of the journey: it applies once (applications from one address are limited),
 *  and each width then orders afresh. */
let applied;

/** Through the API: the company applies, staff give it 14-day terms and approve it, its member places two orders. */
async function prepare(base, admin, width) {
  if (!applied) applied = await apply(base, admin, width);
  const { company, member } = applied;
  const staff = await apiSession(base, admin);
  const buyer = await apiSession(base, member);
  try {
    // What an earlier width left open is paid off first, so this width's invoices are the
    // company's only open ones (the suggestions go to the oldest first).
    const earlier = await (await staff.api.get(`/api/admin/payments/open-invoices?companyId=${company.id}`)).json();
    if (earlier.invoices.length) {
      const cents = (n) => Math.round(n * 100);
      const owed = earlier.invoices.reduce((sum, i) => sum + cents(i.outstanding), 0) - cents(earlier.credit);
      const paidOff = await staff.api.post('/api/admin/payments', {
        headers: staff.headers,
        data: {
          companyId: company.id,
          amount: Math.max(1, owed) / 100,
          date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia' }).format(new Date()),
          method: 'bank_transfer',
          reference: 'E2E',
          allocations: earlier.invoices.map((i) => ({ invoiceId: i.id, amount: i.outstanding })),
        },
      });
      assert.equal(paidOff.status(), 201, `the earlier invoices paid: ${paidOff.status()} ${await paidOff.text()}`);
    }
    const { products } = await (await buyer.api.get('/api/products?limit=50')).json();
    const variant = products
      .flatMap((p) => (p.variants ?? []).map((v) => ({ ...v, productId: p.id })))
      .find((v) => v.stock >= 20 && (v.tradePrice ?? v.price) > 0);
    assert.ok(variant, 'a variant with stock for the trade');
    const orders = [];
    for (const packs of [1, 2]) {
      const placed = await buyer.api.post('/api/orders/create', {
        headers: buyer.headers,
        data: {
          items: [{ productId: variant.productId, variantId: variant.id, quantity: (variant.packSize ?? 1) * packs }],
          customer: { firstName: 'Иван', lastName: 'Иванов', email: member.email, phone: '0888123456' },
          shipping: { method: 'econt_office', city: 'Варна', postcode: '9000', address: 'Еконт, офис Център' },
          paymentMethod: 'bank_transfer',
          ageConfirmed: true,
          termsAccepted: true,
        },
      });
      assert.equal(placed.status(), 201, `a trade order: ${placed.status()} ${await placed.text()}`);
      orders.push((await placed.json()).order);
    }
    // The company's open invoices, in the shop's currency of account (the invoice is issued with the order).
    const open = await (await staff.api.get(`/api/admin/payments/open-invoices?companyId=${company.id}`)).json();
    const invoiceOf = (order) => open.invoices.find((i) => i.orderId === order.id);
    const invoices = orders.map(invoiceOf);
    assert.ok(
      invoices.every((i) => i && i.outstanding > 0),
      `each order has an open invoice: ${JSON.stringify(open.invoices)}`,
    );
    // Money received is in euro, whatever the shop's currency of account.
    return { company, orders, invoices, currency: 'EUR' };
  } finally {
    await staff.api.dispose();
    await buyer.api.dispose();
  }
}

/** The company's open invoices and credit now, as the API tells them. */
async function openInvoices(base, admin, companyId) {
  const staff = await apiSession(base, admin);
  try {
    return await (await staff.api.get(`/api/admin/payments/open-invoices?companyId=${companyId}`)).json();
  } finally {
    await staff.api.dispose();
  }
}

/** An invoice's state as the API tells it. */
async function invoiceState(base, admin, id) {
  const staff = await apiSession(base, admin);
  try {
    return (await (await staff.api.get(`/api/admin/invoices/${id}`)).json()).paymentState;
  } finally {
    await staff.api.dispose();
  }
}

export const journeys = [
  {
    name: 'tradePayments: a bank statement confirmed by keyboard pays an invoice, and a part payment is recorded by hand',
    widths: [390, 1440],
    async run({ page, base, admin, width }) {
      const { camt053File } = await tsImport('../../backend/test/bankFiles.ts', import.meta.url);
      const { formatMoney, toMinor, fromMinor } = await tsImport('../../domain/money.ts', import.meta.url);
      const { company, orders, invoices, currency } = await prepare(base, admin, width);
      const [first, second] = invoices;
      const shown = (amount) => formatMoney(amount, currency);
      const typed = (amount) => amount.toFixed(2).replace('.', ',');

      // The bank pays the first invoice, in euro as every payment.
      const euroCents = toMinor(first.outstanding);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia' }).format(new Date());
      const file = camt053File({
        iban: 'BG18RZBB91550123456789',
        statementId: `E2E-${width}-${Date.now()}`,
        lines: [
          {
            bookedOn: today,
            amount: euroCents,
            currency: 'EUR',
            reference: `Плащане по фактура ${first.number}`,
            payerName: company.name.toUpperCase(),
            payerIban: 'BG80BNBG96611020345678',
            bankReference: `E2E${width}${Date.now()}`,
          },
          // A credit the shop cannot tell: no number in its text, a payer never seen.
          {
            bookedOn: today,
            amount: 123,
            currency: 'EUR',
            reference: 'Стока',
            payerName: `Непознат Търговец ${width}`,
            payerIban: 'BG27UNCR70001512345678',
            bankReference: `E2E${width}U${Date.now()}`,
          },
        ],
      });

      // The statement uploaded from its page.
      await signInToAdmin(page, admin, '/admin/bank-statements');
      await page.getByRole('heading', { name: 'Банкови извлечения', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Качи извлечение' }).click();
      await page.getByRole('heading', { name: 'Качване на банково извлечение', level: 1 }).waitFor();
      await expectNoAxeViolations(page, 'the bank statement upload');
      await page
        .getByLabel(/Файл с извлечение/)
        .setInputFiles({ name: `e2e-camt-${width}.xml`, mimeType: 'application/xml', buffer: file });
      await page.getByText(`Избран файл: e2e-camt-${width}.xml`).waitFor();
      await shot(page, 'upload', width);
      await page.getByRole('button', { name: 'Качи извлечение' }).click();
      await page.waitForURL(/\/admin\/bank-statements\/\d+\/show$/);
      await page.getByRole('heading', { name: `Извлечение e2e-camt-${width}.xml`, level: 1 }).waitFor();

      // The line is suggested with the invoice its reference names.
      // A table row on a laptop, a block of its own on a phone.
      const row = page.getByTestId('bank-line').filter({ hasText: first.number });
      await row.getByText('Предложено', { exact: true }).waitFor();
      await row.getByRole('link', { name: company.name }).waitFor();
      await expectNoAxeViolations(page, 'a statement with a suggested line');
      await shot(page, 'statement', width);

      // By keyboard: the line untied and tied again, then confirmed through the dialog.
      const tick = row.getByRole('checkbox', { name: /^Избери реда от / });
      assert.ok(await tick.isChecked(), 'a suggested line is ticked');
      await tick.focus();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Потвърди избраните (0)' }).waitFor();
      await page.keyboard.press('Space');
      const confirm = page.getByRole('button', { name: 'Потвърди избраните (1)' });
      await confirm.waitFor();
      for (let i = 0; i < 6 && !(await confirm.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Shift+Tab');
      assert.ok(await confirm.evaluate((el) => el === document.activeElement), 'Shift+Tab reaches „Потвърди избраните“');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Потвърждаване на плащания' });
      await dialog.getByText(`Ще бъдат записани 1 плащане за общо ${shown(first.outstanding)}`, { exact: false }).waitFor();
      await expectNoAxeViolations(page, 'the confirmation dialog');
      const yes = dialog.getByRole('button', { name: 'Потвърди' });
      assert.ok(await yes.evaluate((el) => el === document.activeElement), 'the dialog opens on its confirmation');
      await page.keyboard.press('Enter');
      await page
        .getByRole('status')
        .getByText(/^Записани плащания: 1 \(общо .+\)\. Пропуснати редове: 0\.$/)
        .waitFor();
      await row.getByText('Записано', { exact: true }).waitFor();
      const paymentLink = row.getByRole('link', { name: /^Плащане № \d+$/ });
      await expectNoAxeViolations(page, 'a statement with its line recorded');
      await shot(page, 'statement-recorded', width);

      // The line the shop could not match, matched by hand: the company, and none of its invoices
      // (all of it its credit); it is then offered for confirmation.
      const unknown = page.getByTestId('bank-line').filter({ hasText: `Непознат Търговец ${width}` });
      await unknown.getByText('Без съвпадение', { exact: true }).waitFor();
      await unknown.getByRole('button', { name: /^Промени съвпадението на реда от / }).click();
      const change = page.getByRole('dialog', { name: 'Съвпадение на постъплението' });
      await change.getByRole('combobox', { name: /^Фирма/ }).fill(company.name);
      await page.getByRole('option', { name: company.name }).click();
      const choices = change.getByRole('group', { name: 'Фактури, които плаща (по реда на падежа)' });
      // The suggestion is ticked: the company's oldest open invoice (the second one here, unless an
      // earlier width left one open).
      await choices.getByRole('checkbox', { name: new RegExp(`^Фактура ${second.number} `) }).waitFor();
      const ticked = choices.getByRole('checkbox', { checked: true });
      await ticked.first().waitFor();
      await expectNoAxeViolations(page, 'a line matched by hand');
      await shot(page, 'line-change', width);
      while ((await ticked.count()) > 0) await ticked.first().uncheck();
      await change.getByRole('button', { name: 'Запази' }).click();
      await page.getByText('Съвпадението е променено.', { exact: true }).first().waitFor();
      await unknown.getByText('Предложено', { exact: true }).waitFor();
      await unknown.getByText('Всичко като кредит', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Потвърди избраните (1)' }).waitFor();

      // The payment paid the invoice, and its order is paid.
      await paymentLink.click();
      await page.getByRole('heading', { name: /^Плащане № \d+$/, level: 1 }).waitFor();
      const paid = page.getByRole('region', { name: 'Разпределение по фактури' });
      await paid.getByRole('row').filter({ hasText: first.number }).getByText(shown(first.outstanding)).waitFor();
      await expectNoAxeViolations(page, 'a payment from the bank');
      await shot(page, 'bank-payment', width);
      await paid.getByRole('link', { name: orders[0].number }).click();
      await page.waitForURL(new RegExp(`/admin/orders/${orders[0].id}$`));
      await page.getByText('Платена', { exact: true }).first().waitFor();
      assert.equal(await invoiceState(base, admin, first.id), 'paid');

      // A part payment of the second invoice, by hand. What the bank's payment left over may have
      // gone to it already (a line pays its payer's invoices as far as its money goes).
      const now = await openInvoices(base, admin, company.id);
      const open = now.invoices.find((i) => i.id === second.id);
      await page.goto('/admin/payments');
      await page.getByRole('heading', { name: 'Плащания', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Запиши плащане' }).click();
      await page.getByRole('heading', { name: 'Запиши плащане', level: 1 }).waitFor();
      const half = fromMinor(Math.floor(toMinor(open.outstanding) / 2));
      await page.getByRole('combobox', { name: /^Фирма/ }).fill(company.name);
      await page.getByRole('option', { name: company.name }).click();
      await page.getByLabel(/^Сума/).fill(typed(half));
      await page.getByLabel(/^Основание/).fill('Частично плащане');
      const input = page.getByRole('textbox', { name: `Разпредели по фактура ${second.number}` });
      // The suggestion: the new money with the company's credit, if any is left.
      const suggested = fromMinor(Math.min(toMinor(open.outstanding), toMinor(half) + toMinor(now.credit)));
      const money = fromMinor(toMinor(half) + toMinor(now.credit));
      await page.waitForFunction(
        ([el, value]) => document.querySelector(`input[aria-label="${el}"]`)?.value === value,
        [`Разпредели по фактура ${second.number}`, typed(suggested)],
      );
      assert.equal(
        await page.getByRole('textbox', { name: `Разпредели по фактура ${first.number}` }).count(),
        0,
        'a paid invoice is not offered',
      );
      const totals = page.getByTestId('allocation-totals');
      assert.equal(await totals.getAttribute('aria-live'), 'polite');
      await totals
        .getByText(
          `Разпределено: ${shown(suggested)} от ${shown(money)} · Остава като кредит: ${shown(fromMinor(toMinor(money) - toMinor(suggested)))}`,
        )
        .waitFor();
      await expectNoAxeViolations(page, 'the payment form with the suggestion');
      await shot(page, 'record', width);

      // Five less on the invoice: five stays as credit, read out at once.
      await input.fill(typed(fromMinor(toMinor(suggested) - 500)));
      await totals
        .getByText(`Остава като кредит: ${shown(fromMinor(toMinor(money) - toMinor(suggested) + 500))}`, { exact: false })
        .waitFor();
      await page.getByRole('button', { name: 'Приложи предложението' }).click();
      await totals.getByText(`Разпределено: ${shown(suggested)}`, { exact: false }).waitFor();
      // Saved with five less: five stays the company's credit.
      await input.fill(typed(fromMinor(toMinor(suggested) - 500)));

      await page.getByRole('button', { name: 'Запази' }).click();
      await page.waitForURL(/\/admin\/payments\/\d+\/show$/);
      await page.getByText('Плащането е записано.', { exact: true }).first().waitFor();
      // This payment's own part (a credit left by earlier money is spent first, from that payment).
      const recorded = page.getByRole('region', { name: 'Разпределение по фактури' });
      const own = fromMinor(toMinor(suggested) - 500 - Math.min(toMinor(now.credit), toMinor(suggested) - 500));
      await recorded.getByRole('row').filter({ hasText: second.number }).getByText(shown(own)).waitFor();
      await page.getByText('Кредит', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'a payment recorded by hand');
      await shot(page, 'manual-payment', width);
      assert.equal(await invoiceState(base, admin, second.id), 'partly_paid');

      // Its credit allocated later, from its page: the suggestion is the five on the same invoice.
      // By keyboard (on a phone the toast may still cover the button).
      await page.getByRole('button', { name: 'Разпредели кредита' }).focus();
      await page.keyboard.press('Enter');
      const allocate = page.getByRole('dialog', { name: `Разпредели кредита (${shown(5)})` });
      await page.waitForFunction(
        ([el, value]) => document.querySelector(`[role="dialog"] input[aria-label="${el}"]`)?.value === value,
        [`Разпредели по фактура ${second.number}`, typed(5)],
      );
      await allocate
        .getByTestId('allocation-totals')
        .getByText(`Остава като кредит: ${shown(0)}`, { exact: false })
        .waitFor();
      await expectNoAxeViolations(page, 'the credit allocated from a payment');
      await shot(page, 'allocate-credit', width);
      await allocate.getByRole('button', { name: 'Разпредели' }).click();
      await page.getByText('Кредитът е разпределен по фактурите.', { exact: true }).first().waitFor();
      await recorded.getByRole('row').filter({ hasText: second.number }).getByText(shown(5)).waitFor();
      await page.getByRole('button', { name: 'Разпредели кредита' }).waitFor({ state: 'detached' });

      // The company's payments in the list, by its filter: one from the bank, one by hand.
      await page.goto(`/admin/payments?filter=${encodeURIComponent(JSON.stringify({ companyId: company.id }))}`);
      await page.getByRole('heading', { name: 'Плащания', level: 1 }).waitFor();
      await page.getByText('Банково извлечение', { exact: false }).first().waitFor();
      await page.getByText('Ръчно', { exact: false }).first().waitFor();
      await expectNoAxeViolations(page, "the company's payments");
      await shot(page, 'list', width);
      await page.goto('/admin/bank-statements');
      await page.getByRole('heading', { name: 'Банкови извлечения', level: 1 }).waitFor();
      await page.getByText(`e2e-camt-${width}.xml`).first().waitFor();
      await expectNoAxeViolations(page, 'the bank statements');
      await shot(page, 'statements', width);

      // The company's statement of account: it closes on what the API says it owes, and its PDF
      // for the period downloads.
      const staff = await apiSession(base, admin);
      try {
        const account = await (await staff.api.get(`/api/admin/companies/${company.id}/statement`)).json();
        await page.goto(`/admin/companies/${company.id}#statement`);
        const statement = page.getByRole('region', { name: 'Извлечение от сметка' });
        await statement.getByRole('heading', { name: 'Извлечение от сметка' }).waitFor();
        await statement
          .getByText(`крайно салдо ${shown(fromMinor(account.closingBalance))}`, { exact: false })
          .first()
          .waitFor();
        const pdfLink = statement.getByRole('link', { name: 'Изтегли PDF' });
        const href = await pdfLink.getAttribute('href');
        assert.match(href, /format=pdf/);
        const pdf = await staff.api.get(href);
        assert.equal(pdf.headers()['content-type'], 'application/pdf');
        await expectNoAxeViolations(page, "the company's statement of account");
        await shot(page, 'account-statement', width);
      } finally {
        await staff.api.dispose();
      }
    },
  },
];
