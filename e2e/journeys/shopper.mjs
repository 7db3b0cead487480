// The storefront's journeys: a guest buys, a new customer registers, merges a guest cart,
// orders by bank transfer and withdraws; the rules and the refusals a person sees.
import * as OTPAuth from 'otpauth';
import {
  mailTo,
  assert,
  passAgeGate,
  navigate,
  toast,
  waitForBadge,
  stockOf,
  addToCart,
  fillCheckout,
  confirmAndOrder,
  uniqueEmail,
} from '../helpers.mjs';

export const journeys = [
  {
    name: 'guest shopper buys with cash on delivery',
    widths: [390, 1440],
    async run({ page }) {
      await passAgeGate(page);
      await navigate(page, 'Магазин');
      await page.getByRole('heading', { name: 'Магазин', level: 1 }).waitFor();

      // Filters and sort live in the URL.
      const toggle = page.getByRole('button', { name: /^Филтри/ });
      if (await toggle.isVisible()) await toggle.click();
      await page.getByRole('button', { name: /^TWINS \(\d+\)$/ }).click();
      await page.waitForURL(/category=twins/);
      await page.getByLabel('Подреди:').selectOption('-price');
      await page.waitForURL(/sort=-price/);
      // The grid settles on TWINS products only (the category and its subcategory).
      await page.waitForFunction(() => {
        const names = [...document.querySelectorAll('.product-card-title')].map((e) => e.textContent ?? '');
        return names.length > 0 && names.every((n) => /TWINS/.test(n)) && !document.querySelector('.skeleton-card');
      });

      const before = await stockOf(page, 'vap-solo-twins', '0 mg');
      await page
        .getByRole('link', { name: /VAP SOLO TWINS/ })
        .first()
        .click();
      await page.getByRole('heading', { name: 'VAP SOLO TWINS', level: 1 }).waitFor();
      await addToCart(page, 'vap-solo-twins', { variant: '0 mg', flavours: [0, 3] });
      await toast(page, 'Продуктът е добавен в количката!');
      await waitForBadge(page, 1);

      await page.getByRole('link', { name: /Количка/ }).click();
      await page.getByRole('heading', { name: /^Количка/ }).waitFor();
      await page.getByRole('button', { name: 'Увеличи' }).click();
      await toast(page, 'Продуктът е редактиран успешно в количката.');
      await waitForBadge(page, 2);

      await page.getByRole('button', { name: 'Към поръчката' }).click();
      await fillCheckout(page, { email: uniqueEmail('guest') });
      await confirmAndOrder(page);
      await page.getByText('Благодарим Ви за поръчката!').waitFor();
      const heading = await page.getByRole('heading', { name: /^Поръчка VS-\d+$/ }).textContent();
      assert.match(heading, /VS-\d{5,}/);
      assert.equal(await stockOf(page, 'vap-solo-twins', '0 mg'), before - 2);
      await waitForBadge(page, 0);
    },
  },
  {
    name: 'new customer registers, merges a guest cart, pays by bank transfer and withdraws',
    widths: [390],
    async run({ page, context }) {
      const email = uniqueEmail('klient');
      const password = 'parola-e2e-1';
      await passAgeGate(page);
      // A guest's cart, then registering (which signs the new account in) merges it.
      await addToCart(page, 'vap-solo-triples', { variant: '0 mg' });
      await toast(page, 'Продуктът е добавен в количката!');
      await waitForBadge(page, 1);
      assert.ok(
        (await context.cookies()).some((c) => c.name === 'cart'),
        'the guest cart is in the cookie',
      );

      await page.goto('/register');
      await page.getByRole('heading', { name: 'Регистрация', level: 1 }).waitFor();
      await page.getByLabel('Име', { exact: true }).fill('Петър');
      await page.getByLabel('Фамилия').fill('Петров');
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill(password);
      await page.getByRole('button', { name: 'Регистрация' }).click();
      await toast(page, 'Регистрацията бе успешна.');
      await page.waitForURL(/\/signin$/);
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
      await waitForBadge(page, 1);
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill(password);
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await toast(page, 'Вписахте се успешно.');
      await page.getByRole('heading', { name: 'Профил' }).waitFor();
      await waitForBadge(page, 1);
      assert.ok(!(await context.cookies()).some((c) => c.name === 'cart' && c.value), 'the cookie cart is gone after the merge');

      await page.getByRole('link', { name: /Количка/ }).click();
      await page.getByText('VAP SOLO TRIPLES').first().waitFor();
      await page.getByRole('button', { name: 'Към поръчката' }).click();
      await fillCheckout(page, { phone: '0899111222', city: 'Пловдив', postcode: '4000', office: 'Спиди, офис Централна гара' });
      assert.equal(await page.getByLabel('Имейл', { exact: true }).inputValue(), email);
      await page.getByLabel(/Банков превод/).check();
      await confirmAndOrder(page);
      await page.getByText('Благодарим Ви за поръчката!').waitFor();
      await page.getByRole('heading', { name: 'Плащане с банков превод' }).waitFor();
      const number = (await page.getByRole('heading', { name: /^Поръчка VS-\d+$/ }).textContent()).replace('Поръчка ', '');

      await page.goto('/account');
      await page.getByRole('link', { name: new RegExp(number) }).click();
      await page.getByRole('button', { name: 'Откажи поръчката' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Потвърждавам отказа' }).click();
      await toast(page, 'Поръчката е отказана.');
      await page.locator('.order-head .status', { hasText: 'Отказана' }).waitFor();
    },
  },
  {
    name: 'rules: signed-out /account lands on /signin; refusals are shown in Bulgarian',
    widths: [1440],
    async run({ page }) {
      await passAgeGate(page);
      await page.goto('/account');
      await page.waitForURL(/\/signin$/);
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();

      await page.getByLabel('Имейл').fill('nobody@example.bg');
      await page.getByLabel('Парола').fill('greshna-parola');
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await page.locator('#main').getByRole('alert').getByText('Грешен имейл или парола.').waitFor();

      // An empty checkout form shows the field errors.
      await addToCart(page, 'triples-gold-limited', { variant: '20 mg' });
      await toast(page, 'Продуктът е добавен в количката!');
      await page.goto('/checkout');
      await page.getByRole('button', { name: 'Поръчка с задължение за плащане' }).click();
      for (const text of [
        'Въведете име.',
        'Въведете валиден имейл адрес.',
        'Посочете офис за доставка.',
        'Потвърдете, че сте навършили 18 години.',
      ]) {
        await page.getByText(text, { exact: true }).first().waitFor();
      }

      // More than the stock cannot be added: the page stops at it and says so.
      const stock = await stockOf(page, 'triples-gold-limited', '10 mg');
      await page.goto('/products/triples-gold-limited');
      await page.locator('.chip-option').getByText('10 mg', { exact: true }).click();
      await page.getByRole('spinbutton', { name: 'Количество' }).fill(String(stock));
      await page.getByRole('button', { name: 'Добави в количката' }).click();
      await toast(page, 'Продуктът е добавен в количката!');
      await page.getByText(`Всички налични бройки (${stock}) вече са в количката.`).waitFor();
      assert.ok(await page.getByRole('button', { name: 'Добави в количката' }).isDisabled());
    },
  },
  {
    name: 'a distributor writes from the footer link',
    widths: [390],
    async run({ page }) {
      await passAgeGate(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'за дистрибутори' }).click();
      await page.getByRole('heading', { name: 'За дистрибутори', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Изпрати' }).click();
      await page.getByText('Напишете съобщение.').waitFor();
      await page.getByLabel('Име', { exact: true }).fill('Георги Димитров');
      await page.getByLabel(/^Фирма/).fill('Вейп Бургас ООД');
      await page.getByLabel('Имейл', { exact: true }).fill('georgi@example.bg');
      await page.getByLabel('Съобщение').fill('Искаме да продаваме TWINS и TRIPLES.');
      await page.getByRole('button', { name: 'Изпрати' }).click();
      await page
        .getByRole('status')
        .getByText(/Благодарим Ви! Получихме съобщението/)
        .waitFor();
    },
  },
  {
    name: 'a customer who forgot the password sets a new one from the e-mailed link',
    widths: [390],
    async run({ page, outbox }) {
      const email = uniqueEmail('zabravil');
      await passAgeGate(page);
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Регистрация', level: 1 }).waitFor();
      await page.getByLabel('Име', { exact: true }).fill('Иван');
      await page.getByLabel('Фамилия').fill('Иванов');
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill('stara-parola-1');
      await page.getByRole('button', { name: 'Регистрация' }).click();
      await page.waitForURL(/\/signin$/);
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Забравена парола?' }).click();
      await page.getByRole('heading', { name: 'Забравена парола' }).waitFor();
      await page.getByLabel('Имейл').fill(email);
      await page.getByRole('button', { name: 'Изпрати връзка' }).click();
      await page
        .getByRole('status')
        .getByText(/изпратихме връзка за нова парола/)
        .waitFor();
      // The newest mail with a reset link (registration mailed the link that proves the address first).
      const mail = await mailTo(outbox, email, { containing: '/reset-password?token=' });
      const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail)[0];
      await page.goto(new URL(link).pathname + new URL(link).search);
      await page.getByRole('heading', { name: 'Нова парола' }).waitFor();
      await page.getByLabel('Нова парола').fill('nova-parola-1');
      await page.getByLabel('Повторете паролата').fill('nova-parola-1');
      await page.getByRole('button', { name: 'Запази паролата' }).click();
      // The answer also says that every session and API token of the account has ended.
      await toast(page, 'Паролата е сменена. Влезте с новата парола. Всички сесии и лични API токени на профила са прекратени.');
      await page.waitForURL(/\/signin$/);
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill('nova-parola-1');
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await page.getByRole('heading', { name: 'Профил' }).waitFor();
    },
  },
  {
    name: 'a customer turns on two-factor sign-in and signs in with a code',
    widths: [1440],
    async run({ page }) {
      const email = uniqueEmail('dvufaktor');
      const password = 'parola-2fa-1';
      await passAgeGate(page);
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Регистрация', level: 1 }).waitFor();
      await page.getByLabel('Име', { exact: true }).fill('Елена');
      await page.getByLabel('Фамилия').fill('Стоянова');
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill(password);
      await page.getByRole('button', { name: 'Регистрация' }).click();
      await page.waitForURL(/\/signin$/);
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill(password);
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await page.getByRole('heading', { name: 'Профил' }).waitFor();

      const section = page.getByRole('region', { name: 'Двуфакторно удостоверяване' });
      await section.getByRole('button', { name: 'Включи' }).click();
      await section.getByRole('img', { name: /QR код/ }).waitFor();
      const secret = (await section.locator('.mono').first().textContent()).trim();
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
      await section.getByLabel('Код от приложението').fill(totp.generate());
      await section.getByRole('button', { name: 'Включи' }).click();
      await section.getByText('Резервни кодове').waitFor();
      assert.equal(await section.locator('.backup-codes li').count(), 10);

      await page.getByRole('button', { name: 'Изход' }).first().click();
      await page.waitForURL(/\/signin$/);
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill(password);
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await page.getByLabel('Код за потвърждение').fill('000000');
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await page.locator('#main').getByRole('alert').getByText('Грешен код. Опитайте отново.').waitFor();
      // A code is taken once: the one that turned two-factor on is spent, so use the next one
      // (accepted with one time step of clock drift).
      await page.getByLabel('Код за потвърждение').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await toast(page, 'Вписахте се успешно.');
      await page.getByRole('heading', { name: 'Профил' }).waitFor();
    },
  },
];
