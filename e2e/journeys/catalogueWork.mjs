// Catalogue work in the admin, at a laptop's 1440 px and a phone's 390 px: staff make a
// flavour list once, duplicate the TWINS into a draft copy, fill the copy's flavours by picking
// the list under "Вкусове", and are refused a nicotine strength of 30 mg/ml in Bulgarian, by the
// form and by the server. The new screens are no wider than the window.
import fs from 'node:fs';
import { assert, waitForValue } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: keep a screenshot of each new screen

const NICOTINE_REFUSED = 'Никотинът може да е най-много 20 mg/ml (Директива 2014/40/ЕС).';

/** Nothing sticks out to the right of the window; with E2E_SCREENSHOTS, a picture of the screen. */
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
    name: 'catalogue: a flavour list picked on a duplicated product, and 30 mg/ml refused in Bulgarian',
    widths: [1440, 390],
    async run({ page, width, admin }) {
      const listName = `Вкусове E2E ${width} ${Date.now()}`;
      const flavours = ['Ягода', 'Диня', 'Мента', 'Манго'];
      await signInToAdmin(page, admin, '/admin/flavour-lists');

      // A flavour list, defined once: one flavour a line.
      await page.getByText('Вкусове TWINS и TRIPLES').first().waitFor();
      await fitsAndShoot(page, width, 'flavour-lists');
      await page.goto('/admin/flavour-lists/create');
      await page.getByLabel(/^Име/).fill(listName);
      await page.getByLabel(/^Вкусове/).fill(flavours.join('\n'));
      await fitsAndShoot(page, width, 'flavour-list-create');
      await page.getByRole('button', { name: 'Запази' }).click();
      await page.getByText('Списъкът с вкусове е създаден.').first().waitFor();
      await page.getByText(listName).first().waitFor();

      // Duplicate the TWINS: the copy's edit page opens, a draft with no stock.
      const { product: twins } = await (await page.request.get('/api/products/vap-solo-twins')).json();
      await page.goto(`/admin/products/${twins.id}`);
      await page.getByLabel(/^Име/).first().waitFor();
      assert.equal(await page.getByLabel(/^Вид/).first().textContent(), 'Устройство');
      await page.getByRole('button', { name: 'Дублирай' }).click();
      await page.getByText('Създадено е копие на продукта като чернова.').first().waitFor();
      await page.waitForURL((url) => /^\/admin\/products\/\d+$/.test(url.pathname) && url.pathname !== `/admin/products/${twins.id}`);
      const copyId = Number(new URL(page.url()).pathname.split('/').pop());
      await waitForValue(page.getByLabel(/^Име/).first(), /^VAP SOLO TWINS \(копие\)/);
      await fitsAndShoot(page, width, 'product-copy');
      const copy = await (await page.request.get(`/api/admin/products/${copyId}`)).json();
      assert.equal(copy.status, 'draft');
      assert.equal(copy.stock, 0);
      assert.equal(copy.kind, 'device');
      assert.deepEqual(
        copy.images.map((i) => i.url),
        twins.images.map((i) => i.url),
      );

      // "Вкусове": the list fills both chambers of the copy, then it is saved.
      await page.getByRole('tab', { name: 'Характеристики' }).click();
      await page.getByRole('combobox', { name: 'Вкусове' }).click();
      await page.getByRole('option', { name: `${listName} (${flavours.length})` }).click();
      await page.getByText(`Вкусовете от „${listName}“ са попълнени (${flavours.length}).`).first().waitFor();
      await fitsAndShoot(page, width, 'product-flavour-picker');
      await page.getByRole('button', { name: 'Запази' }).click();
      await page.getByText('Продуктът е актуализиран успешно.').first().waitFor();
      const saved = await (await page.request.get(`/api/admin/products/${copyId}`)).json();
      assert.deepEqual(
        saved.attributes.map((a) => [a.name, a.values.map((v) => v.value)]),
        [
          ['Вкус 1', flavours],
          ['Вкус 2', flavours],
        ],
      );

      // 30 mg/ml: the form says no in Bulgarian and sends nothing.
      await page.goto(`/admin/products/${copyId}`);
      const nicotine = page.getByLabel(/^Никотин/).first();
      await nicotine.fill('30');
      await page.getByRole('button', { name: 'Запази' }).click();
      await page.getByText(NICOTINE_REFUSED).first().waitFor();
      await fitsAndShoot(page, width, 'product-nicotine-refused');
      assert.equal((await (await page.request.get(`/api/admin/products/${copyId}`)).json()).nicotineMgMl, 20);

      // And so does the server, whatever sends it.
      const { csrfToken } = await (await page.request.get('/api/csrf-token')).json();
      const refused = await page.request.put(`/api/admin/products/${copyId}`, {
        headers: { 'x-csrf-token': csrfToken },
        data: { nicotineMgMl: 30 },
      });
      assert.equal(refused.status(), 400);
      assert.deepEqual(await refused.json(), { message: NICOTINE_REFUSED, errors: { nicotineMgMl: NICOTINE_REFUSED } });
    },
  },
];
