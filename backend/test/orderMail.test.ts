// The shopper's e-mails as the outbox keeps them: HTML with a plain-text part (multipart/
// alternative), the order's lines, totals in both currencies, a link to the order, the courier's
// tracking page once shipped, the return address and model form with a withdrawal, no staff
// words, and every value a shopper typed escaped in the HTML.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, TestShop } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import { Order } from '../src/models';
import { settled } from '../src/platform/events';
import { DEFAULT_SETTINGS } from '../src/modules/settings/service';
import { WITHDRAWAL_FORM_TITLE } from '@domain/withdrawalForm';
import { formatDual } from '@domain/money';

let cat: Catalogue;
let admin: Awaited<ReturnType<TestShop['signedIn']>>;
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-mails-'));

const shop = shopForThisFile({ outboxDir, publicUrl: 'https://shop.example.bg' });
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});
afterAll(async () => {
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

function decodeQp(qp: string): string {
  const bytes = qp.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

interface Eml {
  raw: string;
  subject: string;
  text: string;
  html: string;
}

function parse(raw: string): Eml {
  const boundary = /boundary="([^"]+)"/.exec(raw)?.[1];
  const subjectB64 = /^Subject: =\?UTF-8\?B\?([^?]+)\?=/m.exec(raw)?.[1];
  const subject = subjectB64 ? Buffer.from(subjectB64, 'base64').toString('utf8') : (/^Subject: (.*)$/m.exec(raw)?.[1] ?? '');
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [];
  const body = (type: string) => {
    const part = parts.find((p) => p.includes(`Content-Type: ${type}`));
    return part ? decodeQp(part.split('\r\n\r\n').slice(1).join('\r\n\r\n')) : '';
  };
  return { raw, subject, text: body('text/plain'), html: body('text/html') };
}

/** The message with this subject, once the mail under way has been written (mail goes out after
 *  the commit: `settled` waits for it). */
async function mailWith(subjectPart: string): Promise<Eml> {
  await settled();
  for (const f of fs.readdirSync(outboxDir)) {
    const mail = parse(fs.readFileSync(path.join(outboxDir, f), 'latin1'));
    if (mail.subject.includes(subjectPart)) return mail;
  }
  throw new Error(`no mail with "${subjectPart}"`);
}

const typed = '<b>Мария & "Иван"</b>';

async function order(firstName = '<script>x</script>') {
  const b = shop.browser();
  await b.csrf();
  return placeOrder(
    b,
    [
      {
        productId: cat.twins.id,
        variantId: cat.twins.v0,
        quantity: 2,
        personalization: typed,
        attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }],
      },
      { productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 },
    ],
    { customer: { firstName, lastName: 'Иванова', email: `m${Date.now()}@example.bg`, phone: '+359 88 123 4567' } },
  );
}

describe('the order confirmation', () => {
  it('is HTML with a text part: lines with flavours and inscription, totals in both currencies, a link to the order', async () => {
    const placed = await order();
    const mail = await mailWith(`Поръчка ${placed.number} е приета`);
    expect(mail.raw).toContain('Content-Type: multipart/alternative');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('TWINS Плодов микс');
      expect(part).toContain('0 mg');
      expect(part).toContain('Вкус 1: Ягода');
      expect(part).toContain('TRIPLES Ментол');
      expect(part).toContain(formatDual(49.8, 'BGN', true)); // 2 × 24,90, and in euro at 1.95583
      expect(formatDual(49.8, 'BGN', true).replace(/\u00a0/g, ' ')).toBe('49,80 лв. / 25,46 €');
      expect(part).toContain(`https://shop.example.bg/orders/${placed.id}`);
    }
    expect(mail.text).toContain(`Надпис: „${typed}“`);
    expect(mail.text).toContain('× 2');
    // What the shopper typed is text in the HTML, never markup.
    expect(mail.html).toContain('&lt;b&gt;Мария &amp; &quot;Иван&quot;&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Мария');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('a hostile name', () => {
  it('is text in the confirmation HTML, never an element', async () => {
    const placed = await order('<img src=x onerror=alert(1)>');
    const mail = await mailWith(`Поръчка ${placed.number} е приета`);
    expect(mail.text).toContain('Здравейте, <img src=x onerror=alert(1)>!');
    expect(mail.html).toContain('Здравейте, &lt;img src=x onerror=alert(1)&gt;!');
    expect(mail.html).not.toMatch(/<img/i);
  });
});

describe('the shipping e-mail', () => {
  it('names the courier and links to its tracking page', async () => {
    const placed = await order();
    expect((await admin.put(`/api/admin/orders/${placed.id}`, { status: 'confirmed' })).status).toBe(200);
    expect((await admin.put(`/api/admin/orders/${placed.id}`, { status: 'shipped', trackingNumber: '1055123456' })).status).toBe(200);
    const mail = await mailWith(`Поръчка ${placed.number}: Изпратена`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Еконт');
      expect(part).toContain('https://www.econt.com/services/track-shipment/1055123456');
      expect(part).toContain(`https://shop.example.bg/orders/${placed.id}`);
    }
  });
});

describe('the withdrawal acknowledgement', () => {
  it('gives the return address and the model withdrawal form', async () => {
    const b = await shop.signedIn();
    const placed = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
    await Order.query()
      .patch({ status: 'delivered', deliveredAt: new Date(Date.now() - 86400_000).toISOString() } as Partial<Order>)
      .findById(placed.id);
    expect((await b.post(`/api/orders/${placed.id}/withdraw`, {})).status).toBe(200);
    const mail = await mailWith(`Поръчка ${placed.number}: отказ от договора`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Адрес за връщане');
      expect(part).toContain(DEFAULT_SETTINGS.contacts.city);
      expect(part).toContain(WITHDRAWAL_FORM_TITLE);
      expect(part).toContain('TRIPLES Ментол');
    }
  });

  it('of a cancellation uses no staff words', async () => {
    const b = await shop.signedIn();
    const placed = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
    expect((await b.post(`/api/orders/${placed.id}/withdraw`, {})).status).toBe(200);
    const mail = await mailWith(`Поръчка ${placed.number}: отказана`);
    expect(mail.text).toContain(placed.number);
    expect(mail.text).not.toMatch(/[Нн]аличност/);
    expect(mail.html).not.toMatch(/[Нн]аличност/);
  });
});
