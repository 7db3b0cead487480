// „Къде да купя“ as a crawler reads it: rendered on the server with the approved trade
// customers' listed shops by city, and dropped from the page cache when a company changes;
// /trade/apply belongs to the visitor and is left to the browser (never the 404 page), and so are a
// trade member's pages (their prices are not the guest's).
import { shopForThisFile, TestShop } from './helpers';
import { seedDemo } from '../../seeds/demo';
import { Company } from '../src/models';

const shop = shopForThisFile({ publicUrl: 'https://shop.example.bg', memoryCaches: true });
let admin: Awaited<ReturnType<TestShop['signedIn']>>;
beforeAll(async () => {
  await seedDemo(shop.app.knex, { uploadDir: shop.config.uploadDir });
  admin = await shop.signedIn('admin');
});

const crawl = (url: string) => shop.browser().get(url).set('Accept-Encoding', 'identity').set('User-Agent', 'facebookexternalhit/1.1');

describe('the where-to-buy page', () => {
  it('is rendered with the listed shops by city, and follows a company’s suspension at once', async () => {
    let page = await crawl('/where-to-buy');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Къде да купя</h1>');
    expect(page.text).toContain('Вейп Дистрибуция – Център');
    expect(page.text.indexOf('>Пловдив</h2>')).toBeGreaterThan(0);
    expect(page.text.indexOf('>Пловдив</h2>')).toBeLessThan(page.text.indexOf('>София</h2>'));
    expect(page.text).toContain('__DATA__');

    const company = (await Company.query().first())!;
    await admin.post(`/api/admin/companies/${company.id}/suspend`, { reason: 'Проверка' }).expect(200);
    page = await crawl('/where-to-buy');
    expect(page.text).not.toContain('Вейп Дистрибуция – Център');
    expect(page.text).toContain('/trade/apply');
  });

  it('the application page is left to the browser, not answered as an unknown page', async () => {
    const res = await crawl('/trade/apply');
    // As /cart is (no built shell in this test's tree): not the server-rendered 404 page.
    expect(res.status).toBe((await crawl('/cart')).status);
    expect(res.text).not.toContain('__DATA__');
  });
});

describe("a trade member's pages", () => {
  it('are left to the browser, which asks for the member’s prices, never the guest’s page', async () => {
    const product = await crawl('/');
    expect(product.text).toContain('__DATA__');
    const slug = /href="\/products\/([^"?#]+)"/.exec(product.text)![1];
    const guest = await crawl(`/products/${slug}`);
    expect(guest.text).toContain('__DATA__');
    const member = await crawl(`/products/${slug}`).set('Cookie', 'vs_trade=1');
    expect(member.status).toBe((await crawl('/cart')).status);
    expect(member.text).not.toContain('__DATA__');
    // The guest's page is still served to guests from the cache afterwards.
    expect((await crawl(`/products/${slug}`)).text).toBe(guest.text);
  });
});
