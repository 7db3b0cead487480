// Buyers and owners: a company's members are owners (everyone who was a member) or buyers, set by
// staff or by an owner; an owner invites by e-mail and the invitation is accepted by whoever proves
// that address. A buyer's order above their limit is held (`awaiting_approval`): no stock taken, no
// invoice, nothing for staff, the owners mailed; an owner approves it (placed then, priced and
// stocked again) or declines it with a reason. A buyer sees the orders they placed, an owner all.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody, approvedCompany, memberOf, mailTo } from './fixtures';
import { Company, Invoice, Notification, Order, Product, User, Variant } from '../src/models';
import { settled } from '../src/platform/events';
import { MEMBER_TEXT } from '@domain/companyMembers';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-members-outbox-'));
const shop = shopForThisFile({ outboxDir, publicUrl: 'https://shop.example' });

let cat: Catalogue;
let admin: Browser;
let acme: Company;
let owner: Browser & { userId: number; email: string };
let buyer: Browser & { userId: number; email: string };

const line = (quantity: number) => ({ productId: cat.triples.id, variantId: cat.triples.variant, quantity });
const order = (b: Browser, quantity: number) =>
  b.post(
    '/api/orders/create',
    checkoutBody([line(quantity)], {
      paymentMethod: 'bank_transfer',
      customer: { firstName: 'Петя', lastName: 'Купувачева', email: 'petya@acme.example.bg', phone: '+359 88 765 4321' },
    }),
  );
const stock = async () => (await Variant.query().findById(cat.triples.variant))!.stock;

beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  acme = await approvedCompany();
  owner = await memberOf(shop, acme);
  buyer = await memberOf(shop, acme);
  // Staff make the second member a buyer with a limit of 100,00 net per order.
  const company = (await admin.get(`/api/admin/companies/${acme.id}`)).body;
  const put = await admin.put(`/api/admin/companies/${acme.id}`, {
    ...company,
    members: [
      { id: owner.userId, role: 'owner' },
      { id: buyer.userId, role: 'buyer', orderLimit: 100 },
    ],
  });
  expect(put.status).toBe(200);
  expect(put.body.members).toEqual([
    expect.objectContaining({ id: owner.userId, role: 'owner', orderLimit: null }),
    expect.objectContaining({ id: buyer.userId, role: 'buyer', orderLimit: 100 }),
  ]);
});

afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

