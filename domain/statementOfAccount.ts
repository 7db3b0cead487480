// The statement of account („Извлечение от сметка“) of a trade company for a period: its
// invoices (debits), credit notes and payments (credits) in date order with a running balance,
// the balance carried in from before the period and out of it, and the invoices overdue on the
// day the statement is made. Built here from the entries the caller reads; written as a CSV for
// Bulgarian Excel here and as a PDF by the server. Amounts in minor units (cents) of one
// currency; a positive balance is what the company owes, a negative one what it overpaid.
import { bulgarianCsv, type CsvColumn } from './csv';
import { DAY_MS, shopDay } from './dates';
import { formatBgDate, parseBgDate } from './dateInput';
import { decimalComma } from './salesLedger';

export type AccountEntryKind = 'invoice' | 'credit_note' | 'payment';

/** One document or payment on the company's account. */
export interface AccountEntry {
  kind: AccountEntryKind;
  /** "YYYY-MM-DD": a document's issue day, a payment's day (a timestamp is read as its shop-local day). */
  date: string;
  /** The invoice's or credit note's ten digits, or the payment's number or reference as the caller has it. */
  number: string;
  /** Invoices: the due day "YYYY-MM-DD"; null: due at once (on its date). Others: null. */
  dueAt: string | null;
  /** Positive minor units: an invoice is a debit, a credit note and a payment a credit. */
  amount: number;
  /** Invoices: what is still open of it today, for the overdue figure. */
  outstanding?: number;
  /** E.g. the payment's method or the invoices it paid. */
  note?: string;
}

export interface StatementParty {
  name: string;
  eik: string;
  vatNumber: string;
  address: string;
}

export interface StatementRow {
  date: string;
  /** The kind as the reader sees it (STATEMENT_TEXT.kinds). */
  document: string;
  kind: AccountEntryKind;
  number: string;
  /** Invoices: the due day (their date when due at once); others null. */
  dueAt: string | null;
  debit: number;
  credit: number;
  /** The balance after this row. */
  balance: number;
  note: string;
}

export interface OverdueInvoice {
  number: string;
  dueAt: string;
  outstanding: number;
  daysOverdue: number;
}

export interface StatementOfAccount {
  company: StatementParty & { city: string };
  /** From the shop's legal settings. */
  seller: StatementParty & { iban: string };
  currency: 'EUR' | 'BGN';
  /** The period, both days included, "YYYY-MM-DD". */
  from: string;
  to: string;
  /** The day the statement is made: overdue is judged on it. */
  asOf: string;
  /** Debits less credits of every entry before `from`. */
  openingBalance: number;
  rows: StatementRow[];
  totals: { debit: number; credit: number };
  /** openingBalance + totals.debit − totals.credit. */
  closingBalance: number;
  /** Invoices with money open whose due day is before asOf, whatever the period. */
  overdue: { total: number; invoices: OverdueInvoice[] };
}

export interface StatementInput {
  company: StatementOfAccount['company'];
  seller: StatementOfAccount['seller'];
  currency: StatementOfAccount['currency'];
  from: string;
  to: string;
  asOf: string;
  entries: AccountEntry[];
}

/** The longest period one statement covers: enough for any dispute, and a PDF of bounded size. */
export const STATEMENT_PERIOD_MAX_YEARS = 3;

