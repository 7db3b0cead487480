import {
  STATEMENT_TEXT,
  defaultStatementPeriod,
  statementCsv,
  statementFileName,
  statementOfAccount,
  statementPeriodErrors,
  type AccountEntry,
} from './statementOfAccount';

const company = { name: 'Вейп Дистрибуция ООД', eik: '204512345', vatNumber: 'BG204512345', address: 'ул. „Опълченска“ 12', city: 'София' };
const seller = {
  name: 'Вапсоло ЕООД',
  eik: '206123456',
  vatNumber: 'BG206123456',
  address: 'бул. „България“ 1, Пловдив',
  iban: 'BG80BNBG96611020345678',
};

const invoice = (number: string, date: string, amount: number, dueAt: string | null = null, outstanding = 0): AccountEntry => ({
  kind: 'invoice',
  date,
  number,
  dueAt,
  amount,
  outstanding,
});
const creditNote = (number: string, date: string, amount: number): AccountEntry => ({
  kind: 'credit_note',
  date,
  number,
  dueAt: null,
  amount,
});
const payment = (number: string, date: string, amount: number, note?: string): AccountEntry => ({
  kind: 'payment',
  date,
  number,
  dueAt: null,
  amount,
  note,
});

const build = (entries: AccountEntry[], more: Partial<{ from: string; to: string; asOf: string }> = {}) =>
  statementOfAccount({ company, seller, currency: 'EUR', from: '2026-03-01', to: '2026-03-31', asOf: '2026-04-10', entries, ...more });

const entries: AccountEntry[] = [
  // before the period: 1000,00 owed, 400,00 paid → 600,00 brought in
  invoice('0000000001', '2026-02-02', 100000, '2026-02-16'),
  payment('ПН-1', '2026-02-20', 40000),
  // the period
  invoice('0000000003', '2026-03-10', 50000, '2026-03-24', 20000),
  payment('ПН-2', '2026-03-10', 30000, 'Банков превод по 0000000003'),
  creditNote('0000000004', '2026-03-10', 5000),
  invoice('0000000002', '2026-03-05', 12345, null, 12345),
  payment('ПН-3', '2026-03-31', 60000),
  // after the period: not a row, but still open, so still in the overdue figure
  invoice('0000000005', '2026-04-01', 7000, '2026-04-09', 7000),
];

describe('the statement of account', () => {
  const s = build(entries);

  it('brings in the balance of everything before the period', () => {
    expect(s.openingBalance).toBe(60000);
  });

  it('lists the period in date order, on one day invoices, then credit notes, then payments, with a running balance', () => {
    expect(s.rows.map((r) => [r.date, r.document, r.number, r.debit, r.credit, r.balance])).toEqual([
      ['2026-03-05', 'Фактура', '0000000002', 12345, 0, 72345],
      ['2026-03-10', 'Фактура', '0000000003', 50000, 0, 122345],
      ['2026-03-10', 'Кредитно известие', '0000000004', 0, 5000, 117345],
      ['2026-03-10', 'Плащане', 'ПН-2', 0, 30000, 87345],
      ['2026-03-31', 'Плащане', 'ПН-3', 0, 60000, 27345],
    ]);
    expect(s.rows[3].note).toBe('Банков превод по 0000000003');
  });

  it('gives an invoice due at once its own date as the due day', () => {
    expect(s.rows[0].dueAt).toBe('2026-03-05');
    expect(s.rows[1].dueAt).toBe('2026-03-24');
    expect(s.rows[2].dueAt).toBeNull();
  });

  it('closes with the opening balance plus debits less credits, the last row’s balance', () => {
    expect(s.totals).toEqual({ debit: 62345, credit: 95000 });
    expect(s.closingBalance).toBe(60000 + 62345 - 95000);
    expect(s.closingBalance).toBe(s.rows[s.rows.length - 1].balance);
  });

  it('judges overdue on the day it is made, whatever the period, the due day itself not overdue', () => {
    expect(s.overdue).toEqual({
      total: 12345 + 20000 + 7000,
      invoices: [
        { number: '0000000002', dueAt: '2026-03-05', outstanding: 12345, daysOverdue: 36 },
        { number: '0000000003', dueAt: '2026-03-24', outstanding: 20000, daysOverdue: 17 },
        { number: '0000000005', dueAt: '2026-04-09', outstanding: 7000, daysOverdue: 1 },
      ],
    });
    const onTheDueDay = build(entries, { asOf: '2026-04-09' });
    expect(onTheDueDay.overdue.invoices.map((i) => i.number)).toEqual(['0000000002', '0000000003']);
  });

  it('shows an overpayment as a negative balance', () => {
    const over = build([invoice('0000000010', '2026-03-02', 10000), payment('ПН-9', '2026-03-03', 15000)]);
    expect(over.rows.map((r) => r.balance)).toEqual([10000, -5000]);
    expect(over.closingBalance).toBe(-5000);
    expect(over.overdue).toEqual({ total: 0, invoices: [] });
  });
});

