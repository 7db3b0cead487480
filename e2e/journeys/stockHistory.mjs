// Stock as movements in the admin, at a laptop's 1440 px and a phone's 390 px: on a product's
// page a saved variant's stock is shown, not typed; staff correct it with a reason and a note, and
// the product's „История на наличността“ shows the correction beside the demo's first figure; the
// inventory page opens one variant's history. The new screens are no wider than the window.
import fs from 'node:fs';
import { assert } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: keep a screenshot of each new screen

async function fitsAndShoot(page, width, name) {
  await page.waitForTimeout(300); // lists and forms settle their widths after the data
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement.scrollWidth, window.innerWidth]);
  assert.ok(scrollWidth <= innerWidth, `${name} is ${scrollWidth} px wide in a ${innerWidth} px window`);
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${width}-${name}.png`, fullPage: true });
  }
}

export const journeys = [
  {
    name: 'stock: a correction with a note from the product page, and the stock history',
    widths: [1440, 390],
    async run({ page, width, admin }) {
      await signInToAdmin(page, admin, '/admin/products');
      const { product } = await (await page.request.get('/api/products/vap-solo-triples')).json();
      const variant = product.variants[0];
      const name = `${product.name} ${variant.name}`;
      await page.goto(`/admin/products/${product.id}/variants`);
      const shown = page.getByLabel(`Наличност на ${name}`, { exact: true });
      await shown.waitFor();
      const before = Number(await shown.textContent());
      assert.equal(await page.locator(`input[name="variants.0.stock"]`).count(), 0, 'a saved variant has no stock input');
      await fitsAndShoot(page, width, 'product-stock');

      await page.getByRole('button', { name: `Коригирай наличността на ${name}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/Промяна/).fill('-1');
      await dialog.getByLabel('Бележка').fill(`Мостра ${width}`);
      await fitsAndShoot(page, width, 'stock-adjust-dialog');
      await dialog.getByRole('button', { name: 'Запази' }).click();
      await page.getByText(`Наличността на ${name} е коригирана.`).waitFor();
      await page
        .getByLabel(`Наличност на ${name}`, { exact: true })
        .filter({ hasText: String(before - 1) })
        .waitFor();

      await page.getByRole('tab', { name: 'История на наличността' }).click();
      await page.getByText('Корекция').first().waitFor();
      // A phone's list keeps the when, reason, change and stock after; the note is on a laptop's.
      if (width >= 1000) await page.getByText(`Мостра ${width}`).waitFor();
      await page.getByText('Начално').first().waitFor();
      await fitsAndShoot(page, width, 'product-stock-history');

      await page.goto('/admin/inventory');
      await page.getByRole('link', { name: `История на наличността на ${name}` }).click();
      await page.getByText('Корекция').first().waitFor();
      await fitsAndShoot(page, width, 'stock-movements');
    },
  },
];
