// Mail caps: every mail a stranger can make the shop send counts against the
// recipient's cap. Before, only the order confirmation did: a stranger who placed and cancelled
// 9 guest orders to one mailbox had 15 messages delivered to it.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody } from './fixtures';
import { ORDER_MAILS_PER_RECIPIENT } from '@domain/limits';
import { GUEST_ORDER } from '@domain/messages';
import { settled } from '../src/platform/events';

let cat: Catalogue;
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-stranger-mail-'));
const shop = shopForThisFile({ outboxDir });
beforeAll(async () => {
  cat = await makeCatalogue();
});
afterAll(async () => {
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}
const items = () => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }];
async function orderFor(b: Browser, email: string) {
  const body = checkoutBody(items());
  const res = await b.post('/api/orders/create', { ...body, customer: { ...body.customer, email } });
  expect(res.status).toBe(201);
  return res.body.order as { id: number };
}
const mailsTo = (to: RegExp) => fs.readdirSync(outboxDir).filter((f) => to.test(fs.readFileSync(path.join(outboxDir, f), 'latin1'))).length;

describe('a stranger mailing someone through guest orders', () => {
  it(`places and cancels orders to one mailbox: at most ${ORDER_MAILS_PER_RECIPIENT} messages reach it`, async () => {
    const victim = 'kutiya@example.bg';
    const to = /To: kutiya(\+\d+)?@example\.bg\r\n/i;
    const forms = [victim, 'kutiya+1@example.bg', 'Kutiya@example.bg', victim];
    for (const email of forms) {
      const b = await guest();
      const placed = await orderFor(b, email);
      expect((await b.post(`/api/orders/${placed.id}/withdraw`, { reason: 'Проба' })).status).toBe(200);
    }
    await settled();
    expect(mailsTo(to)).toBe(ORDER_MAILS_PER_RECIPIENT);
  });

  it('staff confirming or cancelling the orders whose confirmation the cap withheld mail nothing about them', async () => {
    const victim = 'statusi@example.bg';
    const to = /To: statusi@example\.bg\r\n/i;
    const admin = await shop.signedIn('admin');
    const ids: number[] = [];
    for (let i = 0; i < ORDER_MAILS_PER_RECIPIENT + 3; i++) ids.push((await orderFor(await guest(), victim)).id);
    const withheld = ids.slice(ORDER_MAILS_PER_RECIPIENT);
    // Staff see why in the order's history.
    for (const id of withheld)
      expect((await admin.get(`/api/admin/orders/${id}`)).body.events.map((e: { note: string }) => e.note)).toContain(
        GUEST_ORDER.confirmationWithheld,
      );
    expect((await admin.put(`/api/admin/orders/${withheld[0]}`, { status: 'confirmed' })).status).toBe(200);
    expect((await admin.put(`/api/admin/orders/${withheld[1]}`, { status: 'cancelled' })).status).toBe(200);
    expect((await admin.put(`/api/admin/orders/${withheld[2]}`, { status: 'confirmed' })).status).toBe(200);
    // A status change of an order whose confirmation went is mailed (it is a real customer's order).
    expect((await admin.put(`/api/admin/orders/${ids[0]}`, { status: 'confirmed' })).status).toBe(200);
    await settled();
    // The withheld orders' mails were decided before the last one's (sent one by one, in order).
    expect(mailsTo(to)).toBe(ORDER_MAILS_PER_RECIPIENT + 1);
  });

  it('a guest whose order moves through every status hears of each', async () => {
    const admin = await shop.signedIn('admin');
    const { id } = await orderFor(await guest(), 'istinski@example.bg');
    for (const status of ['confirmed', 'shipped', 'delivered'])
      expect((await admin.put(`/api/admin/orders/${id}`, { status, trackingNumber: '1055000001' })).status).toBe(200);
    const to = /To: istinski@example\.bg\r\n/i;
    await settled();
    expect(mailsTo(to)).toBe(4);
  });

  it('a customer cancelling orders to their own account address is never capped', async () => {
    const b = await shop.signedIn();
    const to = new RegExp(`To: ${b.email.replace(/[.+]/g, '\\$&')}\\r\\n`, 'i');
    for (let i = 0; i < ORDER_MAILS_PER_RECIPIENT; i++) {
      const placed = await orderFor(b, b.email);
      expect((await b.post(`/api/orders/${placed.id}/withdraw`, {})).status).toBe(200);
    }
    await settled();
    expect(mailsTo(to)).toBe(ORDER_MAILS_PER_RECIPIENT * 2);
  });
});