describe('the statement as a CSV', () => {
  const csv = statementCsv(build(entries));
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');

  it('is UTF-8 with a BOM, `;` and CRLF, in the statement’s columns', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines[0]).toBe('Дата;Документ;Номер;Падеж;Дебит;Кредит;Салдо');
  });

  it('starts with the opening balance and ends with the turnover and the closing balance', () => {
    expect(lines[1]).toBe('01.03.2026;Начално салдо;;;;;600,00');
    expect(lines[lines.length - 2]).toBe('31.03.2026;Крайно салдо;;;623,45;950,00;273,45');
    expect(lines[lines.length - 1]).toBe('');
    expect(lines).toHaveLength(1 + 1 + 5 + 1 + 1);
  });

  it('writes amounts with a decimal comma and no thousands separator, numbers as identifiers kept as text', () => {
    expect(lines[2]).toBe('05.03.2026;Фактура;"\t0000000002";05.03.2026;123,45;;723,45');
    expect(lines[5]).toBe('10.03.2026;Плащане;ПН-2;;;300,00;873,45');
    const big = statementCsv(build([invoice('0000000020', '2026-03-02', 123456789)]));
    expect(big).toContain(';1234567,89;;1234567,89\r\n');
  });

  it('writes a negative balance with a minus', () => {
    const over = statementCsv(build([payment('ПН-9', '2026-03-03', 1500)]));
    expect(over).toContain('03.03.2026;Плащане;ПН-9;;;15,00;-15,00\r\n');
  });
});

describe('the period', () => {
  it('takes two real days in order, at most three years apart', () => {
    expect(statementPeriodErrors('2026-01-01', '2026-12-31')).toEqual({});
    expect(statementPeriodErrors('2026-05-05', '2026-05-05')).toEqual({});
    expect(statementPeriodErrors('2024-01-01', '2026-12-31')).toEqual({});
    expect(statementPeriodErrors('2024-01-01', '2027-01-01')).toEqual({ to: STATEMENT_TEXT.tooLong });
    expect(statementPeriodErrors('2026-06-01', '2026-05-31')).toEqual({ to: STATEMENT_TEXT.toBeforeFrom });
  });

  it('refuses what is not a day "YYYY-MM-DD", field by field, in Bulgarian', () => {
    expect(statementPeriodErrors('', undefined)).toEqual({ from: 'Посочете началото на периода.', to: 'Посочете края на периода.' });
    expect(statementPeriodErrors('2026-02-29', '31.12.2026')).toEqual({
      from: STATEMENT_TEXT.fromInvalid,
      to: STATEMENT_TEXT.toInvalid,
    });
  });

  it('is the year so far unless asked otherwise', () => {
    expect(defaultStatementPeriod('2026-08-14')).toEqual({ from: '2026-01-01', to: '2026-08-14' });
  });
});

it('names its files in ASCII by the company’s ЕИК and the period', () => {
  const s = build(entries);
  expect(statementFileName(s, 'pdf')).toBe('izvlechenie-204512345-2026-03-01-2026-03-31.pdf');
  expect(statementFileName(s, 'csv')).toBe('izvlechenie-204512345-2026-03-01-2026-03-31.csv');
});
