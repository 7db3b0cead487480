// Storefront pages as a link-preview crawler or a search engine reads them (no JavaScript): the
// rendered HTML with its head, Open Graph and JSON-LD, the sitemap, robots.txt and 404s. The
// server entry is the storefront's source here (loaded through ts-jest), as `npm run build`
// makes it for production.
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeShop, shopForThisFile, TestShop } from './helpers';
import { seedDemo } from '../../seeds/demo';
import { product } from './fixtures';
import { PRODUCT_DATA } from '@domain/messages';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import supertest from 'supertest';
import { loadEntry, storefrontPages } from '../src/modules/storefront';
import { SOURCE_ENTRY } from '../src/modules/storefront/entry';
import { staticFiles } from '../src/platform/http/static';
import { chunkPreloads, loadTemplate, pageDocument, parseTemplate } from '../src/modules/storefront/document';
import { APP_BOOT_SCRIPT, APP_BOOT_SCRIPT_SOURCE } from '../src/modules/storefront/appAfterPaint';
import { AGE_GATE_SCRIPT_SOURCE } from '../src/modules/storefront/ageGateHead';

let admin: Awaited<ReturnType<TestShop['signedIn']>>;
const ORIGIN = 'https://shop.example.bg';

const shop = shopForThisFile({ publicUrl: ORIGIN, memoryCaches: true });
beforeAll(async () => {
  await seedDemo(shop.app.knex, { uploadDir: shop.config.uploadDir });
  await product('Чернова без цена', 'chernova-skrita', 1000, [{ sku: 'DR-1', name: 'Стандартен', stock: 5 }], 'draft');
  admin = await shop.signedIn('admin');
});

/** A crawler: no cookies, no JavaScript; asks for plain HTML. */
function crawl(url: string) {
  return shop.browser().get(url).set('Accept-Encoding', 'identity').set('User-Agent', 'facebookexternalhit/1.1');
}

/** The document's head and body as a crawler sees them. */
function parse(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]);
  const meta = (key: string) => {
    const tag = metas.find((t) => attr(t, 'name') === key || attr(t, 'property') === key);
    return tag ? decode(attr(tag, 'content') ?? '') : undefined;
  };
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]));
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  const data = /<script type="application\/json" id="__DATA__">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const body = html.slice(html.indexOf('<body'));
  return { titles, meta, canonical, jsonLd, data, body, head };
}

