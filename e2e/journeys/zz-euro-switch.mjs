// The switch to the euro, in a browser. This file's name sorts last on purpose: the
// journeys share one server, and after this one the shop is in euro for good.
import { assert, passAgeGate, toast, waitForBadge, fillCheckout, confirmAndOrder, uniqueEmail } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

// What is seen: the visually hidden words for screen readers (a price's „(равностойност …)“) left out.
const text = async (locator) =>
  (
    await locator.evaluate((el) => {
      const seen = el.cloneNode(true);
      seen.querySelectorAll('.sr-only').forEach((n) => n.remove());
      return seen.textContent;
    })
  )
    .replace(/\s+/g, ' ')
    .trim();

export const journeys = [
  {
    name: 'money: staff switch the shop to the euro; new prices in euro, old orders keep their leva',
    widths: [1440],
    async run({ page, context, admin }) {
      // An order placed in leva before the switch.
      await passAgeGate(page);
      const { csrfToken } = await (await page.request.get('/api/csrf-token')).json();
      const { product: strap } = await (await page.request.get('/api/products/vrazka-za-vrat-vap-solo')).json();
      const placed = await page.request.post('/api/orders/create', {
        headers: { 'x-csrf-token': csrfToken },
        data: {
          items: [{ productId: strap.id, variantId: strap.variants[0].id, quantity: 2 }],
          customer: { firstName: 'Стара', lastName: 'Поръчка', email: uniqueEmail('leva'), phone: '0887123123' },
          shipping: { method: 'econt_office', city: 'Русе', postcode: '7000', address: 'Еконт, офис Център' },
          paymentMethod: 'bank_transfer',
          ageConfirmed: true,
          termsAccepted: true,
        },
      });
      assert.equal(placed.status(), 201);
      const old = (await placed.json()).order;
      assert.equal(old.total, 19.7);

      const staff = await context.newPage();
      await signInToAdmin(staff, admin);
      await staff.goto('/admin/settings');
      await staff.getByRole('button', { name: 'Преминаване към евро' }).click();
      const dialog = staff.getByRole('dialog', { name: 'Преминаване към евро?' });
      const warning = await text(dialog);
      for (const part of [
        '1,95583',
        'Старите поръчки остават в лева',
        'не може да бъде отменено',
        'таксите за доставка',
        'фиксираните отстъпки',
      ])
        assert.ok(warning.includes(part), `the confirmation says: ${part}`);
      await dialog.getByRole('button', { name: 'Премини към евро' }).click();
      await toast(staff, 'Магазинът премина към евро. Всички цени са преизчислени по курс 1,95583 лв. за 1 €.').catch(() => undefined);
      await staff
        .getByTestId('euro-since')
        .getByText(/^Магазинът е в евро от /)
        .waitFor();
      assert.equal(await staff.getByRole('button', { name: 'Преминаване към евро' }).count(), 0, 'the button is gone');
      await staff.close();

      // The shop now prices in euro with leva beside: 6,90 лв. → 3,53 €.
      await page.goto('/products/vrazka-za-vrat-vap-solo');
      await page
        .locator('.buy-box .price')
        .first()
        .getByText(/3,53\s€/)
        .waitFor();
      assert.match(await text(page.locator('.buy-box .price').first()), /^3,53 € \/ 6,90 лв\.$/);
      await page.locator('.chip-option').getByText('Черна', { exact: true }).click();
      await page.getByRole('spinbutton', { name: 'Количество' }).fill('2');
      await page.getByRole('button', { name: 'Добави в количката' }).click();
      await waitForBadge(page, 2);
      await page.goto('/checkout');
      await fillCheckout(page, { email: uniqueEmail('evro') });
      const total = page.locator('#checkout-total');
      await total.getByText(/10,08\s€/).waitFor(); // 2 × 3,53 + 3,02
      const shown = await text(total);
      await confirmAndOrder(page);
      await page.getByText('Благодарим Ви за поръчката!').waitFor();
      assert.equal(await text(page.locator('.order-details .totals dd.total')), shown);
      assert.match(shown, /^10,08 € \/ 19,71 лв\.$/);

      // The order placed before keeps its leva, first.
      await page.goto(`/orders/${old.id}`);
      await page.getByRole('heading', { name: `Поръчка ${old.number}` }).waitFor();
      assert.match(await text(page.locator('.order-details .totals dd.total')), /^19,70 лв\. \/ 10,07 €$/);
    },
  },
];
