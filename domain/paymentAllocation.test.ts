import { allocationErrors, invoicesNamedIn, paymentStateOf, suggestAllocations, type OpenInvoice } from './paymentAllocation';

const invoice = (id: number, outstanding: number, dueAt: string, more: Partial<OpenInvoice> = {}): OpenInvoice => ({
  id,
  number: String(id).padStart(10, '0'),
  orderNumber: `VS-${10000 + id}`,
  dueAt,
  issuedAt: '2026-10-01',
  outstanding,
  ...more,
});

const open = [invoice(3, 5000, '2026-11-20'), invoice(1, 12000, '2026-11-01'), invoice(2, 3000, '2026-11-10')];
const euro = (minor: number) => `${(minor / 100).toFixed(2).replace('.', ',')} €`;
const errorsOf = (available: number, ...allocations: Array<[invoiceId: number, amount: number]>) =>
  allocationErrors(
    available,
    allocations.map(([invoiceId, amount]) => ({ invoiceId, amount })),
    open,
    euro,
  );

describe('suggested allocation', () => {
  it('pays the oldest due first, part of the last one, and keeps nothing back', () => {
    expect(suggestAllocations(14000, open)).toEqual({
      allocations: [
        { invoiceId: 1, amount: 12000 },
        { invoiceId: 2, amount: 2000 },
      ],
      unallocated: 0,
    });
  });

  it('pays the invoices the payer named first, by invoice or order number', () => {
    expect(suggestAllocations(8000, open, 'Плащане по ф-ра 0000000003 и поръчка VS10002').allocations).toEqual([
      { invoiceId: 3, amount: 5000 },
      { invoiceId: 2, amount: 3000 },
    ]);
    expect(invoicesNamedIn('VS-10001, VS-10001, 0000000002', open).map((i) => i.id)).toEqual([1, 2]);
  });

  it('leaves what is more than everything open as the buyer’s credit', () => {
    expect(suggestAllocations(25000, open)).toEqual({
      allocations: [
        { invoiceId: 1, amount: 12000 },
        { invoiceId: 2, amount: 3000 },
        { invoiceId: 3, amount: 5000 },
      ],
      unallocated: 5000,
    });
    expect(suggestAllocations(700, [])).toEqual({ allocations: [], unallocated: 700 });
  });

  it('does not read a longer number as an invoice number', () => {
    expect(invoicesNamedIn('IBAN BG80BNBG96611020345678 00000000011', open)).toEqual([]);
  });
});

describe('an allocation staff chose', () => {
  it('is never more than is open on an invoice, never below a cent, never more than the money', () => {
    expect(errorsOf(20000, [1, 12000])).toEqual({});
    expect(errorsOf(20000, [2, 3001])).toEqual({ 'allocations.0.amount': 'По фактурата остават само 30,00 €.' });
    expect(errorsOf(20000, [2, 0])).toEqual({ 'allocations.0.amount': 'Сумата трябва да е поне 0,01.' });
    expect(errorsOf(10000, [1, 8000], [3, 5000])).toEqual({ amount: 'Разпределени са повече пари, отколкото има: 100,00 €.' });
  });

  it('names only this buyer’s open invoices, each once', () => {
    expect(errorsOf(20000, [9, 100])).toEqual({ 'allocations.0.invoiceId': 'Фактурата не е от неплатените на този платец.' });
    expect(errorsOf(20000, [2, 100], [2, 100])).toEqual({ 'allocations.1.invoiceId': 'Фактурата е посочена два пъти.' });
  });
});

describe('an invoice’s payment state', () => {
  it('is paid when what was paid (credit notes included) reaches the total', () => {
    expect(paymentStateOf(10000, 0)).toBe('unpaid');
    expect(paymentStateOf(10000, 2500)).toBe('partly_paid');
    expect(paymentStateOf(10000, 10000)).toBe('paid');
    expect(paymentStateOf(0, 0)).toBe('paid');
  });
});
