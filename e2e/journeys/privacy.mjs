// Privacy on a 390 px phone: a new customer's profile says their address is not
// verified and sends the link again; the mailed link confirms it; they change the address from the
// profile (it waits, after a reload too, until the link mailed to the new address is opened, then
// the profile shows it); they download their data from the account page, close the account with
// the password, land on the sign-in page signed out, and cannot sign in again. SHOTS_DIR (default:
// the OS temp folder) keeps screenshots of the notice, of the e-mail change form (390 and 1440 px)
// and of the account's privacy card.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appStarted, assert, mailTo, passAgeGate, toast, uniqueEmail } from '../helpers.mjs';

export const journeys = [
  {
    name: 'privacy: a customer downloads their data and closes the account',
    widths: [390],
    async run({ page, context, outbox }) {
      let email = uniqueEmail('poveritelnost');
      const password = 'parola-e2e-privacy';
      await passAgeGate(page);
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Регистрация', level: 1 }).waitFor();
      await appStarted(page);
      await page.getByLabel('Име', { exact: true }).fill('Десислава');
      await page.getByLabel('Фамилия').fill('Поверителна');
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill(password);
      await page.getByRole('button', { name: 'Регистрация' }).click();
      await toast(page, 'Регистрацията бе успешна.');
      await page.waitForURL(/\/signin$/);
      // Registration sets the user: the header offers the profile, the page still the form.
      await page.getByRole('banner').getByRole('link', { name: 'Профил', exact: true }).waitFor();

      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill(password);
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await toast(page, 'Вписахте се успешно.');
      await page.getByRole('heading', { name: 'Профил', level: 1, exact: true }).waitFor();

      // Not verified yet: the profile says what that means and sends the link again.
      const notice = page.locator('section.email-verification');
      await notice.getByRole('heading', { name: 'Имейлът Ви още не е потвърден' }).waitFor();
      await notice.getByRole('button', { name: 'Изпрати линка отново' }).click();
      await notice.getByText('Изпратихме връзка за потвърждение на имейла. Проверете пощата си.').waitFor();
      const shotsDir = process.env.SHOTS_DIR || os.tmpdir();
      fs.mkdirSync(shotsDir, { recursive: true });
      await notice.screenshot({ path: path.join(shotsDir, 'email-verification-390.png') });
      // The mailed link (the newest) confirms the address; the notice is gone from the profile.
      const mail = await mailTo(outbox, email, { containing: '/verify-email?token=' });
      const link = new URL(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail)[0]);
      await page.goto(link.pathname + link.search);
      await page.getByRole('heading', { name: 'Потвърждение на имейла', level: 1 }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Имейлът Ви е потвърден.' }).waitFor();
      await page.getByRole('link', { name: 'Към профила' }).click();
      await page.getByRole('heading', { name: 'Профил', level: 1, exact: true }).waitFor();
      await page.locator('section.account-privacy').waitFor();
      assert.equal(await notice.count(), 0, 'the profile no longer says the address is unverified');

      // A new address: asked for with the password; the old one stays until the new one's link is opened.
      const newEmail = uniqueEmail('nov-adres');
      const emailCard = page.locator('section.email-change');
      await emailCard.getByRole('button', { name: 'Смяна на имейла' }).click();
      await emailCard.getByLabel('Нов имейл').fill(newEmail);
      await emailCard.getByLabel('Текуща парола').fill('ne-e-moyata');
      await emailCard.getByRole('button', { name: 'Изпрати връзка' }).click();
      await emailCard.getByText('Текущата парола е грешна.').waitFor();
      assert.equal(await emailCard.getByLabel('Текуща парола').getAttribute('aria-invalid'), 'true');
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        // Mid-screen, clear of the sticky header.
        await emailCard.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: path.join(shotsDir, `email-change-${width}.png`), clip: await emailCard.boundingBox() });
      }
      await emailCard.getByLabel('Текуща парола').fill(password);
      await emailCard.getByRole('button', { name: 'Изпрати връзка' }).click();
      const waiting = `Чака потвърждение: ${newEmail}. Отворете връзката, изпратена на този адрес.`;
      await emailCard.getByText(waiting).waitFor();
      await page
        .locator('#live-polite')
        .filter({ hasText: 'Изпратихме връзка на новия адрес. Имейлът на профила се сменя, когато я отворите.' })
        .waitFor({ state: 'attached' });
      await emailCard.screenshot({ path: path.join(shotsDir, 'email-change-sent-390.png') });
      await page.reload();
      await emailCard.getByText(waiting).waitFor();
      assert.equal(await page.locator('section.profile').getByText(email).count(), 1, 'the old address stays until the link is opened');
      const changeMail = await mailTo(outbox, newEmail, { containing: '/verify-email?token=' });
      const changeLink = new URL(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(changeMail)[0]);
      await page.goto(changeLink.pathname + changeLink.search);
      await page.getByRole('status').filter({ hasText: 'Имейлът на профила е сменен и потвърден.' }).waitFor();
      await page.getByRole('link', { name: 'Към профила' }).click();
      await page.getByRole('heading', { name: 'Профил', level: 1, exact: true }).waitFor();
      await page.locator('section.profile').getByText(newEmail).waitFor();
      assert.equal(await emailCard.getByText('Чака потвърждение').count(), 0, 'nothing waits any more');
      email = newEmail;

      // The download is the browser's own: a plain link with the session cookie.
      const card = page.locator('section.account-privacy');
      await card.scrollIntoViewIfNeeded();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('link', { name: 'Изтегли моите данни' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^moite-danni-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
      assert.equal(data.profile.email, email);
      assert.equal(data.profile.firstName, 'Десислава');
      assert.deepEqual(data.orders, []);
      const [csv] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Като таблица (CSV)' }).click()]);
      assert.match(fs.readFileSync(await csv.path(), 'utf8'), /Профил;.*firstName;Десислава/);

      await card.getByRole('button', { name: 'Закрий профила' }).click();
      const field = card.getByLabel('Парола за потвърждение');
      await field.fill('ne-e-moyata');
      await card.getByRole('button', { name: 'Закрий профила окончателно' }).click();
      await card.getByRole('alert').filter({ hasText: 'Паролата е грешна. Профилът не е закрит.' }).waitFor();
      const shots = process.env.SHOTS_DIR || os.tmpdir();
      fs.mkdirSync(shots, { recursive: true });
      await card.screenshot({ path: path.join(shots, 'privacy-account-390.png') });
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      assert.ok(scrollWidth <= innerWidth, `the account page is ${scrollWidth} px wide on a ${innerWidth} px screen`);

      await field.fill(password);
      await card.getByRole('button', { name: 'Закрий профила окончателно' }).click();
      await toast(page, 'Профилът е закрит и личните ви данни са заличени.');
      await page.waitForURL(/\/signin$/);
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
      assert.ok(!(await context.cookies()).some((c) => c.name === 'cart'), 'no cart cookie is left');

      // The account is gone: its password opens nothing, and /account sends to the sign-in page.
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill(password);
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await toast(page, 'Грешен имейл или парола.');
      await page.goto('/account');
      await page.waitForURL(/\/signin/);
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
    },
  },
];