/** Every text of the statement, in the data, the CSV, the PDF and the period's checks. */
export const STATEMENT_TEXT = {
  title: 'Извлечение от сметка',
  opening: 'Начално салдо',
  closing: 'Крайно салдо',
  kinds: { invoice: 'Фактура', credit_note: 'Кредитно известие', payment: 'Плащане' } as Readonly<Record<AccountEntryKind, string>>,
  columns: {
    date: 'Дата',
    document: 'Документ',
    number: 'Номер',
    dueAt: 'Падеж',
    debit: 'Дебит',
    credit: 'Кредит',
    balance: 'Салдо',
  },
  period: (from: string, to: string) => `за периода от ${from} до ${to}`,
  madeOn: (day: string) => `Съставено на ${day}`,
  seller: 'Доставчик',
  company: 'Клиент',
  eik: 'ЕИК',
  vatNumber: 'ДДС №',
  address: 'Адрес',
  amountsIn: (currency: string) => `Суми в ${currency}`,
  turnoverDebit: 'Дебитен оборот за периода',
  turnoverCredit: 'Кредитен оборот за периода',
  overpaid: (company: string) => `Отрицателното салдо е надплатена сума в полза на ${company}.`,
  overdueTitle: (day: string) => `Просрочени задължения към ${day}`,
  overdueColumns: { number: 'Фактура №', dueAt: 'Падеж', days: 'Дни просрочие', outstanding: 'Неплатено' },
  overdueTotal: 'Общо просрочени',
  noOverdue: 'Няма просрочени задължения.',
  iban: (iban: string) => `Банкова сметка за плащане (IBAN): ${iban}`,
  page: (n: number, of: number) => `Страница ${n} от ${of}`,
  // the period's checks
  fromRequired: 'Посочете началото на периода.',
  fromInvalid: 'Началото на периода не е дата във вида ГГГГ-ММ-ДД.',
  toRequired: 'Посочете края на периода.',
  toInvalid: 'Краят на периода не е дата във вида ГГГГ-ММ-ДД.',
  toBeforeFrom: 'Краят на периода е преди началото му.',
  tooLong: `Периодът е най-много ${STATEMENT_PERIOD_MAX_YEARS} години.`,
  formatInvalid: 'Форматът е pdf или csv.',
  membersOnly: 'Извлечение от сметка имат само членовете на фирма с търговски профил.',
  // what the rows say of themselves
  orderNote: (order: string) => `Поръчка ${order}`,
  orderPaymentNote: (invoice: string) => `Платена поръчка, по фактура ${invoice}`,
  creditNoteNote: (invoice: string) => (invoice ? `Към фактура ${invoice}` : ''),
  // the statement by mail
  mailSubject: (s: { from: string; to: string }) => `Извлечение от сметка за периода ${formatBgDate(s.from)} – ${formatBgDate(s.to)}`,
  mailBody: (s: { from: string; to: string; company: { name: string } }, firstName: string) =>
    [
      firstName ? `Здравейте, ${firstName},` : 'Здравейте,',
      '',
      `Прилагаме извлечение от сметката на ${s.company.name} при нас за периода ${formatBgDate(s.from)} – ${formatBgDate(s.to)}.`,
      'Ако някоя сума не съвпада с вашите записи, отговорете на това писмо.',
      '',
      'Поздрави,',
      'VAP SOLO',
    ].join('\n'),
  sent: (to: string) => `Извлечението е изпратено на ${to}.`,
} as const;

/** On one day the debt comes before what pays it, so a same-day payment does not show as an overpayment first. */
const KIND_ORDER: Readonly<Record<AccountEntryKind, number>> = { invoice: 0, credit_note: 1, payment: 2 };

/** A timestamp read as its shop-local day; a day stays as it is. */
const dayOf = (value: string): string => (value.length > 10 ? shopDay(value) : value);

