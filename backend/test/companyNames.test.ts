// Company and shop names refuse links as people's names do (domain/names.ts, the same rule): a
// stranger's application whose company name is an advert with a link gets 400 on the field, and
// nothing is saved or mailed; the same on every other path that writes a company's or a shop's
// name (staff's company edit, its shops, the invoice request at checkout, the shop's own identity).
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, checkoutBody, type Catalogue } from './fixtures';
import { Company, Order, User } from '../src/models';
import { settled } from '../src/platform/events';
import { SAFETY } from '@domain/messages';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-company-names-'));
const shop = shopForThisFile({ outboxDir });
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

const ADVERT = 'Спечелихте iPhone! Вземете наградата си на http://evil.example/claim';

let admin: Browser;
let cat: Catalogue;
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});

function application(company: Record<string, string> = {}, shops?: object[]) {
  return {
    company: {
      name: 'Вейп Търговия ЕООД',
      eik: '100000001',
      vatNumber: '',
      address: 'ул. Витоша 1',
      city: 'София',
      mol: 'Петър Петров',
      tobaccoPermit: 'ЗАДС-1',
      ...company,
    },
    contact: { firstName: 'Петър', lastName: 'Петров', email: 'zhertva@example.bg', phone: '0888123456', password: 'firma-parola-123' },
    shops: shops ?? [{ name: 'Вейп Център', city: 'Пловдив', address: 'ул. Главна 5', phone: '032123456' }],
  };
}

async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}

const counts = async () => [await Company.query().resultSize(), await User.query().resultSize(), fs.readdirSync(outboxDir).length];

describe('a company name with a link', () => {
  it('is refused in an application: 400 on the field, no company, no account, no mail', async () => {
    const before = await counts();
    const res = await (await guest()).post('/api/trade/applications', application({ name: ADVERT }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'company.name': SAFETY.nameHasLink });
    await settled();
    expect(await counts()).toEqual(before);
  });

  it("is refused as a shop's name in an application", async () => {
    const before = await counts();
    const shops = [{ name: 'Награда на www.evil.example', city: 'Пловдив', address: 'ул. Главна 5', phone: '' }];
    const res = await (await guest()).post('/api/trade/applications', application({}, shops));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'shops.0.name': SAFETY.nameHasLink });
    await settled();
    expect(await counts()).toEqual(before);
  });

  it("is refused when staff change a company's name or shops", async () => {
    const company = (await (await guest()).post('/api/trade/applications', application({ eik: '100012377' })).expect(201)).body;
    const named = await admin.put(`/api/admin/companies/${company.id}`, { name: 'Фирма evil.example/vhod' });
    expect([named.status, named.body.errors]).toEqual([400, { name: SAFETY.nameHasLink }]);
    const shops = await admin.put(`/api/admin/companies/${company.id}`, {
      shops: [{ name: 'https://evil.example', city: 'Пловдив', address: 'ул. Главна 5' }],
    });
    expect([shops.status, shops.body.errors]).toEqual([400, { 'shops.0.name': SAFETY.nameHasLink }]);
    expect((await Company.query().findById(company.id))!.name).toBe('Вейп Търговия ЕООД');
  });

  it('is refused on the invoice a buyer asks for at checkout', async () => {
    const before = await Order.query().resultSize();
    const res = await (
      await guest()
    ).post(
      '/api/orders/create',
      checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }], {
        invoice: { companyName: ADVERT, eik: '130175000', mol: 'Петър Петров', address: 'гр. Пловдив' },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'invoice.companyName': SAFETY.nameHasLink });
    expect(await Order.query().resultSize()).toBe(before);
  });

  it("is refused as the shop's own name and legal name, which every mail carries", async () => {
    const brand = await admin.put('/api/admin/settings', { brand: 'VAP SOLO www.evil.example' });
    expect([brand.status, brand.body.errors]).toEqual([400, { brand: SAFETY.nameHasLink }]);
    const legal = await admin.put('/api/admin/settings', { legal: { companyName: 'ВАП СОЛО http://evil.example' } });
    expect([legal.status, legal.body.errors]).toEqual([400, { 'legal.companyName': SAFETY.nameHasLink }]);
    // A name without a link is a name.
    expect((await admin.put('/api/admin/settings', { brand: 'VAP SOLO Bulgaria' })).status).toBe(200);
  });
});
