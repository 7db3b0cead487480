// One request per cart action, against the real server: a guest's add is
// one preview; after signing in (the guest line merged), an add, a quantity change, a removal
// and a clear are one call each to /api/cart, and the page shows what that call answered.
import { assert, passAgeGate, toast, waitForBadge, uniqueEmail } from '../helpers.mjs';

/** Every call to the cart API the page makes, as "METHOD /path". */
function recordCartCalls(page) {
  const calls = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/cart')) calls.push(`${r.method()} ${pathname}`);
  });
  return calls;
}

/** Opens a product page and waits until the cart it starts with has been read. */
async function openProduct(page, slug, signedIn) {
  const read = page.waitForResponse((r) => new URL(r.url()).pathname === (signedIn ? '/api/cart' : '/api/cart/preview'));
  await page.goto(`/products/${slug}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await read;
}

async function choose(page, variant) {
  await page.locator('.chip-option').getByText(variant, { exact: true }).click();
  const selects = page.locator('.buy-box select');
  for (let i = 0, n = await selects.count(); i < n; i++) await selects.nth(i).selectOption({ index: 1 + i });
}

export const journeys = [
  {
    name: 'cart: each add, change, removal and clear is one request, and the page shows its answer',
    widths: [1440],
    async run({ page }) {
      const calls = recordCartCalls(page);
      const email = uniqueEmail('kolichka');
      const password = 'parola-e2e-1';
      await passAgeGate(page);

      // A guest: the stock check's answer is the cart shown.
      await page.goto('/products/vap-solo-twins');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await choose(page, '0 mg');
      calls.length = 0;
      await page.getByRole('button', { name: 'Добави в количката' }).click();
      await toast(page, 'Продуктът е добавен в количката!');
      await waitForBadge(page, 1);
      assert.deepEqual(calls, ['POST /api/cart/preview']);

      await page.goto('/register');
      await page.getByRole('heading', { name: 'Регистрация', level: 1 }).waitFor();
      await page.getByLabel('Име', { exact: true }).fill('Калина');
      await page.getByLabel('Фамилия').fill('Колева');
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill(password);
      await page.getByRole('button', { name: 'Регистрация' }).click();
      await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
      await page.getByLabel('Имейл').fill(email);
      await page.getByLabel('Парола').fill(password);
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await page.getByRole('heading', { name: 'Профил' }).waitFor();
      await waitForBadge(page, 1); // the guest's line, merged into the server cart

      // Signed in: the add's answer is the cart.
      await openProduct(page, 'vap-solo-triples', true);
      await choose(page, '0 mg');
      calls.length = 0;
      await page.getByRole('button', { name: 'Добави в количката' }).click();
      await toast(page, 'Продуктът е добавен успешно в количката.');
      await waitForBadge(page, 2);
      assert.deepEqual(calls, ['POST /api/cart/add']);

      // The cart page (a route change reads the cart), then one call per change.
      const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cart' && r.request().method() === 'GET');
      await page.getByRole('link', { name: /Количка/ }).click();
      await page.getByRole('heading', { name: /^Количка/ }).waitFor();
      await read;
      const triples = page.locator('.cart-line', { has: page.getByRole('link', { name: 'VAP SOLO TRIPLES' }) });
      const lineTotal = await triples.locator('.cart-line-total').textContent();

      calls.length = 0;
      await triples.getByRole('button', { name: 'Увеличи' }).click();
      await toast(page, 'Продуктът е редактиран успешно в количката.');
      await waitForBadge(page, 3);
      assert.equal(await triples.getByRole('spinbutton').inputValue(), '2');
      assert.notEqual(await triples.locator('.cart-line-total').textContent(), lineTotal, 'the line total is the answered one');
      assert.equal(calls.length, 1);
      assert.match(calls[0], /^PUT \/api\/cart\/edit\/\d+$/);

      calls.length = 0;
      await page.getByRole('button', { name: 'Премахни VAP SOLO TWINS' }).click();
      await toast(page, 'Продуктът е премахнат успешно от количката.');
      await waitForBadge(page, 2);
      assert.equal(await page.getByRole('link', { name: 'VAP SOLO TWINS' }).count(), 0);
      assert.equal(calls.length, 1);
      assert.match(calls[0], /^DELETE \/api\/cart\/remove\/\d+$/);

      calls.length = 0;
      await page.getByRole('button', { name: 'Изчисти количката' }).click();
      await toast(page, 'Количката е изчистена успешно.');
      await page.getByRole('heading', { name: 'Количката е празна' }).waitFor();
      assert.deepEqual(calls, ['DELETE /api/cart']);
      // What the page shows is what the server keeps.
      const kept = await (await page.request.get('/api/cart')).json();
      assert.deepEqual(kept.cartItems, []);
    },
  },
];
