// The texts of a company's statement of account in the panel (i18n/bg.ts and en.ts spread them in
// as app.statement). The Bulgarian ones are the statement's own (domain/statementOfAccount), the
// same words as in its PDF and CSV; a text with a value is taken with react-admin's placeholder.
import { STATEMENT_TEXT as S } from '@domain/statementOfAccount';

/** The statement's fixed words as plain strings, so the English catalogue may say them otherwise. */
const words = <T extends Readonly<Record<string, string>>>(texts: T): Record<keyof T, string> => ({ ...texts });

export const statementBg = {
  title: S.title as string,
  from: 'Период от',
  to: 'Период до',
  period: S.period('%{from}', '%{to}'),
  amountsIn: S.amountsIn('%{currency}'),
  opening: S.opening as string,
  closing: S.closing as string,
  kinds: words(S.kinds),
  columns: words(S.columns),
  noRows: 'Няма документи и плащания за периода.',
  overpaid: S.overpaid('%{company}'),
  overdueTitle: S.overdueTitle('%{date}'),
  overdueColumns: words(S.overdueColumns),
  overdueTotal: S.overdueTotal as string,
  noOverdue: S.noOverdue as string,
  loading: 'Зареждане на извлечението…',
  loaded:
    'Извлечение за периода %{from} – %{to}: %{smart_count} ред, крайно салдо %{closing}. |||| Извлечение за периода %{from} – %{to}: %{smart_count} реда, крайно салдо %{closing}.',
  loadFailed: 'Извлечението не може да бъде заредено. Опитайте отново.',
  downloadPdf: 'Изтегли PDF',
  downloadCsv: 'Изтегли CSV',
  send: 'Изпрати по имейл',
  sendTitle: 'Изпращане на извлечението',
  sendTo: 'Извлечението за периода %{from} – %{to} ще бъде изпратено като PDF на %{email}.',
  sendToContact: 'Извлечението за периода %{from} – %{to} ще бъде изпратено като PDF на имейла за контакт на фирмата.',
  sendConfirm: 'Изпрати',
  sendFailed: 'Извлечението не бе изпратено. Опитайте отново.',
};

export const statementEn: typeof statementBg = {
  title: 'Statement of account',
  from: 'Period from',
  to: 'Period to',
  period: 'for the period %{from} to %{to}',
  amountsIn: 'Amounts in %{currency}',
  opening: 'Opening balance',
  closing: 'Closing balance',
  kinds: { invoice: 'Invoice', credit_note: 'Credit note', payment: 'Payment' },
  columns: { date: 'Date', document: 'Document', number: 'Number', dueAt: 'Due', debit: 'Debit', credit: 'Credit', balance: 'Balance' },
  noRows: 'No documents or payments in the period.',
  overpaid: 'A negative balance is an amount overpaid in favour of %{company}.',
  overdueTitle: 'Overdue as of %{date}',
  overdueColumns: { number: 'Invoice', dueAt: 'Due', days: 'Days overdue', outstanding: 'Unpaid' },
  overdueTotal: 'Total overdue',
  noOverdue: 'Nothing overdue.',
  loading: 'Loading the statement…',
  loaded:
    'Statement for %{from} – %{to}: %{smart_count} row, closing balance %{closing}. |||| Statement for %{from} – %{to}: %{smart_count} rows, closing balance %{closing}.',
  loadFailed: 'The statement could not be loaded. Try again.',
  downloadPdf: 'Download PDF',
  downloadCsv: 'Download CSV',
  send: 'Send by e-mail',
  sendTitle: 'Send the statement',
  sendTo: 'The statement for %{from} – %{to} will be sent as a PDF to %{email}.',
  sendToContact: 'The statement for %{from} – %{to} will be sent as a PDF to the company’s contact e-mail.',
  sendConfirm: 'Send',
  sendFailed: 'The statement was not sent. Try again.',
};
