// A buyer's order above their limit waits for an owner. A company (applied and approved through the
// API) has its applicant as owner; a second account is made a buyer with a limit of 10,00 net per
// order by staff. The buyer signs in, orders four packs through the checkout and is told the order
// waits for an owner's approval. The owner, in a browser context of their own, finds it under
// „Чакат одобрение“ on the account page, sees who placed it, approves it by keyboard and is told so;
// the buyer's account then shows it as a new order. axe-core finds nothing on each screen, at a
// phone's and a laptop's width; screenshots of each.
import fs from 'node:fs';
import path from 'node:path';
import {
  appStarted,
  assert,
  confirmAndOrder,
  expectNoAxeViolations,
  fillCheckout,
  passAgeGate,
  uniqueEmail,
  apiSession,
  anotherPerson,
} from '../helpers.mjs';

const PASSWORD = 'e2e-odobrenie-parola';
const SHOTS = process.env.E2E_SHOTS || path.join('e2e', 'artifacts');

async function shot(page, name, width) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `trade-approvals-${name}-${width}.png`), fullPage: true });
}

/** The company applies once (applications from one address are limited), staff approve it and make
 *  a second account its buyer with a limit. */
let made;
async function companyWithBuyer(base, admin) {
  if (made) return made;
  const owner = { email: uniqueEmail('sobstvenik'), password: PASSWORD };
  const buyer = { email: uniqueEmail('kupuvach'), password: PASSWORD };
  const guest = await apiSession(base);
  let companyId;
  try {
    const res = await guest.api.post('/api/trade/applications', {
      headers: guest.headers,
      data: {
        company: {
          name: 'Е2Е Одобрения ООД',
          eik: '831642181',
          vatNumber: '',
          address: 'ул. „Дунав“ 3',
          city: 'Видин',
          mol: 'Олга Собственикова',
          tobaccoPermit: 'ЗАДС-91е-0010',
        },
        contact: { firstName: 'Олга', lastName: 'Собственикова', phone: '0888123450', ...owner },
      },
    });
    assert.equal(res.status(), 201, `the application: ${res.status()} ${await res.text()}`);
    companyId = (await res.json()).id;
    const registered = await guest.api.post('/api/auth/register', {
      headers: guest.headers,
      data: { ...buyer, firstName: 'Борис', lastName: 'Купувачев', phone: '0888123451' },
    });
    assert.ok(registered.status() < 300, `the buyer's account: ${registered.status()} ${await registered.text()}`);
  } finally {
    await guest.api.dispose();
  }
  const staff = await apiSession(base, admin);
  try {
    const approved = await staff.api.post(`/api/admin/companies/${companyId}/approve`, { headers: staff.headers, data: {} });
    assert.equal(approved.status(), 200, `the approval: ${approved.status()} ${await approved.text()}`);
    const company = await approved.json();
    const ownerId = company.members.find((m) => m.email === owner.email).id;
    const put = await staff.api.put(`/api/admin/companies/${companyId}`, {
      headers: staff.headers,
      data: {
        ...company,
        members: [
          { id: ownerId, role: 'owner' },
          { email: buyer.email, role: 'buyer', orderLimit: '10,00' },
        ],
      },
    });
    assert.equal(put.status(), 200, `the members: ${put.status()} ${await put.text()}`);
  } finally {
    await staff.api.dispose();
  }
  made = { owner, buyer };
  return made;
}

async function signIn(page, who) {
  await passAgeGate(page);
  await page.goto('/signin');
  await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
  await appStarted(page);
  await page.getByLabel('Имейл').fill(who.email);
  await page.getByLabel('Парола').fill(who.password);
  await page.getByRole('button', { name: 'Вход', exact: true }).click();
  await page.getByRole('heading', { name: 'Профил' }).waitFor();
}

/** The buyer's cart: four packs of a product without flavours to choose (well above 10,00 net). */
async function fillCart(page) {
  const { csrfToken } = await (await page.request.get('/api/csrf-token')).json();
  const headers = { 'x-csrf-token': csrfToken };
  await page.request.delete('/api/cart', { headers });
  const { products } = await (await page.request.get('/api/products?limit=50')).json();
  const variant = products
    .filter((p) => !(p.attributes ?? []).length)
    .flatMap((p) => (p.variants ?? []).map((v) => ({ ...v, productId: p.id })))
    .find((v) => v.stock >= 40);
  assert.ok(variant, 'a variant with stock for the order');
  const quantity = (variant.packSize ?? 1) * 4;
  const added = await page.request.post('/api/cart/add', {
    headers,
    data: { productId: variant.productId, variantId: variant.id, quantity },
  });
  assert.ok(added.status() < 300, `the cart: ${added.status()} ${await added.text()}`);
}

export const journeys = [
  {
    name: "tradeApprovals: a buyer's order above their limit waits, and an owner approves it from the account page",
    widths: [390, 1440],
    async run({ page, context, base, admin, width }) {
      const { owner, buyer } = await companyWithBuyer(base, admin);

      // The buyer orders through the checkout and is told the order waits.
      await signIn(page, buyer);
      await fillCart(page);
      await page.goto('/checkout');
      await appStarted(page);
      await fillCheckout(page, { firstName: 'Борис', lastName: 'Купувачев', email: buyer.email });
      await page.getByLabel(/Банков превод/).check();
      await confirmAndOrder(page);
      const waiting = page.getByRole('status').getByText(/надхвърля лимита ви и чака одобрение от собственик на фирмата/);
      await waiting.waitFor();
      const number = (await waiting.textContent()).match(/VS-\d+/)[0];
      await expectNoAxeViolations(page, 'the checkout of an order held for approval');
      await shot(page, 'held', width);

      // The owner approves it from the account page, by keyboard.
      const ownerContext = await anotherPerson(context, base, width);
      try {
        const ownerPage = await ownerContext.newPage();
        await signIn(ownerPage, owner);
        const held = ownerPage.getByRole('region', { name: 'Чакат одобрение' });
        await held.waitFor();
        await held.getByText('Борис Купувачев').first().waitFor();
        const approve = held.getByRole('button', { name: `Одобри поръчка ${number}` });
        await approve.waitFor();
        await held.scrollIntoViewIfNeeded();
        await expectNoAxeViolations(ownerPage, 'the account with an order waiting for approval');
        await shot(ownerPage, 'waiting', width);
        await approve.focus();
        await ownerPage.keyboard.press('Enter');
        await ownerPage.getByText(`Поръчка ${number} е одобрена и изпратена към магазина.`).first().waitFor();
        await held.getByRole('button', { name: `Одобри поръчка ${number}` }).waitFor({ state: 'detached' });
        await expectNoAxeViolations(ownerPage, 'the account after the approval');
        await shot(ownerPage, 'approved', width);
      } finally {
        await ownerContext.close();
      }

      // The buyer's account shows it placed.
      await page.goto('/account');
      await appStarted(page);
      const row = page.getByRole('link', { name: new RegExp(number) });
      await row.getByText('Нова').waitFor();
    },
  },
];