/** The bytes as they travel (supertest would unpack them). */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  const server = http.createServer(shop.app.callback()).listen(0);
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      http
        .get({ port, path: url, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

function decode(s: string) {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('a product page as a crawler reads it', () => {
  it('has the product, its title (brand once), description, canonical and Open Graph in the HTML', async () => {
    const res = await crawl('/products/vap-solo-twins');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    const page = parse(res.text);
    expect(page.titles).toEqual(['VAP SOLO TWINS – два вкуса в едно устройство | VAP SOLO']);
    expect(page.meta('description')).toBeTruthy();
    expect(page.canonical).toBe(`${ORIGIN}/products/vap-solo-twins`);
    expect(page.meta('og:type')).toBe('product');
    expect(page.meta('og:title')).toBe(page.titles[0]);
    expect(page.meta('og:description')).toBe(page.meta('description'));
    expect(page.meta('og:url')).toBe(`${ORIGIN}/products/vap-solo-twins`);
    // The demo pictures are SVG, which link previews do not show: a PNG drawn from it.
    expect(page.meta('og:image')).toBe(`${ORIGIN}/og/demo/twins.png`);
    expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
    const png = await shop.browser().get('/og/demo/twins.png').buffer(true);
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    expect((png.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    expect((await shop.browser().get('/og/demo/no-such-picture.png')).status).toBe(404);
    const outside = await shop.browser().get('/og/..%2f..%2fpackage.png');
    expect([400, 403, 404]).toContain(outside.status);
    expect(outside.type).not.toBe('image/png');
    expect(page.meta('product:price:currency')).toBe('BGN');
    expect(page.meta('og:price:amount')).toBe(page.meta('product:price:amount'));
    expect(Number(page.meta('product:price:amount'))).toBeGreaterThan(0);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:title')).toBe(page.titles[0]);
    // The product itself, without JavaScript.
    expect(page.body).toContain('<h1>VAP SOLO TWINS</h1>');
    expect(page.body).toContain('Добави в количката');
  });

  it('shows each product title with the brand once', async () => {
    const { products } = (await shop.browser().get('/api/products?limit=50')).body as { products: Array<{ slug: string; name: string }> };
    expect(products.length).toBeGreaterThan(20);
    for (const p of products) {
      const [title] = parse((await crawl(`/products/${p.slug}`)).text).titles;
      expect(title.endsWith(' | VAP SOLO')).toBe(true);
      expect(title).not.toContain('| VAP SOLO |');
    }
  });

  it('carries a ProductGroup of its variants and a BreadcrumbList, as Google’s merchant listings ask', async () => {
    const { product: api } = (await shop.browser().get('/api/products/vap-solo-triples')).body;
    const page = parse((await crawl('/products/vap-solo-triples')).text);
    const group = page.jsonLd.find((d) => d['@type'] === 'ProductGroup');
    expect(group['@context']).toBe('https://schema.org');
    expect(group.name).toBe(api.name);
    expect(group.url).toBe(`${ORIGIN}/products/vap-solo-triples`);
    expect(group.image[0]).toBe(`${ORIGIN}${api.images[0].url}`);
    expect(group.productGroupID).toBe(String(api.id));
    expect(group.variesBy).toEqual(['https://schema.org/size']);
    expect(group.hasVariant).toHaveLength(api.variants.length);
    // Beside the group, the variant the page opens with, as a Product of the group.
    const opensWith = api.variants.find((v: { stock: number }) => v.stock > 0);
    const shown = page.jsonLd.find((d) => d['@type'] === 'Product');
    expect(shown).toMatchObject({
      name: api.name,
      sku: opensWith.sku,
      isVariantOf: { '@id': group['@id'] },
      offers: { '@type': 'Offer', price: opensWith.price, priceCurrency: 'BGN' },
    });
    for (const [i, v] of api.variants.entries()) {
      const variant = group.hasVariant[i];
      expect(variant).toMatchObject({ '@type': 'Product', sku: v.sku, name: `${api.name} – ${v.name}`, size: v.name });
      expect(variant.gtin).toBeUndefined();
      expect(variant.offers).toMatchObject({
        '@type': 'Offer',
        price: v.price,
        priceCurrency: 'BGN',
        availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: `${ORIGIN}/products/vap-solo-triples`,
        itemCondition: 'https://schema.org/NewCondition',
      });
      // Delivery in Bulgaria from the shop's fees (5,90 to an office, 7,90 to an address; free from 100).
      expect(variant.offers.shippingDetails).toEqual(
        [5.9, 7.9].map((value) => ({
          '@type': 'OfferShippingDetails',
          shippingRate: { '@type': 'MonetaryAmount', value: v.price >= 100 ? 0 : value, currency: 'BGN' },
          shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'BG' },
          deliveryTime: {
            '@type': 'ShippingDeliveryTime',
            handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
            transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 2, unitCode: 'DAY' },
          },
        })),
      );
      expect(variant.offers.hasMerchantReturnPolicy).toEqual({
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'BG',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 14,
        returnMethod: 'https://schema.org/ReturnByMail',
        returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
      });
    }
    expect(group.hasVariant.map((v: { offers: { availability: string } }) => v.offers.availability)).toContain(
      'https://schema.org/OutOfStock',
    );
    const opening = api.variants.find((v: { stock: number }) => v.stock > 0);
    expect(page.meta('product:price:amount')).toBe(opening.price.toFixed(2));
    const crumbs = page.jsonLd.find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Начало', 'Магазин', api.category.name, api.name]);
    expect(crumbs.itemListElement[3]).toMatchObject({ position: 4, item: `${ORIGIN}/products/vap-solo-triples` });
  });

  it('names a variant’s GTIN when it has one, and refuses a GTIN with a wrong check digit', async () => {
    const { product: api } = (await shop.browser().get('/api/products/vap-solo-triples')).body;
    const bad = await admin.put(`/api/admin/products/${api.id}`, {
      variants: api.variants.map((v: object, i: number) => (i === 0 ? { ...v, gtin: '4006381333932' } : v)),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain(PRODUCT_DATA.gtinInvalid);
    for (const wrongLength of ['1234567', '12345678901', 'abcdefghijklm']) {
      expect(
        (
          await admin.put(`/api/admin/products/${api.id}`, {
            variants: [{ ...api.variants[0], gtin: wrongLength }, ...api.variants.slice(1)],
          })
        ).status,
      ).toBe(400);
    }
    await admin
      .put(`/api/admin/products/${api.id}`, {
        variants: api.variants.map((v: object, i: number) => (i === 0 ? { ...v, gtin: '4006381333931' } : v)),
      })
      .expect(200);
    const page = parse((await crawl('/products/vap-solo-triples')).text);
    const group = page.jsonLd.find((d) => d['@type'] === 'ProductGroup');
    expect(group.hasVariant[0].gtin).toBe('4006381333931');
    expect(group.hasVariant[1].gtin).toBeUndefined();
    // Sent back without the field (an older form): the GTIN stays; empty: gone.
    const kept = (await admin.put(`/api/admin/products/${api.id}`, { name: api.name }).expect(200)).body;
    expect((kept.product ?? kept).variants[0].gtin).toBe('4006381333931');
    await admin.put(`/api/admin/products/${api.id}`, { variants: api.variants.map((v: object) => ({ ...v, gtin: '' })) }).expect(200);
    // Only a variant with a GTIN carries the field (the documented variant shape stays as it was).
    expect((await shop.browser().get('/api/products/vap-solo-triples')).body.product.variants[0].gtin).toBeUndefined();
  });

  it('a product with one variant is a Product with its SKU and one offer', async () => {
    const { products } = (await shop.browser().get('/api/products?limit=50')).body as { products: Array<{ slug: string }> };
    let single: any;
    for (const p of products) {
      const full = (await shop.browser().get(`/api/products/${p.slug}`)).body.product;
      if (full.variants.length === 1) {
        single = full;
        break;
      }
    }
    expect(single).toBeDefined();
    const ld = parse((await crawl(`/products/${single.slug}`)).text).jsonLd.find((d) => d['@type'] === 'Product');
    expect(ld).toMatchObject({
      name: single.name,
      sku: single.variants[0].sku,
      offers: { '@type': 'Offer', price: single.variants[0].price, priceCurrency: 'BGN' },
    });
    expect(ld.offers.hasMerchantReturnPolicy.merchantReturnDays).toBe(14);
    expect(ld.offers.shippingDetails).toHaveLength(2);
  });

  it('says OutOfStock when nothing is left', async () => {
    const { product: api } = (await shop.browser().get('/api/products/vap-solo-triples')).body;
    // Stock moves through the inventory (a count of 0), never through a product save.
    for (const v of api.variants as Array<{ id: number }>) await admin.put(`/api/admin/inventory/${v.id}`, { stock: 0 }).expect(200);
    const page = parse((await crawl('/products/vap-solo-triples')).text);
    const group = page.jsonLd.find((d) => d['@type'] === 'ProductGroup');
    expect(group.hasVariant.map((v: { offers: { availability: string } }) => v.offers.availability)).toEqual(
      api.variants.map(() => 'https://schema.org/OutOfStock'),
    );
    expect(page.body).toContain('Изчерпан');
    await admin.put(`/api/admin/products/${api.id}`, { variants: api.variants }).expect(200);
  });

  it('hands the browser the data it was rendered with, with < escaped', async () => {
    const { product: api } = (await shop.browser().get('/api/products/vap-solo-twins')).body;
    const hostile = '</script><script>alert(1)</script> <!-- край';
    await admin.put(`/api/admin/products/${api.id}`, { seoDescription: hostile }).expect(200);
    const html = (await crawl('/products/vap-solo-twins')).text;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- край');
    expect(parse(html).jsonLd.find((d) => d['@type'] === 'ProductGroup' || d['@type'] === 'Product').description).toBe(hostile);
    expect(JSON.parse(parse(html).data!).product.seoDescription).toBe(hostile);
    await admin.put(`/api/admin/products/${api.id}`, { seoDescription: api.seoDescription }).expect(200);
    const { data } = parse(html);
    expect(data).toBeTruthy();
    expect(data).not.toContain('<');
    const payload = JSON.parse(data!);
    expect(payload.url).toBe('/products/vap-solo-twins');
    expect(payload.product.slug).toBe('vap-solo-twins');
    expect(payload.settings.brand).toBe('VAP SOLO');
  });

  it("answers 404 with the shop's 404 page for an unknown product and for a draft", async () => {
    for (const url of ['/products/no-such-thing', '/products/chernova-skrita']) {
      const res = await crawl(url);
      expect(res.status).toBe(404);
      expect(res.type).toBe('text/html');
      expect(res.text).toContain('Продуктът не е намерен.');
      expect(parse(res.text).meta('robots')).toBe('noindex');
      expect(res.text).not.toContain('Чернова без цена');
    }
  });

  it('answers 404 for an unknown page', async () => {
    const res = await crawl('/no-such-page');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Страницата не е намерена.');
  });
});

describe('other catalogue pages', () => {
  it('home: title, canonical and Organization', async () => {
    const res = await crawl('/');
    expect(res.status).toBe(200);
    const page = parse(res.text);
    expect(page.titles).toEqual(['Начало | VAP SOLO']);
    expect(page.canonical).toBe(`${ORIGIN}/`);
    expect(page.meta('og:type')).toBe('website');
    const org = page.jsonLd.find((d) => d['@type'] === 'Organization');
    expect(org).toMatchObject({
      name: 'VAP SOLO',
      legalName: 'ВАП СОЛО ЕООД',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo.png`,
      vatID: 'BG206123451',
      taxID: '206123451',
    });
    // From the legal identity („гр. София 1000, бул. „Витоша“ 1“).
    expect(org.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'бул. „Витоша“ 1',
      addressLocality: 'София',
      postalCode: '1000',
      addressCountry: 'BG',
    });
    // The logo is a real picture, at least 112×112, not the favicon.
    // (storefront/public is copied to the site's root by the build.)
    const logo = fs.readFileSync(path.join(__dirname, '../../storefront/public/logo.png'));
    expect(logo.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([logo.readUInt32BE(16), logo.readUInt32BE(20)]).toEqual([512, 512]);
    expect(page.body).toContain('Един вейп. Два или три вкуса.');
    expect(page.body).toContain('product-card');
  });

  it("shop and a category page: the list for the URL's filters and page, in the HTML", async () => {
    const all = await crawl('/products');
    expect(all.status).toBe(200);
    expect(parse(all.text).titles).toEqual(['Магазин | VAP SOLO']);
    const { categories } = (await shop.browser().get('/api/categories')).body as {
      categories: Array<{ slug: string; name: string; productCount: number }>;
    };
    const category = categories.find((c) => c.productCount > 0)!;
    const api = (await shop.browser().get(`/api/products?category=${category.slug}&sort=name`)).body;
    const res = await crawl(`/products?category=${category.slug}&sort=name`);
    expect(res.status).toBe(200);
    const page = parse(res.text);
    expect(page.titles).toEqual([`${category.name} | VAP SOLO`]);
    expect(page.canonical).toBe(`${ORIGIN}/products?category=${category.slug}`);
    for (const p of api.products) expect(page.body).toContain(`href="/products/${p.slug}"`);
    expect(JSON.parse(page.data!).products.products.map((p: { id: number }) => p.id)).toEqual(
      api.products.map((p: { id: number }) => p.id),
    );
    expect(page.jsonLd.find((d) => d['@type'] === 'BreadcrumbList').itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Начало',
      'Магазин',
      category.name,
    ]);
    expect((await crawl('/products?category=no-such-category')).status).toBe(404);
  });

  it('info pages are rendered; pages of one visitor are left to the browser', async () => {
    const terms = await crawl('/terms');
    expect(terms.status).toBe(200);
    expect(parse(terms.text).titles).toEqual(['Общи условия | VAP SOLO']);
    expect(terms.text).toContain('<h1>Общи условия</h1>');
    // No built storefront here: the shell of cart and checkout is not in this test's tree.
    for (const url of ['/cart', '/checkout', '/account']) expect((await crawl(url)).text).not.toContain('__DATA__');
  });
});

describe('sitemap and robots', () => {
  it('lists every active product and category with lastmod, never a draft', async () => {
    const res = await crawl('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/xml');
    const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const { products, total } = (await shop.browser().get('/api/products?limit=100')).body;
    expect(products.length).toBe(total);
    for (const p of products) expect(locs).toContain(`${ORIGIN}/products/${p.slug}`);
    const { categories } = (await shop.browser().get('/api/categories')).body;
    for (const c of categories) expect(locs).toContain(`${ORIGIN}/products?category=${c.slug}`);
    expect(locs).toContain(`${ORIGIN}/`);
    expect(res.text).not.toContain('chernova-skrita');
    expect(res.text).toMatch(/<url><loc>[^<]*\/products\/vap-solo-twins<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/);
  });

  it('robots.txt keeps crawlers out of staff and visitor pages and points to the sitemap', async () => {
    const res = await crawl('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/plain');
    const lines = res.text.split('\n');
    for (const p of ['/admin', '/api', '/cart', '/checkout', '/account']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('kept and compressed', () => {
  it('a price change shows at once on the cached page', async () => {
    const { product: api } = (await shop.browser().get('/api/products/vap-solo-twins')).body;
    const before = parse((await crawl('/products/vap-solo-twins')).text);
    expect(before.meta('product:price:amount')).not.toBe('33.33');
    await admin
      .put(`/api/admin/products/${api.id}`, { price: 33.33, variants: api.variants.map((v: object) => ({ ...v, price: null })) })
      .expect(200);
    const after = parse((await crawl('/products/vap-solo-twins')).text);
    expect(after.meta('product:price:amount')).toBe('33.33');
    expect(after.jsonLd.find((d) => d['@type'] === 'ProductGroup').hasVariant[0].offers.price).toBe(33.33);
    expect(after.body).toContain('33,33');
  });

  it('compresses the page with brotli or gzip as the client accepts, and revalidates with the ETag', async () => {
    const plain = await crawl('/products/vap-solo-twins');
    const br = await rawGet('/products/vap-solo-twins', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.text);
    expect(br.body.length).toBeLessThan(plain.text.length / 3);
    const gz = await shop.browser().get('/products/vap-solo-twins').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(plain.text); // supertest unzips gzip
    const again = await crawl('/products/vap-solo-twins').set('If-None-Match', plain.headers.etag);
    expect(again.status).toBe(304);
  });
});

describe('the first paint of a rendered page', () => {
  it('has the age gate in it, after the page, and hides it before the paint on a device that said yes', async () => {
    const res = await crawl('/products');
    expect(res.status).toBe(200);
    const { head, body } = parse(res.text);
    // The gate used to open only once the app had loaded (a second or two later on a phone).
    expect(body).toMatch(/<div class="overlay age-overlay" role="dialog" aria-modal="true" aria-labelledby="age-title"/);
    expect(body).toContain('<h2 id="age-title">Навършили ли сте 18 години?</h2>');
    expect(body.indexOf('<main')).toBeLessThan(body.indexOf('role="dialog"'));
    // One inline script, allowed by its hash and nothing wider.
    const scripts = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain('localStorage.getItem("age-confirmed")==="yes"');
    expect(scripts[0]).toContain('document.documentElement.classList.add("age-confirmed")');
    // The page's inline scripts (this one and the app's boot) are allowed by their hashes, nothing wider.
    const inline = [...res.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${crypto.createHash('sha256').update(m[1], 'utf8').digest('base64')}'`,
    );
    const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(res.headers['content-security-policy'])?.[1].split(' ');
    expect(scriptSrc).toEqual(["'self'", AGE_GATE_SCRIPT_SOURCE, APP_BOOT_SCRIPT_SOURCE]);
    for (const source of inline) expect(scriptSrc).toContain(source);
    // Where scripts do not run nobody could answer it: hidden there.
    expect(head).toContain('<noscript><style>.age-overlay{display:none}</style></noscript>');
  });

  it('asks for the first pictures of the shop at once and the rest when they come near', async () => {
    const { body } = parse((await crawl('/products')).text);
    const pictures = [...body.matchAll(/<div class="product-card-image"><img ([^>]*)>/g)].map((m) => m[1]);
    expect(pictures.length).toBeGreaterThan(4);
    for (const img of pictures.slice(0, 4)) {
      expect(img).toContain('loading="eager"');
      expect(img).toMatch(/fetchpriority="high"/i);
      expect(img).toMatch(/width="\d+" height="\d+"/);
    }
    for (const img of pictures.slice(4)) {
      expect(img).toContain('loading="lazy"');
      expect(img).not.toMatch(/fetchpriority="high"/i);
    }
  });
});

describe('the server entry', () => {
  it("is the storefront's own source when there is no build (loaded through ts-jest)", async () => {
    const entry = loadEntry([SOURCE_ENTRY]);
    expect(entry).not.toBeNull();
    expect(entry!.pageNeeds('/cart')).toEqual({ render: 'client' });
    expect(entry!.pageNeeds('/products/vap-solo-twins')).toMatchObject({ render: 'server', product: 'vap-solo-twins' });
    expect(entry!.pageNeeds('/nowhere')).toMatchObject({ render: 'server', notFound: true });
    const html = await entry!.render({ url: '/terms', origin: ORIGIN, settings: (await shop.browser().get('/api/settings')).body });
    expect(html.startsWith('<title>Общи условия | VAP SOLO</title>')).toBe(true);
    expect(html).toContain('<h1>Общи условия</h1>');
  });

  it('renders a large page whole: no part left hidden for an inline script the CSP would block', async () => {
    const entry = loadEntry([SOURCE_ENTRY])!;
    const { data } = parse((await crawl('/products')).text);
    const payload = JSON.parse(data!);
    // A shop page well over React's 12.8 KB "progressive chunk": long names, many categories.
    payload.products.products = payload.products.products.map((p: { name: string }, i: number) => ({
      ...p,
      name: `${p.name} ${'дълго име '.repeat(40)}${i}`,
    }));
    payload.categories = Array.from({ length: 40 }, (_, i) => ({
      ...payload.categories[0],
      id: 1000 + i,
      slug: `kategoriya-${i}`,
      name: `Категория ${i}`,
      parentId: null,
    }));
    const html = await entry.render(payload);
    expect(html.length).toBeGreaterThan(20_000);
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toMatch(/<script>/);
    expect(html).toContain('<h1>Магазин</h1>');
  });

  it('without one, pages are the shell the browser renders, as before', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-shell-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>VAP SOLO</title></head><body><div id="root"></div></body></html>',
    );
    const shell = await makeShop({ storefrontDist: dist });
    try {
      const pages = storefrontPages(shell.config, { entry: null });
      const app = new Koa();
      app.use(staticFiles(shell.config, pages.render));
      const res = await supertest(app.callback()).get('/products/vap-solo-twins');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toContain('__DATA__');
    } finally {
      await shell.close();
    }
  });
});

describe('the document', () => {
  it("preloads the page's chunk and what it imports, not what the shell loads already", () => {
    const template = parseTemplate(
      '<html><head><title>x</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
    )!;
    template.chunks = {
      'index.html': { file: 'assets/index-1.js' },
      '_ProductPage-2.js': { file: 'assets/ProductPage-2.js', name: 'ProductPage', imports: ['index.html', '_Price-3.js'] },
      '_Price-3.js': { file: 'assets/Price-3.js', name: 'Price' },
      'src/pages/Home.tsx': { file: 'assets/Home-4.js', name: 'Home', imports: ['_Price-3.js'] },
    };
    expect(chunkPreloads(template, 'src/pages/ProductPage.tsx')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/ProductPage-2.js"><link rel="modulepreload" crossorigin href="/assets/Price-3.js">',
    );
    expect(chunkPreloads(template, 'src/pages/Home.tsx')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/Home-4.js"><link rel="modulepreload" crossorigin href="/assets/Price-3.js">',
    );
    expect(chunkPreloads(template, undefined)).toBe('');
    const html = pageDocument(
      template,
      '<title>A | VAP SOLO</title><meta name="description" content="d"/><main>x</main>',
      { url: '/', origin: ORIGIN, settings: {} as never },
      'src/pages/Home.tsx',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>A | VAP SOLO</title><meta name="description" content="d"/>\n  </head>');
    expect(html).toContain('<div id="root"><main>x</main></div><script type="application/json" id="__DATA__">');
  });

  it('carries the built stylesheet in the page, so the first paint waits for nothing else', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-css-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-5.css'), ':root{--brand:#5b21b6}');
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><link rel="stylesheet" crossorigin href="/assets/index-5.css"></head><body><div id="root"></div></body></html>',
    );
    const template = loadTemplate(dist)!;
    expect(template.head).toContain('<style>:root{--brand:#5b21b6}</style>');
    expect(template.head).not.toContain('<link rel="stylesheet"');
  });
});

describe('the app of a rendered page', () => {
  it('is asked for after the page has loaded: no script or chunk preload in the head, the list read by the boot script', () => {
    const template = parseTemplate(
      '<html><head><title>x</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/settings-9.js"><style>main{}</style></head><body><div id="root"></div></body></html>',
    )!;
    template.chunks = { 'src/pages/ProductPage.tsx': { file: 'assets/ProductPage-2.js', name: 'ProductPage' } };
    const app = '<link rel="preload" href="/uploads/a.webp" as="image" fetchPriority="high"/><title>A | VAP SOLO</title><main>x</main>';
    const html = pageDocument(template, app, { url: '/products/a', origin: ORIGIN, settings: {} as never }, 'src/pages/ProductPage.tsx');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(head).not.toContain('modulepreload');
    const list = JSON.parse(/<script type="application\/json" id="app-scripts">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(list).toEqual({ entry: ['/assets/index-1.js'], preload: ['/assets/settings-9.js', '/assets/ProductPage-2.js'] });
    const boot = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).pop();
    expect(boot).toBe(APP_BOOT_SCRIPT);
    expect(boot).toContain('addEventListener("load"');
    // The page's picture is asked for first, before the styles; it is in the head once.
    expect(head.indexOf('<link rel="preload" href="/uploads/a.webp"')).toBeLessThan(head.indexOf('<style'));
    expect(html.match(/\/uploads\/a\.webp/g)).toHaveLength(1);
  });
});
