// Getting paid by the trade: money received is recorded against a company and spread over its
// invoices — oldest first, or the invoices its reference names; part of an invoice; more than is
// owed kept as credit and spent later — an invoice and its order show what is paid and left, and
// „Платена“ on an order is a payment of what was left; the bank's statement (CAMT.053 and MT940)
// brings its credits matched for staff to confirm, and brings nothing twice; the company's
// statement of account adds up to what the receivables say it owes.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody, approvedCompany, memberOf } from './fixtures';
import { camt053File, mt940File } from './bankFiles';
import { Company, Order, Payment } from '../src/models';
import { settled } from '../src/platform/events';
import { switchToEuro } from '../src/modules/settings';
import { PAYMENT_STATE_LABELS } from '@domain/paymentAllocation';
import { DAY_MS, shopDay } from '@domain/dates';
import { STATEMENT_TEXT } from '@domain/statementOfAccount';
import { API } from '@domain/messages';

const shop = shopForThisFile();

let cat: Catalogue;
let admin: Browser;
let acme: Company;
let other: Company;
let member: Browser;
let stranger: Browser;

/** A trade order of `quantity` TRIPLES on the company's terms; answers its id, number, invoice and total (cents). */
async function tradeOrder(by: Browser, quantity = 1) {
  const res = await by.post(
    '/api/orders/create',
    checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity }], { paymentMethod: 'bank_transfer' }),
  );
  expect(res.status).toBe(201);
  const docs = await admin.get(`/api/admin/orders/${res.body.order.id}/invoices`);
  const invoice = docs.body.invoice;
  expect(invoice).toBeTruthy();
  return {
    id: res.body.order.id as number,
    number: res.body.order.number as string,
    invoice,
    total: Math.round(res.body.order.total * 100),
  };
}

const cents = (n: number) => Math.round(n * 100);
const invoiceOf = async (id: number) => (await admin.get(`/api/admin/invoices/${id}`)).body;
const receivable = async (companyId: number) => (await admin.get(`/api/admin/receivables/${companyId}`)).body;
const upload = (file: Buffer, name: string) =>
  admin.agent.post('/api/admin/bank-statements').set('x-csrf-token', admin.csrfToken).attach('file', file, name);

beforeAll(async () => {
  cat = await makeCatalogue();
  await switchToEuro();
  acme = await approvedCompany({ paymentTermsDays: 14 });
  other = await approvedCompany({ name: 'Друга Фирма ЕООД', eik: '831642181', contactEmail: 'office@druga.example.bg' });
  member = await memberOf(shop, acme);
  stranger = await memberOf(shop, other);
  admin = await shop.signedIn('admin');
});

afterEach(() => settled());

