// The accessibility statement: a shopper opens it from the footer, reports a barrier
// with its form, and the staff find the report in their messages under its subject.
import { assert, expectNoAxeViolations, passAgeGate, appStarted } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

export const journeys = [
  {
    name: 'accessibility statement: opened from the footer, a barrier reported, seen by the staff',
    widths: [390, 1440],
    async run({ page, context, admin }) {
      await passAgeGate(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Достъпност' }).click();
      await page.waitForURL(/\/accessibility$/);
      await page.getByRole('heading', { level: 1, name: 'Достъпност' }).waitFor();
      for (const text of ['WCAG 2.1, ниво AA', 'EN 301 549', 'Комисията за защита на потребителите', 'Известни ограничения']) {
        await page.getByText(text).first().waitFor();
      }
      await appStarted(page);
      await expectNoAxeViolations(page, 'the accessibility statement');

      // An empty report: the errors are tied to their fields and the first gets the focus.
      const form = page.getByRole('form', { name: 'Сигнал за бариера' });
      await form.getByRole('button', { name: 'Изпрати сигнала' }).click();
      const name = form.getByLabel('Име', { exact: true });
      await page.waitForFunction(() => document.activeElement?.id === 'barrier-name');
      assert.equal(await name.getAttribute('aria-invalid'), 'true');
      assert.equal(await name.getAttribute('aria-describedby'), 'barrier-name-error');

      const who = `Петя ${Date.now()}`;
      await name.fill(who);
      await form.getByLabel('Имейл', { exact: true }).fill('petya@example.bg');
      await form.getByLabel(/Страница или функция/).fill('/checkout');
      await form.getByLabel('Какво не успяхте да направите').fill('Грешката под полето за телефон не се чете от екранния четец.');
      await form.getByRole('button', { name: 'Изпрати сигнала' }).click();
      await form.getByRole('status').getByText('Сигналът за бариерата е получен', { exact: false }).waitFor();

      // The staff: among the messages, under its subject, with a notice.
      const staff = await context.newPage();
      await signInToAdmin(staff, admin, '/admin/contact-messages');
      await staff.getByText(who).first().waitFor();
      await staff.getByText('Бариера за достъпност').first().waitFor();
      await staff.getByRole('link', { name: who }).first().click();
      await staff.waitForURL(/\/admin\/contact-messages\/\d+\/show$/);
      await staff.getByRole('heading', { level: 1, name: new RegExp(who) }).waitFor();
      await staff.getByText('Страница: /checkout').first().waitFor();
    },
  },
];
