// Staff bring stock and prices in from Excel: export the inventory, change a stock and add a new
// product (with a typo in its price), import with a dry run that points at the row, fix the file,
// apply with confirmation, and see the new stock on the inventory page. At a laptop's and a
// phone's width, with nothing wider than the window.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { assert } from '../helpers.mjs';
import { signInToAdmin } from './staff.mjs';

const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: keep screenshots of the import screen

async function noWiderThanWindow(page, where) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `${where}: the page is ${scroll} px wide in a ${inner} px window`);
}

/** The file as Excel would save it back: BOM, `;`, CRLF. */
function writeCsv(file, header, rows) {
  fs.writeFileSync(file, '\uFEFF' + Papa.unparse({ fields: header, data: rows }, { delimiter: ';', newline: '\r\n' }) + '\r\n');
}

export const journeys = [
  {
    name: 'admin: import stock and a new product from a CSV, with a dry run that shows the row error',
    widths: [1440, 390],
    async run({ page, width, admin }) {
      await signInToAdmin(page, admin, '/admin/inventory');
      await page.getByRole('button', { name: 'Импорт' }).waitFor();
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `inventory-${width}.png`) });

      // The page's own export is the template.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Експорт' }).click()]);
      const text = fs.readFileSync(await download.path(), 'utf8');
      const [header, ...rows] = Papa.parse(text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
      assert.deepEqual(header, [
        'Продукт',
        'Адрес (slug)',
        'Вариант',
        'SKU',
        'Цена',
        'Наличност',
        'Опаковка',
        'Никотин (mg/ml)',
        'Статус',
        'Категория',
      ]);
      const col = (name) => header.indexOf(name);
      const target = rows[0];
      const sku = target[col('SKU')];
      const newStock = String(Number(target[col('Наличност')]) + 7);
      target[col('Наличност')] = newStock;
      const newSku = `IMP-${width}`;
      const newRow = header.map(() => '');
      newRow[col('Продукт')] = `Тестов продукт ${width}`;
      newRow[col('Вариант')] = 'Стандартен';
      newRow[col('SKU')] = newSku;
      newRow[col('Цена')] = '12,5O'; // a letter O for a zero, as it happens
      newRow[col('Наличност')] = '5';
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-import-'));
      const file = path.join(dir, 'nalichnosti.csv');
      writeCsv(file, header, [...rows, newRow]);

      // The dry run: the row with the typo, its column and the reason; nothing can be applied.
      await page.getByRole('button', { name: 'Импорт' }).click();
      const dialog = page.getByRole('dialog', { name: /Импорт на продукти/ });
      await dialog.locator('input[type=file]').setInputFiles(file);
      const errorRow = dialog.locator(`[data-row="${rows.length + 2}"]`);
      await errorRow.getByText('Цена: Невалидна цена „12,5O“: напишете например 29,90.').waitFor();
      assert.equal(await errorRow.locator('li').count(), 1);
      await dialog.getByText(/Файлът има грешки на 1 ред/).waitFor();
      await dialog.getByText('Грешки: 1').waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Приложи' }).isDisabled(), true);
      await noWiderThanWindow(page, 'the import with an error');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `import-errors-${width}.png`) });

      // Fixed in "Excel" and picked again: the changes, then applied after a confirmation.
      newRow[col('Цена')] = '12,50';
      writeCsv(file, header, [...rows, newRow]);
      await dialog.locator('input[type=file]').setInputFiles(file);
      await dialog.getByText(/Проверката мина без грешки/).waitFor();
      await dialog.getByText('Нови продукти: 1').waitFor();
      await dialog
        .locator(`[data-row="2"]`)
        .getByText(`Наличност: ${Number(newStock) - 7} → ${newStock}`)
        .waitFor();
      await noWiderThanWindow(page, 'the import ready to apply');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `import-ready-${width}.png`) });
      await dialog.getByRole('button', { name: 'Приложи' }).click();
      const confirm = page.getByRole('dialog', { name: 'Да се приложи ли импортът?' });
      await confirm.getByText('Нови продукти: 1, нови варианти: 0, променени реда: 1.', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Приложи' }).click();
      await page.getByText('Импортът е приложен: 2 реда с промени.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      // The inventory page shows the new stock, and the new product's variant.
      await page.getByPlaceholder('Търсене').fill(sku);
      await page.locator(`input[aria-label^="Наличност на"]`).first().waitFor();
      await page.waitForFunction(
        (v) => [...document.querySelectorAll('input[aria-label^="Наличност на"]')].some((i) => i.value === v),
        newStock,
      );
      await page.getByPlaceholder('Търсене').fill(newSku);
      await page.getByRole('textbox', { name: `Наличност на Тестов продукт ${width} Стандартен` }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: `Наличност на Тестов продукт ${width} Стандартен` }).inputValue(), '5');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  },
];
