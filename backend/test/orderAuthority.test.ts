// Who may act on an order (orders/authority): the customer who placed a personal order, and for a
// company's order the company's CURRENT members. A member staff remove from the company loses the
// company's orders, even those they placed while a member: they no longer see, withdraw, download
// or reorder them (the reorder starts from the order's page); their personal orders stay theirs.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody, approvedCompany } from './fixtures';
import { Company, User } from '../src/models';
import { settled } from '../src/platform/events';

const shop = shopForThisFile();

let cat: Catalogue;
let admin: Browser;
let acme: Company;
let leaver: Browser & { userId: number; email: string };
let colleague: Browser & { userId: number; email: string };
/** The leaver's personal order (before joining), the company's order they placed, and one more. */
let personalOrder: number;
let companyOrder: number;
let secondCompanyOrder: number;

async function memberOf(c: Company): Promise<Browser & { userId: number; email: string }> {
  const b = await shop.signedIn('customer');
  await User.query()
    .patch({ companyId: c.id } as Partial<User>)
    .findById(b.userId);
  return b;
}

const line = (quantity: number) => ({ productId: cat.triples.id, variantId: cat.triples.variant, quantity });

async function placed(b: Browser, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await b.post('/api/orders/create', checkoutBody([line(1)], extra));
  expect(res.status).toBe(201);
  return res.body.order.id;
}

beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  acme = await approvedCompany();
  // The leaver buys for themselves first, then joins the company and buys for it.
  const own = await shop.signedIn('customer');
  personalOrder = await placed(own);
  await User.query()
    .patch({ companyId: acme.id } as Partial<User>)
    .findById(own.userId);
  leaver = own;
  colleague = await memberOf(acme);
  const invoice = {
    companyName: 'Вейп Трейд ООД',
    eik: '130175000',
    vatNumber: 'BG130175000',
    mol: 'Петър Петров',
    address: 'гр. Пловдив',
  };
  companyOrder = await placed(leaver, { paymentMethod: 'bank_transfer', invoice });
  secondCompanyOrder = await placed(leaver, { paymentMethod: 'bank_transfer' });
  await settled();
  // Both are the company's, invoiced with the order; the leaver sees them while a member.
  const docs = await leaver.get(`/api/orders/${companyOrder}/invoices`).expect(200);
  expect(docs.body.invoice).toEqual(expect.objectContaining({ pdfUrl: `/api/orders/${companyOrder}/invoice` }));
  expect((await leaver.get(`/api/orders/${companyOrder}`).expect(200)).body.order.companyId).toBe(acme.id);
  expect(JSON.stringify((await leaver.get('/api/account/invoice-details').expect(200)).body)).toContain('130175000');
  // Staff remove the leaver from the company.
  await admin.delete(`/api/admin/companies/${acme.id}/members/${leaver.userId}`).expect(200);
});

describe("a member removed from the company loses the company's orders", () => {
  it('does not see the order, nor find it in their list (the reorder starts there)', async () => {
    const one = await leaver.get(`/api/orders/${companyOrder}`);
    expect(one.status).toBe(404);
    expect(JSON.stringify(one.body)).not.toContain(acme.name);
    const list = (await leaver.get('/api/orders').expect(200)).body.orders.map((o: { id: number }) => o.id);
    expect(list).not.toContain(companyOrder);
    expect(list).toContain(personalOrder);
  });

  it("does not download the order's documents", async () => {
    expect((await leaver.get(`/api/orders/${companyOrder}/invoices`)).status).toBe(404);
    expect((await leaver.get(`/api/orders/${companyOrder}/invoice`)).status).toBe(404);
    expect((await leaver.get(`/api/orders/${companyOrder}/credit-note`)).status).toBe(404);
  });

  it('does not withdraw it (404, the order untouched); a current member does', async () => {
    const refused = await leaver.post(`/api/orders/${companyOrder}/withdraw`, { reason: 'отказ' });
    expect(refused.status).toBe(404);
    expect((await colleague.get(`/api/orders/${companyOrder}`).expect(200)).body.order.status).not.toBe('cancelled');
    const res = await colleague.post(`/api/orders/${secondCompanyOrder}/withdraw`, { reason: 'отказ' });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('cancelled');
  });

  it('leaves the company details they typed with the company', async () => {
    const res = await leaver.get('/api/account/invoice-details').expect(200);
    expect(JSON.stringify(res.body)).not.toContain('130175000');
  });

  it('a current member still sees, lists and downloads the order', async () => {
    expect((await colleague.get(`/api/orders/${companyOrder}`)).status).toBe(200);
    expect((await colleague.get('/api/orders')).body.orders.map((o: { id: number }) => o.id)).toContain(companyOrder);
    const pdf = await colleague.get(`/api/orders/${companyOrder}/invoice`);
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
  });

  it('keeps their personal order theirs: seen, and withdrawn', async () => {
    expect((await leaver.get(`/api/orders/${personalOrder}`)).status).toBe(200);
    expect((await leaver.get(`/api/orders/${personalOrder}/invoices`)).status).toBe(200);
    expect((await colleague.get(`/api/orders/${personalOrder}`)).status).toBe(404);
    expect((await leaver.post(`/api/orders/${personalOrder}/withdraw`, { reason: 'отказ' })).status).toBe(200);
  });

  it("asks a guest to sign in for a customer's order, as before", async () => {
    const guest = shop.browser();
    await guest.csrf();
    expect((await guest.post(`/api/orders/${companyOrder}/withdraw`, { reason: 'отказ' })).status).toBe(401);
    expect((await guest.get(`/api/orders/${companyOrder}`)).status).toBe(404);
  });
});
