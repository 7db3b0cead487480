// A shop whose prices are still kept in leva (the switch to the euro not made yet) is paid in
// euro, as all money is since the changeover: its invoices are in euro, a payment of an invoice's
// total pays it whole, the payment says EUR, and what the company owes is still summed in leva.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody, approvedCompany, memberOf } from './fixtures';
import { camt053File } from './bankFiles';
import { Company, Order } from '../src/models';
import { settled } from '../src/platform/events';
import { getSettings } from '../src/modules/settings';
import { convertMinor } from '@domain/money';
import { shopDay } from '@domain/dates';

const shop = shopForThisFile();

let cat: Catalogue;
let admin: Browser;
let acme: Company;
let member: Browser;

beforeAll(async () => {
  cat = await makeCatalogue();
  acme = await approvedCompany({ paymentTermsDays: 14 });
  member = await memberOf(shop, acme);
  admin = await shop.signedIn('admin');
});
afterEach(() => settled());

async function invoicedOrder() {
  const res = await member.post(
    '/api/orders/create',
    checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 2 }], { paymentMethod: 'bank_transfer' }),
  );
  expect(res.status).toBe(201);
  const invoice = (await admin.get(`/api/admin/orders/${res.body.order.id}/invoices`)).body.invoice;
  return { order: res.body.order, invoice };
}

it('takes payments in euro against euro invoices, and sums what is owed in leva', async () => {
  expect((await getSettings()).currency).toBe('BGN');
  const { order, invoice } = await invoicedOrder();
  expect(invoice.currency).toBe('EUR');
  const owed = (await admin.get(`/api/admin/receivables/${acme.id}`)).body;
  expect(owed.currency).toBe('BGN');
  // What the company owes in leva is its order's own total, to the stotinka.
  expect(owed.unpaidTotal).toBe(order.total);
  const half = Math.round(invoice.total * 50) / 100;
  const part = await admin.post('/api/admin/payments', {
    companyId: acme.id,
    amount: half,
    date: shopDay(new Date()),
    method: 'bank_transfer',
  });
  expect(part.status).toBe(201);
  expect(part.body.currency).toBe('EUR');
  const partly = (await admin.get(`/api/admin/invoices/${invoice.id}`)).body;
  expect(partly).toEqual(expect.objectContaining({ paymentState: 'partly_paid', paid: half, paymentCurrency: 'EUR' }));
  expect(Math.round(partly.outstanding * 100)).toBe(Math.round(invoice.total * 100) - Math.round(half * 100));
  expect(Math.round((await admin.get(`/api/admin/receivables/${acme.id}`)).body.unpaidTotal * 100)).toBe(
    convertMinor(Math.round(partly.outstanding * 100), 'EUR', 'BGN'),
  );
  // The rest through the bank, in euro.
  const file = camt053File({
    iban: 'BG80BNBG96611020345678',
    statementId: 'LEVA-1',
    lines: [
      {
        bookedOn: shopDay(new Date()),
        amount: Math.round(partly.outstanding * 100),
        reference: invoice.number,
        payerName: 'ВЕЙП',
        payerIban: 'BG18RZBB91550123456789',
      },
    ],
  });
  const uploaded = await admin.agent.post('/api/admin/bank-statements').set('x-csrf-token', admin.csrfToken).attach('file', file, 's.xml');
  expect(uploaded.body.lines[0]).toEqual(
    expect.objectContaining({ status: 'suggested', amount: partly.outstanding, invoiceIds: [invoice.id] }),
  );
  await admin.post(`/api/admin/bank-statements/${uploaded.body.id}/confirm`, { lineIds: [uploaded.body.lines[0].id] });
  expect((await admin.get(`/api/admin/invoices/${invoice.id}`)).body).toEqual(
    expect.objectContaining({ paymentState: 'paid', outstanding: 0 }),
  );
  expect((await Order.query().findById(order.id))!.paymentStatus).toBe('paid');
  const statement = (await admin.get(`/api/admin/companies/${acme.id}/statement`)).body;
  expect(statement.currency).toBe('EUR');
  expect(statement.closingBalance).toBe(0);
});