/** Whole days from one "YYYY-MM-DD" to a later one. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function signed(entry: AccountEntry): { debit: number; credit: number } {
  return entry.kind === 'invoice' ? { debit: entry.amount, credit: 0 } : { debit: 0, credit: entry.amount };
}

export function statementOfAccount(input: StatementInput): StatementOfAccount {
  const { from, to, asOf } = input;
  const entries = input.entries.map((e) => ({ ...e, date: dayOf(e.date), dueAt: e.dueAt ? dayOf(e.dueAt) : null }));

  let openingBalance = 0;
  for (const e of entries.filter((e) => e.date < from)) {
    const { debit, credit } = signed(e);
    openingBalance += debit - credit;
  }

  const inPeriod = entries
    .filter((e) => e.date >= from && e.date <= to)
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
        a.number.localeCompare(b.number, 'bg', { numeric: true }),
    );
  let balance = openingBalance;
  const totals = { debit: 0, credit: 0 };
  const rows = inPeriod.map((e): StatementRow => {
    const { debit, credit } = signed(e);
    balance += debit - credit;
    totals.debit += debit;
    totals.credit += credit;
    return {
      date: e.date,
      document: STATEMENT_TEXT.kinds[e.kind],
      kind: e.kind,
      number: e.number,
      dueAt: e.kind === 'invoice' ? (e.dueAt ?? e.date) : null,
      debit,
      credit,
      balance,
      note: e.note ?? '',
    };
  });

  // Overdue is a fact of the asOf day, not of the period: an old invoice still open counts, and
  // an invoice is late only from the day after its due day.
  const overdueInvoices = entries
    .filter((e) => e.kind === 'invoice' && (e.outstanding ?? 0) > 0 && (e.dueAt ?? e.date) < asOf)
    .map((e): OverdueInvoice => {
      const dueAt = e.dueAt ?? e.date;
      return { number: e.number, dueAt, outstanding: e.outstanding ?? 0, daysOverdue: daysBetween(dueAt, asOf) };
    })
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.number.localeCompare(b.number, 'bg', { numeric: true }));

  return {
    company: input.company,
    seller: input.seller,
    currency: input.currency,
    from,
    to,
    asOf,
    openingBalance,
    rows,
    totals,
    closingBalance: openingBalance + totals.debit - totals.credit,
    overdue: { total: overdueInvoices.reduce((sum, i) => sum + i.outstanding, 0), invoices: overdueInvoices },
  };
}

// ---- the period ----

const isDay = (value: string) => parseBgDate(value) === value;

/** "YYYY-MM-DD" plus whole years; 29 February rolls on to 1 March in a year without it. */
function plusYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** `from` / `to` errors of a statement's period: both real days "YYYY-MM-DD", in order, at most STATEMENT_PERIOD_MAX_YEARS long. */
export function statementPeriodErrors(from: string | null | undefined, to: string | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  const f = String(from ?? '').trim();
  const t = String(to ?? '').trim();
  if (!f) errors.from = STATEMENT_TEXT.fromRequired;
  else if (!isDay(f)) errors.from = STATEMENT_TEXT.fromInvalid;
  if (!t) errors.to = STATEMENT_TEXT.toRequired;
  else if (!isDay(t)) errors.to = STATEMENT_TEXT.toInvalid;
  if (errors.from || errors.to) return errors;
  if (t < f) errors.to = STATEMENT_TEXT.toBeforeFrom;
  else if (t >= plusYears(f, STATEMENT_PERIOD_MAX_YEARS)) errors.to = STATEMENT_TEXT.tooLong;
  return errors;
}

/** The period a statement shows unless asked otherwise: the year so far. `today` is "YYYY-MM-DD". */
export function defaultStatementPeriod(today: string = shopDay(new Date())): { from: string; to: string } {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

// ---- the CSV ----

const C = STATEMENT_TEXT.columns;

/** The CSV's columns; document numbers kept as text, amounts numbers with a decimal comma. */
export const STATEMENT_CSV_COLUMNS: CsvColumn[] = [
  { header: C.date },
  { header: C.document },
  { header: C.number, kind: 'identifier' },
  { header: C.dueAt },
  { header: C.debit, kind: 'number' },
  { header: C.credit, kind: 'number' },
  { header: C.balance, kind: 'number' },
];

/** The CSV rows: the opening balance, the period's rows, the closing balance with the period's turnover. */
export function statementCsvRows(s: StatementOfAccount): unknown[][] {
  return [
    [formatBgDate(s.from), STATEMENT_TEXT.opening, '', '', '', '', decimalComma(s.openingBalance)],
    ...s.rows.map((r) => [
      formatBgDate(r.date),
      r.document,
      r.number,
      formatBgDate(r.dueAt),
      // a row has one side; the other is left empty, as on paper
      r.kind === 'invoice' ? decimalComma(r.debit) : '',
      r.kind === 'invoice' ? '' : decimalComma(r.credit),
      decimalComma(r.balance),
    ]),
    [
      formatBgDate(s.to),
      STATEMENT_TEXT.closing,
      '',
      '',
      decimalComma(s.totals.debit),
      decimalComma(s.totals.credit),
      decimalComma(s.closingBalance),
    ],
  ];
}

/** The whole CSV file (UTF-8 with a BOM, `;`, CRLF), as the shop writes every CSV. */
export function statementCsv(s: StatementOfAccount): string {
  return bulgarianCsv(STATEMENT_CSV_COLUMNS, statementCsvRows(s));
}

/** "izvlechenie-<eik>-<from>-<to>.pdf": ASCII only, so every browser and mail client keeps it. */
export function statementFileName(s: Pick<StatementOfAccount, 'company' | 'from' | 'to'>, format: 'pdf' | 'csv'): string {
  const eik = s.company.eik.replace(/[^A-Za-z0-9]/g, '');
  return `${['izvlechenie', eik, s.from, s.to].filter(Boolean).join('-')}.${format}`;
}
