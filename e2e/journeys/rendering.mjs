// Server-rendered storefront pages: the product is in the HTML before any script
// runs, the browser hydrates it without a console error or a second fetch of its data, the age
// gate still asks (painted with the page, never on a device that said yes), and client-side
// navigation keeps each page's head (title, canonical, JSON-LD).
import { assert, passAgeGate } from '../helpers.mjs';

async function headOf(page) {
  return page.evaluate(() => ({
    title: document.title,
    titles: document.head.querySelectorAll('title').length,
    canonical: [...document.head.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
    ogTitle: [...document.head.querySelectorAll('meta[property="og:title"]')].map((m) => m.getAttribute('content')),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent || '{}')),
  }));
}

export const journeys = [
  {
    name: 'server-rendered product page hydrates and navigates',
    widths: [390, 1440],
    async run({ page, base }) {
      const problems = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      const apiCalls = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
      });

      // What a crawler gets: the product in the HTML itself.
      const html = await (await page.request.get(`${base}/products/vap-solo-twins`)).text();
      assert.match(html, /<h1>VAP SOLO TWINS<\/h1>/);
      assert.match(html, /<title>[^<]*\| VAP SOLO<\/title>/);

      await page.goto('/products/vap-solo-twins');
      // The age gate is in the page; it answers once the app runs (its buttons wait till then).
      await page.getByRole('dialog', { name: 'Навършили ли сте 18 години?' }).waitFor();
      await page.getByRole('button', { name: 'Да, на 18+ съм' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'VAP SOLO TWINS', level: 1 }).waitFor();
      // Hydrated: the form answers (a missing flavour is pointed out, nothing is sent).
      await page.getByRole('button', { name: 'Добави в количката' }).click();
      await page.locator('.error-text').first().waitFor();
      assert.ok(!apiCalls.includes('/api/products/vap-solo-twins'), `the product was fetched again: ${apiCalls.join(', ')}`);
      assert.ok(!apiCalls.includes('/api/settings'), 'the settings were fetched again');

      let head = await headOf(page);
      assert.equal(head.titles, 1);
      assert.match(head.title, /^VAP SOLO TWINS.* \| VAP SOLO$/);
      assert.deepEqual(head.canonical.length, 1);
      assert.match(head.canonical[0], /\/products\/vap-solo-twins$/);
      assert.equal(head.ogTitle.length, 1);
      assert.ok(head.jsonLd.some((d) => d['@type'] === 'Product' && d.name === 'VAP SOLO TWINS'));

      // Client-side navigation: the shop, then another product; the head follows.
      await page.locator('.breadcrumbs').getByRole('link', { name: 'Магазин' }).click();
      await page.getByRole('heading', { name: 'Магазин', level: 1 }).waitFor();
      await page.waitForFunction(() => document.title === 'Магазин | VAP SOLO');
      head = await headOf(page);
      assert.equal(head.titles, 1);
      assert.deepEqual(head.canonical.length, 1);
      assert.match(head.canonical[0], /\/products$/);
      assert.ok(!head.jsonLd.some((d) => d['@type'] === 'Product'));
      await page.locator('.product-card-link').first().waitFor();
      const name = (await page.locator('.product-card-title').first().textContent()).trim();
      await page.locator('.product-card-link').first().click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('script[type="application/ld+json"]')].some(
          (s) => JSON.parse(s.textContent || '{}')['@type'] === 'Product',
        ),
      );
      head = await headOf(page);
      assert.equal(head.titles, 1);
      assert.equal(head.jsonLd.find((d) => d['@type'] === 'Product').name, name);
      assert.match(head.title, / \| VAP SOLO$/);

      // A reload of the home page after all that: hydrated again without complaint.
      await page.goto('/');
      await page.getByRole('heading', { name: 'Един вейп. Два или три вкуса.' }).waitFor();
      await page.locator('.product-card').first().waitFor();
      await page.waitForTimeout(300);
      assert.deepEqual(problems, [], problems.join('\n'));
    },
  },
  {
    name: 'the age gate is painted with the page, before the app runs, and never on a device that said yes',
    widths: [390],
    async run({ page, context }) {
      const problems = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      // The app's code never arrives: what shows is what the first paint has.
      await context.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/products');
      const gate = page.getByRole('dialog', { name: 'Навършили ли сте 18 години?' });
      assert.ok(await gate.isVisible(), 'a first-time visitor sees the gate without the app');
      assert.ok(await page.getByRole('button', { name: 'Да, на 18+ съм' }).isDisabled(), 'its answer waits for the app');
      assert.equal((await page.locator('main h1').textContent()).trim(), 'Магазин', 'the page is under it');

      // A device that has said yes: hidden before the paint by the head script (allowed by the CSP).
      await page.evaluate(() => localStorage.setItem('age-confirmed', 'yes'));
      await page.goto('/products');
      await page.getByRole('heading', { name: 'Магазин', level: 1 }).waitFor();
      assert.equal(await page.locator('.age-overlay').count(), 1, 'the gate is in the HTML');
      assert.equal(await page.locator('.age-overlay').isVisible(), false, 'and hidden on this device');
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('age-confirmed')), true);

      // With the app: it closes on hydration, without a word in the console.
      await context.unroute('**/assets/*.js');
      await page.goto('/products');
      await page.locator('.product-card-link').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('.age-overlay'));
      assert.deepEqual(
        problems.filter((p) => !p.includes('net::ERR_FAILED')),
        [],
        problems.join('\n'),
      );
    },
  },
  {
    name: 'what a visitor chose and typed before the app ran is what the app adds, searches and sends',
    widths: [390],
    async run({ page, context }) {
      await passAgeGate(page);
      // The app's code can be held back (until the shopper has made the choices on the rendered
      // page) or kept away.
      let appCode = Promise.resolve('continue');
      let release;
      const holdApp = () => {
        appCode = new Promise((r) => {
          release = () => r('continue');
        });
      };
      await context.route('**/assets/*.js', async (route) => {
        if ((await appCode) === 'abort') await route.abort();
        else await route.continue();
      });
      holdApp();
      // (The page's load does not wait for the app: it is asked for after it.)
      await page.goto('/products/vap-solo-twins');
      const add = page.getByRole('button', { name: 'Добави в количката' });
      assert.ok(await add.isDisabled(), 'adding waits for the app');
      const selects = page.locator('.buy-box select');
      const chosen = [];
      for (let i = 0; i < (await selects.count()); i++) {
        await selects.nth(i).selectOption({ index: 1 + i });
        chosen.push((await selects.nth(i).locator('option:checked').textContent()).trim());
      }
      assert.ok(chosen.length >= 2, 'TWINS has two flavours to choose');
      await page.getByLabel(/Надпис върху устройството/).fill('За Мария');
      await page.getByRole('spinbutton', { name: 'Количество' }).fill('2');
      release();
      // Once the app runs, the form still shows the choices, and adding adds exactly them.
      await page.waitForFunction(() => !document.querySelector('.buy-box button[type="submit"]')?.disabled);
      assert.equal(await page.getByLabel(/Надпис върху устройството/).inputValue(), 'За Мария');
      await page.getByText(/^8\/\d+ знака$/).waitFor();
      await add.click();
      await page.getByRole('link', { name: 'Количка, 2 бр.' }).waitFor();
      await page.getByRole('link', { name: 'Количка, 2 бр.' }).click();
      const line = page.locator('.cart-line');
      await line.getByText('Надпис: „За Мария“').waitFor();
      const extras = await line.locator('.cart-line-body > .muted.small').first().textContent();
      for (const flavour of chosen) assert.ok(extras.includes(flavour), `${flavour} is in the cart line: ${extras}`);

      // The shop's search typed before the app ran is searched once it runs; sent before, the
      // server answers it.
      holdApp();
      await page.goto('/products');
      await page.locator('#shop-search').fill('triples');
      release();
      // The filters button answers only once the app runs (and has taken over the page).
      const filters = page.getByRole('button', { name: /^Филтри/ });
      for (let tries = 0; (await filters.getAttribute('aria-expanded')) !== 'true'; tries++) {
        assert.ok(tries < 100, 'the app started');
        await filters.click();
        await page.waitForTimeout(100);
      }
      await filters.click();
      assert.equal(await page.locator('#shop-search').inputValue(), 'triples');
      const documents = [];
      page.on('request', (r) => r.isNavigationRequest() && documents.push(r.url()));
      await page.getByRole('button', { name: 'Търси' }).click();
      await page.waitForURL(/search=triples/);
      await page.locator('.results-for').waitFor();
      assert.deepEqual(documents, [], 'the app searched, without loading a page');

      // The distributors' form typed before the app ran is sent as typed once it runs.
      holdApp();
      await page.goto('/contact');
      const send = page.getByRole('button', { name: 'Изпрати' });
      assert.ok(await send.isDisabled(), 'sending waits for the app');
      await page.getByLabel('Име', { exact: true }).fill('Георги Димитров');
      await page.getByLabel('Имейл', { exact: true }).fill('georgi@example.bg');
      await page.getByLabel('Съобщение').fill('Искаме да продаваме TWINS.');
      release();
      await page.waitForFunction(
        () => ![...document.querySelectorAll('button[type="submit"]')].some((b) => b.textContent === 'Изпрати' && b.disabled),
      );
      await send.click();
      await page
        .getByRole('status')
        .getByText(/Благодарим Ви! Получихме съобщението/)
        .waitFor();

      appCode = Promise.resolve('abort');
      await page.goto('/products');
      await page.locator('#shop-search').fill('twins');
      await page.getByRole('button', { name: 'Търси' }).click();
      await page.waitForURL(/search=twins/);
      await page.getByRole('heading', { name: 'VAP SOLO TWINS' }).first().waitFor();
    },
  },
  {
    name: "an unknown product answers 404 with the shop's page",
    async run({ page, base }) {
      const res = await page.goto('/products/no-such-product-here');
      assert.equal(res.status(), 404);
      await page.getByRole('heading', { name: 'Продуктът не е намерен.' }).waitFor();
      const robots = await (await page.request.get(`${base}/robots.txt`)).text();
      assert.match(robots, /Sitemap: .*\/sitemap\.xml/);
    },
  },
];
