// The statement of account as a PDF, read back as text the way a person copying from it would get
// it (poppler's pdftotext -layout): a long account runs onto a second page under its table's
// header again; the title, the client, the opening and closing balances, amounts the Bulgarian
// way, the overdue invoices (or the line saying there are none), the overpayment's note and the
// account to pay into.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { renderStatementPdf } from '../src/modules/payments/statementPdf';
import { STATEMENT_TEXT, statementOfAccount, type AccountEntry } from '@domain/statementOfAccount';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-statement-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

function readPdf(buffer: Buffer, tool: 'pdftotext' | 'pdfinfo'): string {
  const file = path.join(workDir, `statement-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, buffer);
  try {
    return execFileSync(tool, tool === 'pdftotext' ? ['-layout', '-enc', 'UTF-8', file, '-'] : [file], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file);
  }
}
/** Each page's text with runs of spaces made one (pdftotext -layout pads columns). */
const pagesOf = (pdf: Buffer) =>
  readPdf(pdf, 'pdftotext')
    .split('\f')
    .filter((p) => p.trim())
    .map((p) => p.replace(/[ \u00a0\u202f]+/g, ' '));

const company = { name: 'Вейп Дистрибуция ООД', eik: '204512345', vatNumber: 'BG204512345', address: 'ул. „Опълченска“ 12', city: 'София' };
const seller = {
  name: 'Вапсоло ЕООД',
  eik: '206123456',
  vatNumber: 'BG206123456',
  address: 'бул. „България“ 1, Пловдив',
  iban: 'BG80BNBG96611020345678',
};

/** Thirty invoices of the first half of 2026, each paid a week later but the last two; one credit note. */
function longAccount(): AccountEntry[] {
  const entries: AccountEntry[] = [
    { kind: 'invoice', date: '2025-12-15', number: '0000000100', dueAt: '2025-12-29', amount: 250000 },
    { kind: 'payment', date: '2025-12-20', number: 'ПН-0099', dueAt: null, amount: 150000, note: 'Банков превод' },
  ];
  for (let i = 0; i < 30; i++) {
    const day = new Date(Date.UTC(2026, 0, 2 + i * 5));
    const date = day.toISOString().slice(0, 10);
    const due = new Date(day.getTime() + 14 * 86400000).toISOString().slice(0, 10);
    const paid = new Date(day.getTime() + 7 * 86400000).toISOString().slice(0, 10);
    const number = String(101 + i).padStart(10, '0');
    const amount = 123456 + i * 1011;
    const open = i >= 28;
    entries.push({ kind: 'invoice', date, number, dueAt: due, amount, outstanding: open ? amount : 0 });
    if (!open)
      entries.push({ kind: 'payment', date: paid, number: `ПН-${1000 + i}`, dueAt: null, amount, note: `Банков превод по ${number}` });
  }
  entries.push({ kind: 'credit_note', date: '2026-03-03', number: '0000000200', dueAt: null, amount: 4500 });
  return entries;
}

const build = (entries: AccountEntry[], asOf = '2026-06-30') =>
  statementOfAccount({ company, seller, currency: 'EUR', from: '2026-01-01', to: '2026-06-30', asOf, entries });

describe('the statement of account as a PDF', () => {
  const statement = build(longAccount());
  let pdf: Buffer;
  let pages: string[];
  beforeAll(async () => {
    pdf = await renderStatementPdf(statement);
    pages = pagesOf(pdf);
  });

  it('is a PDF of two pages for sixty rows', () => {
    expect(statement.rows).toHaveLength(59);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(readPdf(pdf, 'pdfinfo')).toMatch(/Pages:\s+2\b/);
    expect(pages).toHaveLength(2);
  });

  it('carries the title, the period, both parties, the opening and the closing balance', () => {
    const text = pages.join('\n');
    expect(text).toContain('ИЗВЛЕЧЕНИЕ ОТ СМЕТКА');
    expect(text).toContain('за периода от 01.01.2026 до 30.06.2026');
    expect(text).toContain(company.name);
    expect(text).toContain('ЕИК: 204512345');
    expect(text).toContain('ДДС №: BG206123456');
    expect(pages[0]).toContain('01.01.2026 Начално салдо 1 000,00');
    expect(text).toMatch(
      new RegExp(
        `30\\.06\\.2026 Крайно салдо ${bg(statement.totals.debit)} ${bg(statement.totals.credit)} ${bg(statement.closingBalance)}`,
      ),
    );
    expect(text).toContain(`Крайно салдо: ${bg(statement.closingBalance)} EUR`);
    expect(text).toContain('Суми в EUR');
  });

  it('writes amounts the Bulgarian way, a row to a line', () => {
    expect(pages[0]).toMatch(/02\.01\.2026 Фактура 0000000101 16\.01\.2026 1 234,56 2 234,56/);
    const paid = statement.rows.find((r) => r.number === 'ПН-1000')!;
    expect(pages[0]).toContain(`09.01.2026 Плащане ПН-1000 ${bg(paid.credit)} ${bg(paid.balance)}`);
    expect(pages[0]).toContain('Банков превод по 0000000101');
  });

  it('repeats the table’s header on the next page', () => {
    const header = 'Дата Документ Номер Падеж Дебит Кредит Салдо';
    expect(pages[0]).toContain(header);
    expect(pages[1]).toContain(header);
    expect(pages[1]).toContain(`${STATEMENT_TEXT.title} — ${company.name}`);
    expect(pages[1]).toContain('Страница 2 от 2');
  });

  it('lists the invoices overdue on the day it is made, and the account to pay into', () => {
    const text = pages.join('\n');
    expect(text).toContain('Просрочени задължения към 30.06.2026');
    expect(text).toContain('Фактура № Падеж Дни просрочие Неплатено');
    const [a, b] = statement.overdue.invoices;
    expect(text).toContain(`${a.number} ${dayOf(a.dueAt)} ${a.daysOverdue} ${bg(a.outstanding)}`);
    expect(text).toContain(`${b.number} ${dayOf(b.dueAt)} ${b.daysOverdue} ${bg(b.outstanding)}`);
    expect(text).toContain(`Общо просрочени ${bg(statement.overdue.total)} EUR`);
    expect(text).toContain('Банкова сметка за плащане (IBAN): BG80BNBG96611020345678');
    expect(text).not.toContain(STATEMENT_TEXT.noOverdue);
  });
});

it('says when nothing is overdue, and names an overpayment', async () => {
  const paidTooMuch = build([
    { kind: 'invoice', date: '2026-02-02', number: '0000000300', dueAt: '2026-02-16', amount: 10000, outstanding: 0 },
    { kind: 'payment', date: '2026-02-10', number: 'ПН-7', dueAt: null, amount: 12050 },
  ]);
  const text = pagesOf(await renderStatementPdf(paidTooMuch)).join('\n');
  expect(text).toContain('Няма просрочени задължения.');
  expect(text).toContain('30.06.2026 Крайно салдо 100,00 120,50 -20,50');
  expect(text).toContain('Отрицателното салдо е надплатена сума в полза на Вейп Дистрибуция ООД.');
});

/** Minor units as the PDF writes them: "12 345,67". */
function bg(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(abs % 100).padStart(2, '0')}`;
}
const dayOf = (iso: string) => iso.split('-').reverse().join('.');