describe('roles and limits', () => {
  it('shows each member their role and limit, and owners the members', async () => {
    const seen = await buyer.get('/api/trade/company');
    expect(seen.body.company.you).toEqual({ id: buyer.userId, role: 'buyer', orderLimit: 100 });
    expect(seen.body.company.invitations).toEqual([]);
    const mine = await owner.get('/api/trade/company');
    expect(mine.body.company.you.role).toBe('owner');
    expect(mine.body.company.members.map((m: any) => m.role)).toEqual(['owner', 'buyer']);
  });

  it('refuses staff a member list without an owner', async () => {
    const company = (await admin.get(`/api/admin/companies/${acme.id}`)).body;
    const put = await admin.put(`/api/admin/companies/${acme.id}`, {
      ...company,
      members: [{ id: owner.userId, role: 'buyer' }, { id: buyer.userId }],
    });
    expect(put.status).toBe(400);
    expect(put.body.errors.members).toBe(MEMBER_TEXT.lastOwner);
    expect((await User.query().findById(owner.userId))!.companyRole).toBe('owner');
  });

  it('lets only owners manage members', async () => {
    const res = await buyer.post('/api/trade/members', { email: 'nov@acme.example.bg', role: 'buyer' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MEMBER_TEXT.ownersOnly);
    const last = await owner.put(`/api/trade/members/${owner.userId}`, { role: 'buyer', orderLimit: null });
    expect(last.status).toBe(400);
    expect(last.body.errors.role).toBe(MEMBER_TEXT.lastOwner);
  });

  it("leaves the company's statement of account to its owners, and says so to a buyer", async () => {
    expect((await buyer.get('/api/auth/me')).body.user.company.role).toBe('buyer');
    const refused = await buyer.get('/api/trade/statement');
    expect([refused.status, refused.body.message]).toEqual([403, MEMBER_TEXT.statementOwnersOnly]);
    expect((await buyer.get('/api/trade/statement?format=pdf')).status).toBe(403);
    const shown = await owner.get('/api/trade/statement');
    expect(shown.status).toBe(200);
    expect((await owner.get('/api/auth/me')).body.user.company.role).toBe('owner');
  });
});

describe('a buyer above their limit', () => {
  it('places an order within the limit as any order', async () => {
    const before = await stock();
    // 1 × 30,00 with VAT is 25,00 net: within 100,00.
    const res = await order(buyer, 1);
    expect(res.status).toBe(201);
    expect(res.body.order.status).toBe('pending');
    expect(await stock()).toBe(before - 1);
  });

  let held: any;
  it('holds an order above it: no stock, no invoice, nothing for staff, the owners mailed', async () => {
    const before = await stock();
    const notices = await Notification.query().resultSize();
    const res = await order(buyer, 5);
    expect(res.status).toBe(201);
    held = res.body.order;
    expect(held.status).toBe('awaiting_approval');
    expect(held.statusLabel).toBe('Чака одобрение');
    await settled();
    expect(await stock()).toBe(before);
    expect(await Invoice.query().where({ orderId: held.id }).resultSize()).toBe(0);
    expect(await Notification.query().resultSize()).toBe(notices);
    const mail = await mailTo(outboxDir, (t) => t.includes(`To: ${owner.email}`) && t.includes(held.number));
    expect(mail).toContain(MEMBER_TEXT.mailAwaitingSubject(held.number).slice(0, 20));
    expect(mail).toContain(`https://shop.example/orders/${held.id}`);
    // The company's credit does not count it until it is placed.
    const list = await owner.get('/api/orders');
    expect(list.body.orders.map((o: any) => o.id)).toContain(held.id);
  });

  it('lets the buyer see it but not approve it; another company not at all', async () => {
    expect((await buyer.get(`/api/orders/${held.id}`)).status).toBe(200);
    const self = await buyer.post(`/api/trade/orders/${held.id}/approve`, {});
    expect(self.status).toBe(403);
    const stranger = await shop.signedIn('customer');
    expect((await stranger.post(`/api/trade/orders/${held.id}/approve`, {})).status).toBe(404);
  });

  it('is placed once when two owners approve it at once: stock taken, invoiced, the buyer confirmed', async () => {
    const second = await memberOf(shop, acme);
    const before = await stock();
    const [a, b] = await Promise.all([
      owner.post(`/api/trade/orders/${held.id}/approve`, {}),
      second.post(`/api/trade/orders/${held.id}/approve`, {}),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const approved = a.status === 200 ? a.body : b.body;
    expect(approved.status).toBe('pending');
    expect(approved.total).toBe(held.total);
    expect(await stock()).toBe(before - 5);
    expect(await Invoice.query().where({ orderId: held.id }).resultSize()).toBe(1);
    await settled();
    expect(await mailTo(outboxDir, (t) => t.includes('To: petya@acme.example.bg') && t.includes(held.number))).toBeDefined();
    const again = await owner.post(`/api/trade/orders/${held.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MEMBER_TEXT.notAwaiting);
    await User.query()
      .patch({ companyId: null } as Partial<User>)
      .findById(second.userId);
  });

  it('shows a buyer only the orders they placed', async () => {
    const ownOrder = await order(owner, 1);
    expect(ownOrder.status).toBe(201);
    const seen = (await buyer.get('/api/orders')).body.orders.map((o: any) => o.id);
    expect(seen).not.toContain(ownOrder.body.order.id);
    expect((await buyer.get(`/api/orders/${ownOrder.body.order.id}`)).status).toBe(404);
    expect((await owner.get('/api/orders')).body.orders.map((o: any) => o.id)).toContain(ownOrder.body.order.id);
  });

  it('asks the owner again when the price moved, and places it at the total the owner accepts', async () => {
    const res = await order(buyer, 5);
    const id = res.body.order.id;
    await Product.query()
      .patch({ price: 3600 } as Partial<Product>)
      .findById(cat.triples.id);
    const moved = await owner.post(`/api/trade/orders/${id}/approve`, {});
    expect(moved.status).toBe(409);
    const total = moved.body.quote.total;
    expect(total).not.toBe(res.body.order.total);
    expect((await Order.query().findById(id))!.status).toBe('awaiting_approval');
    const ok = await owner.post(`/api/trade/orders/${id}/approve`, { expectedTotal: total });
    expect(ok.status).toBe(200);
    expect(ok.body.total).toBe(total);
    await Product.query()
      .patch({ price: 3000 } as Partial<Product>)
      .findById(cat.triples.id);
  });

  it('refuses an approval the stock can no longer meet, and keeps it held', async () => {
    const res = await order(buyer, 5);
    const id = res.body.order.id;
    const was = await stock();
    await Variant.query()
      .patch({ stock: 2 } as Partial<Variant>)
      .findById(cat.triples.variant);
    const refused = await owner.post(`/api/trade/orders/${id}/approve`, {});
    expect(refused.status).toBe(409);
    expect((await Order.query().findById(id))!.status).toBe('awaiting_approval');
    await Variant.query()
      .patch({ stock: was } as Partial<Variant>)
      .findById(cat.triples.variant);
  });

  it('is cancelled when an owner declines with a reason, and its buyer told why', async () => {
    const res = await order(buyer, 5);
    const id = res.body.order.id;
    const before = await stock();
    const empty = await owner.post(`/api/trade/orders/${id}/decline`, { reason: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.reason).toBeTruthy();
    const declined = await owner.post(`/api/trade/orders/${id}/decline`, { reason: 'Твърде много за този месец' });
    expect(declined.status).toBe(200);
    // Answered as the other member order routes answer ({ message, order }), the order's fields
    // also at the top level for readers of the older answer.
    expect(declined.body.status).toBe('cancelled');
    expect(declined.body.order.status).toBe('cancelled');
    expect(declined.body.order.id).toBe(id);
    expect(declined.body.message).toBe(MEMBER_TEXT.declined(res.body.order.number));
    expect(await stock()).toBe(before);
    await settled();
    const mail = await mailTo(outboxDir, (t) => t.includes('To: petya@acme.example.bg') && t.includes('Твърде много за този месец'));
    expect(mail).toContain(res.body.order.number);
  });
});

describe("a buyer's order by an answered quote", () => {
  it('is held above the limit and approved at the quote’s prices', async () => {
    const asked = await buyer.post('/api/trade/quote-requests', {
      lines: [{ variantId: cat.triples.variant, quantity: 20 }],
      note: 'Голяма поръчка',
    });
    expect(asked.status).toBe(201);
    const validUntil = new Date(Date.now() + 14 * 86400000).toISOString().slice(0, 10);
    const answer = await admin.put(`/api/admin/quote-requests/${asked.body.id}`, {
      lines: [{ variantId: cat.triples.variant, quantity: 20, netPrice: 10 }],
      validUntil,
      version: asked.body.version,
    });
    expect(answer.status).toBe(200);
    // 20 × 10,00 net is above the buyer's 100,00.
    const ordered = await buyer.post(`/api/trade/quote-requests/${asked.body.id}/order`, {
      shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис Еконт Витоша' },
      paymentMethod: 'bank_transfer',
    });
    expect(ordered.status).toBe(201);
    const held = ordered.body.order;
    expect(held.status).toBe('awaiting_approval');
    expect(held.items[0].unitPrice).toBe(10);
    const approved = await owner.post(`/api/trade/orders/${held.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('pending');
    expect(approved.body.total).toBe(held.total);
    expect(approved.body.items[0].unitPrice).toBe(10);
    expect(approved.body.order.status).toBe('pending');
    expect(approved.body.order.total).toBe(held.total);
    expect(approved.body.message).toBe(MEMBER_TEXT.approved(held.number));
  });
});

describe('invitations', () => {
  it('mails a link that only the proven owner of the address accepts, once', async () => {
    const email = 'nova.kupuvachka@acme.example.bg';
    const sent = await owner.post('/api/trade/members', { email, role: 'buyer', orderLimit: '50,00' });
    expect(sent.status).toBe(201);
    expect(sent.body.invitation).toEqual(expect.objectContaining({ email, role: 'buyer', orderLimit: 50 }));
    expect((await owner.get('/api/trade/company')).body.company.invitations).toHaveLength(1);
    await settled();
    const mail = (await mailTo(outboxDir, (t) => t.includes(`To: ${email}`)))!;
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail)![1];
    const preview = await shop.browser().get(`/api/trade/invitations/${token}`);
    expect(preview.body).toEqual(expect.objectContaining({ email, role: 'buyer', orderLimit: 50, expired: false, accepted: false }));

    const other = await shop.signedIn('customer');
    const wrong = await other.post(`/api/trade/invitations/${token}/accept`, {});
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(MEMBER_TEXT.invitationOtherEmail(email));

    const u = await shop.user('customer', { email });
    await User.query()
      .patch({ emailVerifiedAt: null } as Partial<User>)
      .findById(u.id);
    const invitee = shop.browser();
    await invitee.signIn(email, u.password);
    const unproven = await invitee.post(`/api/trade/invitations/${token}/accept`, {});
    expect(unproven.status).toBe(403);
    expect(unproven.body.message).toBe(MEMBER_TEXT.invitationUnproven);

    await User.query()
      .patch({ emailVerifiedAt: new Date().toISOString() } as Partial<User>)
      .findById(u.id);
    const [one, two] = await Promise.all([
      invitee.post(`/api/trade/invitations/${token}/accept`, {}),
      invitee.post(`/api/trade/invitations/${token}/accept`, {}),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const joined = await User.query().findById(u.id);
    expect(joined).toEqual(expect.objectContaining({ companyId: acme.id, companyRole: 'buyer', orderLimit: 5000 }));
    expect((await owner.get('/api/trade/company')).body.company.invitations).toHaveLength(0);
  });

  it('lets an owner remove a member, and a removed member no longer acts for the company', async () => {
    const extra = await memberOf(shop, acme);
    const removed = await owner.delete(`/api/trade/members/${extra.userId}`);
    expect(removed.status).toBe(200);
    expect((await User.query().findById(extra.userId))!.companyId).toBeNull();
    expect((await extra.get('/api/trade/company')).status).toBe(403);
  });
});