describe('money recorded by hand', () => {
  it('pays the oldest invoice first and part of the next; each shows paid, left and its state; the paid order moves', async () => {
    const a = await tradeOrder(member);
    const b = await tradeOrder(member);
    const before = await receivable(acme.id);
    const amount = a.total + Math.floor(b.total / 2);
    const res = await admin.post('/api/admin/payments', {
      companyId: acme.id,
      amount: amount / 100,
      date: shopDay(new Date()),
      method: 'bank_transfer',
      reference: 'Превод',
    });
    expect(res.status).toBe(201);
    expect(res.body.currency).toBe('EUR');
    expect(res.body.allocations.map((x: any) => [x.invoiceId, cents(x.amount)])).toEqual([
      [a.invoice.id, a.total],
      [b.invoice.id, amount - a.total],
    ]);
    expect(res.body.unallocated).toBe(0);
    expect(await invoiceOf(a.invoice.id)).toEqual(expect.objectContaining({ paymentState: 'paid', outstanding: 0, paid: a.total / 100 }));
    const partly = await invoiceOf(b.invoice.id);
    expect(partly.paymentState).toBe('partly_paid');
    expect(cents(partly.paid)).toBe(amount - a.total);
    expect(cents(partly.outstanding)).toBe(b.total - (amount - a.total));
    expect((await Order.query().findById(a.id))!.paymentStatus).toBe('paid');
    expect((await Order.query().findById(b.id))!.paymentStatus).toBe('unpaid');
    // The order shows it too, to staff and to the member.
    const staffView = (await admin.get(`/api/admin/orders/${b.id}`)).body;
    expect(staffView).toEqual(expect.objectContaining({ paymentState: 'partly_paid', outstanding: partly.outstanding, paid: partly.paid }));
    expect((await member.get(`/api/orders/${b.id}`)).body.order).toEqual(expect.objectContaining({ paymentState: 'partly_paid' }));
    // The receivables read what was paid.
    expect(cents((await receivable(acme.id)).unpaidTotal)).toBe(cents(before.unpaidTotal) - amount);
    // The staff's list has it, with its payer.
    const list = await admin.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ companyId: acme.id }))}`);
    expect(list.body.find((p: any) => p.id === res.body.id)).toEqual(expect.objectContaining({ companyName: acme.name, source: 'manual' }));
    expect(PAYMENT_STATE_LABELS[partly.paymentState as 'partly_paid']).toBe('Частично платена');
  });

  it('pays first the invoice its reference names', async () => {
    const older = await tradeOrder(member);
    const named = await tradeOrder(member);
    const res = await admin.post('/api/admin/payments', {
      companyId: acme.id,
      amount: named.total / 100,
      date: shopDay(new Date()),
      method: 'bank_transfer',
      reference: `Плащане по фактура ${named.invoice.number}`,
    });
    expect(res.status).toBe(201);
    expect(res.body.allocations).toEqual([expect.objectContaining({ invoiceId: named.invoice.id })]);
    expect((await invoiceOf(named.invoice.id)).paymentState).toBe('paid');
    expect((await invoiceOf(older.invoice.id)).paymentState).toBe('unpaid');
  });

  it('keeps what is paid over as credit and spends it on the next invoice', async () => {
    // Clear what the company owes so far.
    const owed = cents((await receivable(acme.id)).unpaidTotal ?? 0);
    const over = 1234;
    const first = await admin.post('/api/admin/payments', {
      companyId: acme.id,
      amount: (owed + over) / 100,
      date: shopDay(new Date()),
      method: 'bank_transfer',
      reference: '',
    });
    expect(first.status).toBe(201);
    expect(cents(first.body.unallocated)).toBe(over);
    expect((await admin.get(`/api/admin/receivables/${acme.id}`)).status).toBe(404);
    const next = await tradeOrder(member);
    // The credit is offered: allocated on its own…
    const spent = await admin.post(`/api/admin/payments/${first.body.id}/allocate`, {});
    expect(spent.status).toBe(200);
    expect(spent.body.allocations).toEqual([expect.objectContaining({ invoiceId: next.invoice.id, amount: over / 100 })]);
    expect(spent.body.unallocated).toBe(0);
    const inv = await invoiceOf(next.invoice.id);
    expect(inv.paymentState).toBe('partly_paid');
    expect(cents(inv.outstanding)).toBe(next.total - over);
    // …and nothing is left to allocate twice.
    expect((await admin.post(`/api/admin/payments/${first.body.id}/allocate`, {})).status).toBe(409);
    // The rest, more than is open: credit again, offered with the next payment.
    const rest = await admin.post('/api/admin/payments', {
      companyId: acme.id,
      amount: (next.total - over + 500) / 100,
      date: shopDay(new Date()),
      method: 'cash',
      reference: '',
    });
    expect(cents(rest.body.unallocated)).toBe(500);
    const after = await tradeOrder(member);
    const small = await admin.post('/api/admin/payments', {
      companyId: acme.id,
      amount: 1,
      date: shopDay(new Date()),
      method: 'cash',
      reference: '',
    });
    // The older credit first, then the new money.
    expect(small.body.allocations.map((x: any) => [x.paymentId, cents(x.amount)])).toEqual([
      [rest.body.id, 500],
      [small.body.id, 100],
    ]);
    expect(cents((await invoiceOf(after.invoice.id)).outstanding)).toBe(after.total - 600);
  });

  it('refuses allocations beyond what is open, to another payer, or beyond the money, and records nothing', async () => {
    const mine = await tradeOrder(member);
    const theirs = await tradeOrder(stranger);
    const count = await Payment.query().resultSize();
    const post = (allocations: object[], amount = 1000) =>
      admin.post('/api/admin/payments', { companyId: acme.id, amount, date: shopDay(new Date()), method: 'bank_transfer', allocations });
    const tooMuch = await post([{ invoiceId: mine.invoice.id, amount: mine.total / 100 + 1 }]);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors['allocations.0.amount']).toMatch(/^По фактурата остават само/);
    const foreign = await post([{ invoiceId: theirs.invoice.id, amount: 1 }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors['allocations.0.invoiceId']).toBe('Фактурата не е от неплатените на този платец.');
    const beyond = await post([{ invoiceId: mine.invoice.id, amount: 5 }], 1);
    expect(beyond.status).toBe(400);
    expect(beyond.body.errors.amount).toMatch(/^Разпределени са повече пари/);
    const negative = await post([{ invoiceId: mine.invoice.id, amount: -5 }]);
    expect(negative.status).toBe(400);
    const noPayer = await admin.post('/api/admin/payments', { amount: 10, date: shopDay(new Date()), method: 'cash' });
    expect(noPayer.status).toBe(400);
    expect(noPayer.body.errors.companyId).toBe('Посочете фирма или имейл на клиент.');
    const badDate = await admin.post('/api/admin/payments', { companyId: acme.id, amount: 10, date: '2026-02-30', method: 'cash' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors.date).toBeTruthy();
    expect(await Payment.query().resultSize()).toBe(count);
    expect(
      (await member.post('/api/admin/payments', { companyId: acme.id, amount: 10, date: shopDay(new Date()), method: 'cash' })).status,
    ).toBe(403);
  });

  it('records a payment sent twice with one Idempotency-Key once', async () => {
    await tradeOrder(member);
    const count = await Payment.query().resultSize();
    const body = { companyId: acme.id, amount: 3, date: shopDay(new Date()), method: 'bank_transfer', reference: 'повторен' };
    const first = await admin.post('/api/admin/payments', body).set('Idempotency-Key', 'pay-once-1');
    const again = await admin.post('/api/admin/payments', body).set('Idempotency-Key', 'pay-once-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await Payment.query().resultSize()).toBe(count + 1);
  });

  it('lets two people paying one invoice at once never pay more than is open', async () => {
    const o = await tradeOrder(member);
    const body = () => ({
      companyId: acme.id,
      amount: o.total / 100,
      date: shopDay(new Date()),
      method: 'bank_transfer',
      allocations: [{ invoiceId: o.invoice.id, amount: o.total / 100 }],
    });
    const [x, y] = await Promise.all([admin.post('/api/admin/payments', body()), admin.post('/api/admin/payments', body())]);
    expect([x.status, y.status].sort()).toEqual([201, 400]);
    const inv = await invoiceOf(o.invoice.id);
    expect(inv).toEqual(expect.objectContaining({ paymentState: 'paid', outstanding: 0, paid: o.total / 100 }));
  });

  it('turns „Платена“ on a partly paid order into a payment of what was left', async () => {
    const o = await tradeOrder(member);
    // Spend any credit first so the part payment is exactly what is given.
    const part = 1000;
    await admin.post('/api/admin/payments', {
      companyId: acme.id,
      amount: part / 100,
      date: shopDay(new Date()),
      method: 'bank_transfer',
      allocations: [{ invoiceId: o.invoice.id, amount: part / 100 }],
    });
    const left = cents((await invoiceOf(o.invoice.id)).outstanding);
    expect(left).toBe(o.total - part);
    const order = (await admin.get(`/api/admin/orders/${o.id}`)).body;
    const paid = await admin.put(`/api/admin/orders/${o.id}`, { ...order, paymentStatus: 'paid' });
    expect(paid.body).toEqual(expect.objectContaining({ paymentStatus: 'paid' }));
    expect(await invoiceOf(o.invoice.id)).toEqual(expect.objectContaining({ paymentState: 'paid', outstanding: 0 }));
    const remainder = await Payment.query().where({ companyId: acme.id, source: 'order', reference: o.number }).first();
    expect(remainder?.amount).toBe(left);
  });
});

describe("the bank's statement", () => {
  it('matches a CAMT.053 by the numbers in the text, records what staff confirm, and brings nothing twice', async () => {
    const a = await tradeOrder(member);
    const b = await tradeOrder(stranger);
    const day = shopDay(new Date());
    const file = camt053File({
      iban: 'BG80BNBG96611020345678',
      statementId: 'STMT-1',
      lines: [
        {
          bookedOn: day,
          amount: a.total,
          reference: `Ф-ра ${a.invoice.number}`,
          payerName: 'ВЕЙП ТРЕЙД ООД',
          payerIban: 'BG18RZBB91550123456789',
        },
        { bookedOn: day, amount: b.total, reference: `Поръчка ${b.number}`, payerName: 'Друга Фирма', payerIban: 'BG27UNCR70001512345678' },
        { bookedOn: day, amount: 4321, reference: 'Дарение', payerName: 'Иван Иванов', payerIban: 'BG11FINV91501014567890' },
      ],
    });
    const res = await upload(file, 'camt053.xml');
    expect(res.status).toBe(201);
    expect(res.body.lines.map((l: any) => [l.status, l.invoiceIds])).toEqual([
      ['suggested', [a.invoice.id]],
      ['suggested', [b.invoice.id]],
      ['unmatched', []],
    ]);
    expect(res.body.lines[0]).toEqual(expect.objectContaining({ date: day, amount: a.total / 100, payer: 'ВЕЙП ТРЕЙД ООД' }));
    const count = await Payment.query().resultSize();
    const confirmed = await admin.post(`/api/admin/bank-statements/${res.body.id}/confirm`, {
      lineIds: res.body.lines.map((l: any) => l.id),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.payments).toHaveLength(2);
    expect(confirmed.body.skipped).toEqual([expect.objectContaining({ lineId: res.body.lines[2].id, status: 'unmatched' })]);
    expect((await invoiceOf(a.invoice.id)).paymentState).toBe('paid');
    expect((await invoiceOf(b.invoice.id)).paymentState).toBe('paid');
    expect((await Order.query().findById(b.id))!.paymentStatus).toBe('paid');
    expect(await Payment.query().resultSize()).toBe(count + 2);
    // Confirmed twice: nothing more.
    await admin.post(`/api/admin/bank-statements/${res.body.id}/confirm`, { lineIds: res.body.lines.map((l: any) => l.id) });
    expect(await Payment.query().resultSize()).toBe(count + 2);
    // The same file again: every line known, nothing to record.
    const again = await upload(file, 'camt053-again.xml');
    expect(again.status).toBe(201);
    expect(again.body.lines.map((l: any) => l.status)).toEqual(['already_imported', 'already_imported', 'already_imported']);
    await admin.post(`/api/admin/bank-statements/${again.body.id}/confirm`, { lineIds: again.body.lines.map((l: any) => l.id) });
    expect(await Payment.query().resultSize()).toBe(count + 2);
    // The unmatched line, matched by hand: all of it credit of the company staff chose.
    const fixed = await admin.put(`/api/admin/bank-statements/${res.body.id}/lines/${res.body.lines[2].id}`, {
      companyId: other.id,
      invoiceIds: [],
    });
    expect(fixed.status).toBe(200);
    const third = await admin.post(`/api/admin/bank-statements/${res.body.id}/confirm`, { lineIds: [res.body.lines[2].id] });
    expect(third.body.payments).toEqual([expect.objectContaining({ unallocated: 43.21 })]);
  });

  it('records a line confirmed twice at once once', async () => {
    const o = await tradeOrder(member);
    const day = shopDay(new Date());
    const file = camt053File({
      iban: 'BG80BNBG96611020345678',
      statementId: 'STMT-RACE',
      lines: [
        { bookedOn: day, amount: o.total, reference: o.invoice.number, payerName: 'ВЕЙП ТРЕЙД', payerIban: 'BG18RZBB91550123456789' },
      ],
    });
    const res = await upload(file, 'race.xml');
    const count = await Payment.query().resultSize();
    const confirm = () => admin.post(`/api/admin/bank-statements/${res.body.id}/confirm`, { lineIds: [res.body.lines[0].id] });
    const [x, y] = await Promise.all([confirm(), confirm()]);
    expect([...(x.body.payments ?? []), ...(y.body.payments ?? [])]).toHaveLength(1);
    expect(await Payment.query().resultSize()).toBe(count + 1);
  });

  it('matches an MT940 by the payer’s IBAN seen before, part-pays and over-pays', async () => {
    const c = await tradeOrder(member);
    const d = await tradeOrder(member);
    const day = shopDay(new Date());
    const file = mt940File({
      iban: 'BG80BNBG96611020345678',
      statementId: '00042/1',
      lines: [
        // No number in the text: the IBAN the company paid from before tells who it is.
        { bookedOn: day, amount: 1500, reference: 'Частично плащане', payerName: 'VAPE TRADE', payerIban: 'BG18RZBB91550123456789' },
      ],
    });
    const res = await upload(file, 'statement.sta');
    expect(res.status).toBe(201);
    expect(res.body.lines[0]).toEqual(expect.objectContaining({ status: 'suggested', companyId: acme.id }));
    const owedBefore = cents((await receivable(acme.id)).unpaidTotal);
    const confirmed = await admin.post(`/api/admin/bank-statements/${res.body.id}/confirm`, { lineIds: [res.body.lines[0].id] });
    expect(cents((await receivable(acme.id)).unpaidTotal)).toBe(owedBefore - 1500);
    // Oldest first, as far as the money goes: the last invoice it reaches is paid in part.
    const parts = confirmed.body.payments[0].allocations;
    expect(parts.reduce((s: number, p: any) => s + cents(p.amount), 0)).toBe(1500);
    expect((await invoiceOf(parts[parts.length - 1].invoiceId)).paymentState).toBe('partly_paid');
    expect([c.invoice.id, d.invoice.id]).not.toContain(undefined);
    // Over-paying what is left: the rest is the company's credit.
    const over = mt940File({
      iban: 'BG80BNBG96611020345678',
      statementId: '00043/1',
      lines: [
        {
          bookedOn: day,
          amount: owedBefore - 1500 + 999,
          reference: 'Остатък',
          payerName: 'VAPE TRADE',
          payerIban: 'BG18RZBB91550123456789',
        },
      ],
    });
    const second = await upload(over, 'statement2.sta');
    const done = await admin.post(`/api/admin/bank-statements/${second.body.id}/confirm`, { lineIds: [second.body.lines[0].id] });
    expect(done.body.payments[0].unallocated).toBe(9.99);
    expect((await admin.get(`/api/admin/receivables/${acme.id}`)).status).toBe(404);
  });

  it('refuses what is not a statement with a Bulgarian error', async () => {
    const res = await upload(Buffer.from('%PDF-1.4 nope'), 'x.pdf');
    expect(res.status).toBe(400);
    expect(res.body.errors.file).toBe('Файлът не е банково извлечение във формат CAMT.053 или MT940.');
    const none = await admin.agent.post('/api/admin/bank-statements').set('x-csrf-token', admin.csrfToken).send({});
    expect(none.status).toBe(400);
  });
});

describe('the statement of account', () => {
  it('adds up to what the company owes, as CSV and PDF, for staff and for its member only', async () => {
    const o = await tradeOrder(member);
    const from = shopDay(new Date(Date.now() - 30 * DAY_MS));
    const to = shopDay(new Date());
    const json = await admin.get(`/api/admin/companies/${acme.id}/statement?from=${from}&to=${to}`);
    expect(json.status).toBe(200);
    const owed = await admin.get(`/api/admin/receivables/${acme.id}`);
    expect(json.body.closingBalance).toBe(cents(owed.body.balance));
    expect(cents(owed.body.balance)).toBe(cents(owed.body.unpaidTotal) - cents(owed.body.credit));
    expect(json.body.rows.some((r: any) => r.number === o.invoice.number && r.debit === o.total)).toBe(true);
    const csv = await admin.get(`/api/admin/companies/${acme.id}/statement?from=${from}&to=${to}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Дата;Документ;Номер;Падеж;Дебит;Кредит;Салдо');
    expect(lines[1]).toContain('Начално салдо');
    expect(lines[lines.length - 1]).toContain('Крайно салдо');
    const pdf = await admin.get(`/api/admin/companies/${acme.id}/statement?from=${from}&to=${to}&format=pdf`).buffer(true);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('.pdf');
    // The member gets their own company's; a customer without one gets none.
    const mine = await member.get(`/api/trade/statement?from=${from}&to=${to}`);
    expect(mine.status).toBe(200);
    expect(mine.body.company.name).toBe(acme.name);
    const theirs = await stranger.get(`/api/trade/statement?from=${from}&to=${to}`);
    expect(theirs.body.company.name).toBe(other.name);
    const consumer = await shop.signedIn('customer');
    expect((await consumer.get('/api/trade/statement')).status).toBe(403);
    expect((await member.get(`/api/admin/companies/${acme.id}/statement`)).status).toBe(403);
    const bad = await admin.get(`/api/admin/companies/${acme.id}/statement?from=${to}&to=${from}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.to).toBe('Краят на периода е преди началото му.');
  });

  it('is mailed to the company for the period asked; a body its schema refuses sends nothing', async () => {
    const send = (body: object) => admin.post(`/api/admin/companies/${acme.id}/statement/send`, body);
    const sent = await send({ from: shopDay(new Date(Date.now() - 30 * DAY_MS)), to: shopDay(new Date()) });
    expect([sent.status, sent.body.message]).toEqual([200, STATEMENT_TEXT.sent(acme.contactEmail)]);
    expect((await send({})).status).toBe(200);
    const notText = await send({ from: 20261101 });
    expect([notText.status, notText.body.errors.from]).toEqual([400, API.mustBeText]);
    const unknown = await send({ period: 'year' });
    expect([unknown.status, unknown.body.errors.period]).toEqual([400, API.unknownField]);
  });
});

describe('dunning', () => {
  it('holds a company overdue past the set days to prepayment until the payment that clears it', async () => {
    const late = await approvedCompany({ name: 'Късна Търговия ООД', eik: '175074752', contactEmail: 'office@kasna.example.bg' });
    const buyer = await memberOf(shop, late);
    const old = await tradeOrder(buyer);
    // Its due date 31 days ago; the settings hold to prepayment from 30.
    await Order.query()
      .patch({ paymentDueAt: new Date(Date.now() - 31 * DAY_MS).toISOString() } as Partial<Order>)
      .findById(old.id);
    const line = await receivable(late.id);
    expect(line).toEqual(expect.objectContaining({ dunningStage: 'prepayment_only', daysOverdue: 31 }));
    const quote = await buyer.post('/api/checkout/quote', {
      items: [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }],
      shipping: { method: null },
    });
    expect(quote.body.trade.prepaymentOnly).toBe(true);
    // Asked for a prepayment, the quote says so and the due date is now.
    const prepaidQuote = await buyer.post('/api/checkout/quote', {
      items: [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }],
      shipping: { method: null },
      prepayment: true,
    });
    expect(prepaidQuote.body.trade.prepayment).toBe(true);
    expect(Math.abs(Date.parse(prepaidQuote.body.trade.paymentDueAt) - Date.now())).toBeLessThan(60_000);
    const body = (extra: object = {}) =>
      checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }], {
        paymentMethod: 'bank_transfer',
        ...extra,
      });
    const onTerms = await buyer.post('/api/orders/create', body());
    expect(onTerms.status).toBe(409);
    expect(onTerms.body.errors.prepayment).toMatch(/само с предплащане/);
    const prepaid = await buyer.post('/api/orders/create', body({ prepayment: true }));
    expect(prepaid.status).toBe(201);
    expect(Math.abs(Date.parse(prepaid.body.order.paymentDueAt) - Date.now())).toBeLessThan(60_000);
    // The payment that clears the overdue invoice lifts it.
    await admin.post('/api/admin/payments', {
      companyId: late.id,
      amount: old.total / 100,
      date: shopDay(new Date()),
      method: 'bank_transfer',
      reference: old.invoice.number,
    });
    expect((await buyer.post('/api/orders/create', body())).status).toBe(201);
    // The days are the settings': never after 0.
    const off = await admin.put('/api/admin/settings', { sales: { dunning: { prepaymentOnlyAfterDays: 0 } } });
    expect(off.status).toBe(200);
    expect(off.body.settings.sales.dunning).toEqual(expect.objectContaining({ prepaymentOnlyAfterDays: 0, reminderDays: [-3, 1, 7, 14] }));
    const twice = await admin.put('/api/admin/settings', { sales: { dunning: { reminderDays: [1, 1] } } });
    expect(twice.status).toBe(400);
    await admin.put('/api/admin/settings', { sales: { dunning: { prepaymentOnlyAfterDays: 30 } } });
  });
});
