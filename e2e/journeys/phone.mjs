// A shopper on a 390 px phone: the place on the page survives route changes, a guest
// cart with long Cyrillic inscriptions never loses a line it reported as added, quantities stop
// at the stock, search forgives the script, and no page is wider than the screen.
// SHOTS_DIR=/tmp/shots keeps a screenshot of every page the width check visits.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { appStarted, assert, passAgeGate } from '../helpers.mjs';

/** The grid has its products (not the skeleton). */
async function gridLoaded(page) {
  await page.waitForFunction(
    () => document.querySelectorAll('.product-card-link').length > 0 && !document.querySelector('[aria-busy="true"]'),
  );
}

async function noWiderThanScreen(page, what) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${what} is ${scrollWidth} px wide on a ${innerWidth} px screen`);
}

/** axe-core's colour-contrast rule on the page as it is (WCAG AA: 4.5:1 for text). */
async function contrastViolations(page) {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  // Evaluated through the DevTools protocol: the shop's CSP (script-src 'self') stays as it is.
  await page.evaluate(fs.readFileSync(axePath, 'utf8'));
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } });
    return result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  });
}

const cartLines = (page) =>
  page.evaluate(() => {
    const raw = document.cookie.split('; ').find((c) => c.startsWith('cart='));
    return raw ? JSON.parse(decodeURIComponent(raw.slice(5))).length : 0;
  });

export const journeys = [
  {
    name: 'phone: a new page opens at its top with focus on its heading; Back returns to the place in the grid',
    widths: [390],
    async run({ page }) {
      await passAgeGate(page);
      await page.goto('/products');
      await gridLoaded(page);
      // The new page's focus and the kept place are the app's: it runs before the tap.
      await appStarted(page);
      const last = page.locator('.product-card-link').last();
      await last.scrollIntoViewIfNeeded();
      const name = (await last.locator('.product-card-title').textContent()).trim();
      const gridY = await page.evaluate(() => window.scrollY);
      assert.ok(gridY > 300, `the last card is low in the grid (scrolled ${gridY} px)`);

      await last.click();
      const h1 = page.getByRole('heading', { level: 1, name });
      await h1.waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      const box = await h1.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `the product's name is on the screen (y=${box?.y})`);
      await page.waitForFunction((n) => document.getElementById('live-polite')?.textContent?.includes(n), name);

      await page.goBack();
      await gridLoaded(page);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, gridY);

      // "Следваща" at the bottom of the grid opens page 2 at its top.
      const next = page.getByRole('button', { name: 'Следваща →' });
      await next.scrollIntoViewIfNeeded();
      await next.click();
      await page.waitForURL(/page=2/);
      await gridLoaded(page);
      assert.equal(await page.evaluate(() => window.scrollY), 0);

      // A reload returns to the place on the page; another address opened afresh starts at the top
      // (not at the place kept for the first page this tab loaded afresh).
      await page.evaluate(() => window.scrollTo(0, 600));
      const placeY = await page.evaluate(() => window.scrollY);
      // Kept for this entry on the next animation frame.
      await page.waitForFunction((y) => JSON.parse(sessionStorage.getItem('scroll-positions') ?? '{}')[history.state?.key] === y, placeY);
      await page.reload();
      await gridLoaded(page);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, placeY);
      await page.goto('/products?sort=-price');
      await gridLoaded(page);
      await appStarted(page);
      assert.equal(await page.evaluate(() => window.scrollY), 0);
    },
  },
  {
    name: 'phone: a guest cart with long Cyrillic inscriptions never reports an add it did not keep',
    widths: [390],
    async run({ page }) {
      await passAgeGate(page);
      await page.goto('/products/vap-solo-twins');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const selects = page.locator('.buy-box select');
      for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 });
      const letters = 'АБВГДЕЖЗИКЛМНОП';
      let added = 0;
      let refused = false;
      for (let i = 0; i < 12 && !refused; i++) {
        // 100 letters without a space: 600 bytes each in the cookie, and a word that must wrap.
        await page.getByLabel(/Надпис върху устройството/).fill(letters[i].repeat(100));
        await page.getByRole('button', { name: 'Добави в количката' }).click();
        const outcome = await Promise.race([
          page
            .getByRole('link', { name: `Количка, ${added + 1} бр.` })
            .waitFor()
            .then(() => 'added'),
          page
            .locator('.buy-box [role="alert"]')
            .getByText(/Количката на този браузър е пълна/)
            .waitFor()
            .then(() => 'refused'),
        ]);
        if (outcome === 'added') added++;
        else refused = true;
      }
      assert.ok(refused, 'a cart that does not fit the cookie is refused, not silently dropped');
      assert.ok(added >= 4, `several long lines fit (${added})`);
      assert.equal(await cartLines(page), added, 'every line reported as added is in the cookie');
      await page.locator('.buy-box [role="alert"]').getByRole('link', { name: 'Вход' }).waitFor();

      await page.getByRole('link', { name: `Количка, ${added} бр.` }).click();
      await page.getByRole('heading', { name: /^Количка/ }).waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('.cart-line').length === n, added);
      await noWiderThanScreen(page, 'the cart with long inscriptions');
      const remove = page.getByRole('button', { name: /^Премахни/ }).first();
      const rbox = await remove.boundingBox();
      assert.ok(rbox && rbox.x + rbox.width <= 390, 'the remove button is on the screen');
    },
  },
  {
    name: 'phone: quantities stop at the stock on the product page and in the cart',
    widths: [390],
    async run({ page }) {
      await passAgeGate(page);
      const res = await page.request.get('/api/products/vap-solo-triples');
      const { product } = await res.json();
      const variant = product.variants.filter((v) => v.stock > 0 && v.stock <= 30).sort((a, b) => a.stock - b.stock)[0];
      assert.ok(variant, 'a variant with a small stock');
      await page.goto('/products/vap-solo-triples');
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (product.variants.length > 1) await page.locator('.chip-option').getByText(variant.name, { exact: true }).click();
      const selects = page.locator('.buy-box select');
      for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 + i });
      await page.getByRole('spinbutton', { name: 'Количество' }).fill(String(variant.stock + 5));
      assert.equal(await page.getByRole('spinbutton', { name: 'Количество' }).inputValue(), String(variant.stock));
      await page.getByText(`Налични: ${variant.stock} бр.`).waitFor();
      await page.getByRole('button', { name: 'Добави в количката' }).click();
      await page.getByRole('link', { name: `Количка, ${variant.stock} бр.` }).waitFor();
      await page.getByText(`Всички налични бройки (${variant.stock}) вече са в количката.`).waitFor();
      assert.ok(await page.getByRole('button', { name: 'Добави в количката' }).isDisabled());

      await page.goto('/cart');
      await page.getByRole('heading', { name: /^Количка/ }).waitFor();
      await page.locator('.cart-line').getByText(`Налични: ${variant.stock} бр.`).waitFor();
      assert.ok(await page.getByRole('button', { name: 'Увеличи' }).isDisabled());
    },
  },
  {
    name: 'phone: search finds products in either script',
    widths: [390],
    async run({ page }) {
      await passAgeGate(page);
      await page.goto('/products');
      const names = async (query) => {
        await page.getByRole('searchbox').fill(query);
        await page.getByRole('button', { name: 'Търси' }).click();
        await page.waitForURL((u) => u.searchParams.get('search') === query);
        // The line above the grid names the search it answers (the grid before it is the previous one's).
        await page
          .locator('.results-for', { hasText: `„${query}“` })
          .or(page.locator('.empty'))
          .first()
          .waitFor();
        return page.locator('.product-card-title').allTextContents();
      };
      const yagoda = await names('yagoda');
      assert.ok(
        yagoda.some((n) => /Ягода/.test(n)),
        `"yagoda" finds the strawberry products (${yagoda.join(', ')})`,
      );
      const twins = await names('туинс');
      assert.ok(
        twins.includes('VAP SOLO TWINS') && twins.filter((n) => /TWINS/.test(n)).length >= 5,
        `"туинс" finds TWINS (${twins.join(', ')})`,
      );
      assert.ok(!twins.some((n) => /TRIPLES/.test(n)), 'and not TRIPLES');
    },
  },
  {
    name: 'phone: no storefront page is wider than the screen',
    widths: [390],
    async run({ page }) {
      await passAgeGate(page);
      const shots = process.env.SHOTS_DIR;
      if (shots) fs.mkdirSync(shots, { recursive: true });
      // A line with an unbroken inscription in the cart.
      await page.evaluate(() => {
        document.cookie = `cart=${encodeURIComponent(JSON.stringify([[Date.now(), 1, 0, 1, [], 'Щ'.repeat(100)]]))}; Path=/`;
      });
      const pages = [
        '/',
        '/products',
        '/products?page=2',
        '/products?page=99',
        '/products/vap-solo-twins',
        '/products/vap-solo-triples',
        '/cart',
        '/checkout',
        '/signin',
        '/register',
        '/forgot-password',
        '/contact',
        '/terms',
        '/privacy',
        '/returns',
        '/no-such-page',
        '/products/no-such-product',
      ];
      for (const url of pages) {
        await page.goto(url);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        if (shots) await page.screenshot({ path: path.join(shots, `${url.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`), fullPage: true });
        await noWiderThanScreen(page, url);
        if (url === '/no-such-page') assert.deepEqual(await contrastViolations(page), [], 'the 404 page passes colour contrast');
      }
    },
  },
];
