// Couriers: a shopper picks an Econt office in the checkout's office picker (phone
// width) and orders with cash on delivery; staff create the waybill from the order page against
// the local Econt stand-in (e2e/run.mjs), see it and open its label; the shopper's order page
// then links to Econt's tracking page.
import { assert, passAgeGate, addToCart, toast, confirmAndOrder, uniqueEmail } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

export const journeys = [
  {
    name: 'courier: a shopper orders to an Econt office picked from the list; staff make its waybill',
    widths: [390],
    async run({ page, context, admin, couriers }) {
      await passAgeGate(page);
      await addToCart(page, 'usb-c-kabel-za-zarezhdane');
      await toast(page, 'Продуктът е добавен в количката!');
      await page.goto('/checkout');
      await page.getByRole('heading', { name: 'Поръчка', exact: true }).waitFor();
      await page.getByLabel('Име', { exact: true }).fill('Елена');
      await page.getByLabel('Фамилия', { exact: true }).fill('Георгиева');
      await page.getByLabel('Имейл', { exact: true }).fill(uniqueEmail('office'));
      await page.getByLabel('Телефон', { exact: true }).fill('0899 555 444');

      // The office picker: type the city in Latin, move with the arrows, pick with Enter.
      const picker = page.getByRole('combobox', { name: /Офис на Еконт/ });
      await picker.fill('plovdiv');
      await page.getByRole('option', { name: /Пловдив Център/ }).waitFor();
      await picker.press('ArrowDown');
      await picker.press('Enter');
      await page.getByText('Пловдив Център').first().waitFor();
      assert.equal(await page.getByRole('combobox').count(), 0, 'the picked office replaces the search box');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `nothing wider than the phone (${width} px)`);

      await confirmAndOrder(page);
      await page.getByText('Благодарим Ви за поръчката!').waitFor();
      const number = (await page.getByRole('heading', { name: /^Поръчка VS-\d+$/ }).textContent()).replace('Поръчка ', '');
      await page.getByText(/Пловдив Център, бул. „Руски“ 51/).waitFor();
      const orderPath = new URL(page.url()).pathname;
      const orderId = Number(orderPath.split('/').pop());

      // Staff confirm the order and create the waybill with "преглед преди плащане".
      const staff = await context
        .browser()
        .newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1440, height: 900 }, locale: 'bg-BG' });
      const admPage = await staff.newPage();
      try {
        await signInToAdmin(admPage, admin);
        await admPage.goto(`/admin/orders/${orderId}`);
        await admPage.getByText(`Поръчка ${number}`).first().waitFor();
        await admPage.getByTestId('status-actions').getByRole('button', { name: 'Потвърдена' }).click();
        await admPage.getByText('Поръчката е актуализирана успешно.').first().waitFor();
        await admPage.getByRole('button', { name: 'Създай товарителница' }).click();
        const dialog = admPage.getByRole('dialog', { name: 'Нова товарителница' });
        await dialog.getByLabel('Преглед преди плащане').check();
        await dialog.getByRole('button', { name: 'Създай' }).click();
        const shown = admPage.getByTestId('shipment');
        await shown.waitFor();
        await admPage.getByTestId('status-actions').getByRole('button', { name: 'Доставена' }).waitFor();

        const sent = couriers.calls('econt', 'LabelService.createLabel.json').at(-1).body;
        assert.equal(sent.label.receiverOfficeCode, '4000');
        assert.deepEqual(sent.label.receiverClient.phones, ['0899 555 444']);
        assert.equal(sent.label.payAfterAccept, true);
        const order = await (await admPage.request.get(`/api/admin/orders/${orderId}`)).json();
        // Cash on delivery booked as a postal money transfer (ППП), the shop's default with Econt.
        assert.equal(sent.label.services.moneyTransferAmount, order.total);
        assert.equal(sent.label.services.cdAmount, undefined);
        assert.equal(order.status, 'shipped');
        assert.match(await shown.textContent(), new RegExp(order.trackingNumber));

        const label = await admPage.request.get(await shown.getByRole('link', { name: 'Етикет (PDF)' }).getAttribute('href'));
        assert.equal(label.status(), 200);
        assert.equal(label.headers()['content-type'], 'application/pdf');

        // The shopper's order page links to Econt's tracking page.
        await page.reload();
        const track = page.getByRole('link', { name: 'Проследете пратката при куриера' });
        assert.equal(await track.getAttribute('href'), `https://www.econt.com/services/track-shipment/${order.trackingNumber}`);
      } finally {
        await staff.close();
      }
    },
  },
];
