// Invoices: a company orders with "Искам фактура" (a wrong ЕИК is caught on the form), staff issue
// the invoice from the order in the admin, and the buyer downloads the PDF from the order page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { assert, passAgeGate, addToCart, toast, fillCheckout, confirmAndOrder, uniqueEmail } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

export const journeys = [
  {
    name: 'a company orders with an invoice, staff issue it and the buyer downloads it',
    widths: [390, 1440],
    async run({ page, context, base, admin }) {
      await passAgeGate(page);
      await addToCart(page, 'vap-solo-twins', { variant: '0 mg' });
      await toast(page, 'Продуктът е добавен в количката!');
      await page.goto('/checkout');
      await fillCheckout(page, { email: uniqueEmail('firma') });

      await page.getByLabel('Искам фактура').check();
      await page.getByLabel('Име на фирмата').fill('Е2Е Трейд ООД');
      await page.getByLabel(/^ЕИК \/ БУЛСТАТ/).fill('130175001');
      await page.getByLabel(/^ДДС номер/).fill('BG130175000');
      await page.getByLabel('МОЛ').fill('Петър Петров');
      await page.getByLabel('Адрес по регистрация').fill('гр. Пловдив, ул. „Тракия“ 5');
      await confirmAndOrder(page);
      // The wrong check digit is refused before anything is sent.
      await page.getByText('Невалиден ЕИК/БУЛСТАТ: 9 или 13 цифри с вярна контролна цифра.').waitFor();
      await page.getByLabel(/^ЕИК \/ БУЛСТАТ/).fill('130175000');
      await page.getByRole('button', { name: 'Поръчка с задължение за плащане' }).click();
      await page.getByText('Благодарим Ви за поръчката!').waitFor();
      const orderId = Number(new URL(page.url()).pathname.split('/').pop());
      assert.ok(orderId > 0);

      // Staff, in their own browser, issue the invoice from the order.
      const staff = await context
        .browser()
        .newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'bg-BG', timezoneId: 'Europe/Sofia' });
      try {
        const a = await staff.newPage();
        await signInToAdmin(a, admin);
        await a.goto(`/admin/orders/${orderId}`);
        const card = a.getByTestId('order-invoice');
        await card.getByText('Клиентът поиска фактура').waitFor();
        await card.getByText('Е2Е Трейд ООД').waitFor();
        await card.getByRole('button', { name: 'Издай фактура' }).click();
        await a.getByRole('dialog').getByRole('button', { name: 'Потвърди' }).click();
        await a.getByText('Фактурата е издадена.').first().waitFor();
        await card.getByRole('link', { name: 'Изтегли фактура' }).waitFor();
        await card.getByText(/^Фактура № \d{10} от /).waitFor();
      } finally {
        await staff.close();
      }

      // The buyer finds it on the order page and downloads the PDF.
      await page.reload();
      const link = page.getByRole('link', { name: /^Изтегли фактура № \d{10} \(PDF\)$/ });
      await link.waitFor();
      const number = (await link.textContent()).match(/\d{10}/)[0];
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      assert.equal(download.suggestedFilename(), `faktura-${number}.pdf`);
      const file = path.join(os.tmpdir(), `e2e-invoice-${Date.now()}.pdf`);
      await download.saveAs(file);
      try {
        const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
        for (const words of ['ФАКТУРА', 'ОРИГИНАЛ', number, 'Е2Е Трейд ООД', '130175000', 'BG130175000', 'ВАП СОЛО ЕООД'])
          assert.ok(text.includes(words), words);
      } finally {
        fs.rmSync(file, { force: true });
      }
    },
  },
];
