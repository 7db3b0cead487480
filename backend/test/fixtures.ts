// A small catalogue written with the models, for the tests that buy (checkout, orders, admin).
import fs from 'node:fs';
import { Product, Variant, Attribute, AttributeValue, ProductAttribute, Discount, Company, User } from '../src/models';
import type { Browser, TestShop } from './helpers';
import { settled } from '../src/platform/events';

export interface Catalogue {
  flavour: number;
  berry: number;
  mint: number;
  /** TWINS at 24.90 with variants 0 mg (stock 100) and 20 mg (stock 2, 26.90); flavours berry and mint. */
  twins: { id: number; v0: number; v20: number };
  /** TRIPLES at 30.00, one variant with stock 100. */
  triples: { id: number; variant: number };
  /** A product with only 3 left: the race tests buy it. */
  last3: { id: number; variant: number };
}

export async function product(
  name: string,
  slug: string,
  price: number,
  variants: Array<{ sku: string; name: string; stock: number; price?: number }>,
  status: 'active' | 'draft' = 'active',
) {
  const p = await Product.query().insert({ name, slug, price, status } as Partial<Product>);
  const ids: number[] = [];
  for (const [position, v] of variants.entries()) {
    ids.push(
      (
        await Variant.query().insert({
          productId: p.id,
          sku: v.sku,
          name: v.name,
          stock: v.stock,
          price: v.price ?? null,
          position,
        } as Partial<Variant>)
      ).id,
    );
  }
  return { id: p.id, variants: ids };
}

export async function makeCatalogue(): Promise<Catalogue> {
  const flavour = (await Attribute.query().insert({ name: 'Вкус 1' } as Partial<Attribute>)).id;
  const berry = (await AttributeValue.query().insert({ attributeId: flavour, value: 'Ягода' } as Partial<AttributeValue>)).id;
  const mint = (await AttributeValue.query().insert({ attributeId: flavour, value: 'Мента' } as Partial<AttributeValue>)).id;
  const twins = await product('TWINS Плодов микс', 'twins-plodov-miks', 2490, [
    { sku: 'TW-0', name: '0 mg', stock: 100 },
    { sku: 'TW-20', name: '20 mg', stock: 2, price: 2690 },
  ]);
  for (const v of [berry, mint])
    await ProductAttribute.query().insert({ productId: twins.id, attributeId: flavour, attributeValueId: v } as Partial<ProductAttribute>);
  const triples = await product('TRIPLES Ментол', 'triples-mentol', 3000, [{ sku: 'TR-1', name: 'Стандартен', stock: 100 }]);
  const last3 = await product('TWINS Лимитиран', 'twins-limitiran', 2000, [{ sku: 'LT-1', name: 'Стандартен', stock: 3 }]);
  return {
    flavour,
    berry,
    mint,
    twins: { id: twins.id, v0: twins.variants[0], v20: twins.variants[1] },
    triples: { id: triples.id, variant: triples.variants[0] },
    last3: { id: last3.id, variant: last3.variants[0] },
  };
}

export async function stockOf(variantId: number): Promise<number> {
  return (await Variant.query().findById(variantId))!.stock;
}

export async function discount(fields: Partial<Discount>): Promise<Discount> {
  return Discount.query().insertAndFetch({
    type: 'percent',
    value: 10,
    minSubtotal: 0,
    active: true,
    usedCount: 0,
    ...fields,
  } as Partial<Discount>);
}

let seq = 0;
/** A complete checkout body; items are the guest cookie's lines. */
export function checkoutBody(items: object[] | undefined, extra: Record<string, unknown> = {}) {
  seq++;
  return {
    ...(items ? { items } : {}),
    customer: { firstName: 'Мария', lastName: 'Иванова', email: `maria${seq}@example.bg`, phone: '+359 88 123 4567' },
    shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис Еконт Витоша' },
    paymentMethod: 'cod',
    ageConfirmed: true,
    termsAccepted: true,
    ...extra,
  };
}

export async function placeOrder(b: Browser, items: object[] | undefined, extra: Record<string, unknown> = {}) {
  const res = await b.post('/api/orders/create', checkoutBody(items, extra));
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order as { id: number; number: string; total: number; status: string; [k: string]: any };
}

/** The outbox's messages, oldest first (the file names begin with the time they were written),
 *  once every mail under way has been written: mail goes out after the commit (an effect) or after
 *  the answer, and `settled` waits for both. Reading sooner would find an older message to the same
 *  address (an earlier registration's link) before the new one, or nothing at all under load. */
async function outboxMessages(outboxDir: string): Promise<string[]> {
  await settled();
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(`${outboxDir}/${f}`, 'latin1')));
}

/** The first message in the outbox that matches, once the mail under way has been written. */
export async function mailTo(outboxDir: string, match: (text: string) => boolean): Promise<string | undefined> {
  return (await outboxMessages(outboxDir)).find(match);
}

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The token of the newest link that proves `email`, read from the outbox once the mail under way
 *  has been written. */
export async function verificationToken(outboxDir: string, email: string): Promise<string> {
  const tokens = (await outboxMessages(outboxDir)).flatMap((text) => {
    const m = text.includes(`To: ${email}\r\n`) || text.includes(`To: ${email}\n`) ? /verify-email\?token=([\w-]+)/.exec(text) : null;
    return m ? [m[1]] : [];
  });
  if (!tokens.length) throw new Error(`no verification link for ${email}`);
  return tokens[tokens.length - 1];
}

/** The owner opens the link mailed to their address: it is proven theirs. */
export async function proveAddress(outboxDir: string, b: Browser, email: string): Promise<void> {
  const token = await verificationToken(outboxDir, email);
  const res = await b.post('/api/auth/verify-email', { token });
  if (res.status !== 200) throw new Error(`verify-email: ${res.status} ${JSON.stringify(res.body)}`);
}

/** An approved trade company as staff leave it after an application (ЕИК, VAT number, МОЛ, permit,
 *  contact, 14 days' terms), with `fields` on top. */
export async function approvedCompany(fields: Partial<Company> = {}): Promise<Company> {
  return Company.query().insertAndFetch({
    name: 'Вейп Трейд ООД',
    eik: '130175000',
    vatNumber: 'BG130175000',
    address: 'ул. „Тракия“ 5',
    city: 'Пловдив',
    mol: 'Петър Петров',
    tobaccoPermit: 'ЗАДС-90е-123',
    contactFirstName: 'Петър',
    contactLastName: 'Петров',
    contactEmail: 'office@vapetrade.example.bg',
    contactPhone: '+359 88 765 4321',
    status: 'approved',
    statusReason: '',
    paymentTermsDays: 14,
    creditLimit: null,
    approvedAt: new Date().toISOString(),
    ...fields,
  } as Partial<Company>);
}

/** A signed-in customer who is a member of company `c` (their browser, id and e-mail). */
export async function memberOf(shop: TestShop, c: Company): Promise<Browser & { userId: number; email: string }> {
  const u = await shop.user('customer');
  await User.query()
    .patch({ companyId: c.id } as Partial<User>)
    .findById(u.id);
  const b = shop.browser();
  await b.signIn(u.email, u.password);
  return Object.assign(b, { userId: u.id, email: u.email });
}
