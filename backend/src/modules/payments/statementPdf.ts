// The statement of account as a PDF, in the invoice's style (A4, DejaVu Sans, amounts the
// Bulgarian way): the period, supplier and client, the account's table from the opening to the
// closing balance (its header repeated on every page it runs onto), the period's turnover, the
// invoices overdue on the day it is made and the account to pay into. Drawn from the built
// statement only (domain/statementOfAccount.ts), so the PDF and the CSV never disagree.
import { startPdf, type Pdf } from '../../platform/pdfDocument';
import { amountText, currencyText, dayText } from '../invoices';
import { STATEMENT_TEXT as T, type StatementOfAccount } from '@domain/statementOfAccount';

const MARGIN = 40;
/** Room kept at the foot of each page for its number. */
const FOOTER = 18;
const TEXT_SIZE = 8;
const NOTE_SIZE = 6.5;
/** Space between a cell's text and its column's edges. */
const PAD = 2;

interface Column {
  title: string;
  w: number;
  align: 'left' | 'right';
}

/** A cell's text, with a smaller line under it (a payment's method, the invoices it paid). */
type Cell = string | { text: string; note?: string };

const textOf = (cell: Cell) => (typeof cell === 'string' ? cell : cell.text);
const noteOf = (cell: Cell) => (typeof cell === 'string' ? '' : (cell.note ?? ''));

/** Rows of a table that go on to a new page, under the table's header again, when the page is full. */
function table(pdf: Pdf, left: number, columns: Column[], continued: () => void) {
  const bottom = () => pdf.page.height - MARGIN - FOOTER;
  const heightOf = (cells: Cell[], bold: boolean) =>
    Math.max(
      ...cells.map((cell, i) => {
        const width = columns[i].w - 2 * PAD;
        pdf.font(bold ? 'bold' : 'regular').fontSize(TEXT_SIZE);
        let h = pdf.heightOfString(textOf(cell) || ' ', { width });
        if (noteOf(cell)) h += pdf.font('regular').fontSize(NOTE_SIZE).heightOfString(noteOf(cell), { width });
        return h;
      }),
    ) +
    2 * PAD;
  const draw = (cells: Cell[], bold: boolean, fill?: string) => {
    const top = pdf.y;
    const height = heightOf(cells, bold);
    const width = columns.reduce((sum, c) => sum + c.w, 0);
    if (fill) pdf.rect(left, top, width, height).fillColor(fill).fill();
    pdf.fillColor('#000');
    let x = left;
    cells.forEach((cell, i) => {
      const c = columns[i];
      pdf
        .font(bold ? 'bold' : 'regular')
        .fontSize(TEXT_SIZE)
        .text(textOf(cell), x + PAD, top + PAD, { width: c.w - 2 * PAD, align: c.align });
      if (noteOf(cell))
        pdf
          .font('regular')
          .fontSize(NOTE_SIZE)
          .fillColor('#555')
          .text(noteOf(cell), x + PAD, pdf.y, { width: c.w - 2 * PAD, align: c.align })
          .fillColor('#000');
      x += c.w;
    });
    pdf
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .lineWidth(bold ? 0.6 : 0.3)
      .strokeColor(bold ? '#333' : '#999')
      .stroke();
    pdf.y = top + height;
  };
  const header = () =>
    draw(
      columns.map((c) => c.title),
      true,
      '#eeeeee',
    );
  const row = (cells: Cell[], bold = false) => {
    if (pdf.y + heightOf(cells, bold) > bottom()) {
      pdf.addPage();
      continued();
      header();
    }
    draw(cells, bold);
  };
  return { header, row };
}

export function renderStatementPdf(s: StatementOfAccount): Promise<Buffer> {
  const { pdf, done } = startPdf({
    size: 'A4',
    margin: MARGIN,
    // kept until the end, to number the pages once their count is known
    bufferPages: true,
    info: {
      Title: `${T.title} ${s.company.name} ${dayText(s.from)}–${dayText(s.to)}`,
      Author: s.seller.name,
      CreationDate: new Date(`${s.asOf}T12:00:00Z`),
    },
  });
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN - FOOTER;
  const cur = currencyText(s.currency);
  const period = T.period(dayText(s.from), dayText(s.to));
  /** A heading or a block kept whole: on to the next page when the rest of this one is too short. */
  const keep = (height: number) => {
    if (pdf.y + height > bottom()) {
      pdf.addPage();
      pdf.y = MARGIN;
    }
  };

  pdf.font('bold').fontSize(18).text(T.title.toLocaleUpperCase('bg'), left, MARGIN, { width, align: 'center' });
  pdf.font('regular').fontSize(10);
  pdf.text(period, { width, align: 'center' });
  pdf.fontSize(9).text(T.madeOn(dayText(s.asOf)), { width, align: 'center' });

  // Supplier and client side by side.
  const partiesTop = pdf.y + 14;
  const col = (width - 20) / 2;
  const party = (title: string, p: { name: string; eik: string; vatNumber: string; address: string }, address: string, x: number) => {
    pdf.font('bold').fontSize(10).text(title, x, partiesTop, { width: col });
    pdf.font('regular').fontSize(9);
    pdf.text(p.name, { width: col });
    if (p.eik) pdf.text(`${T.eik}: ${p.eik}`, { width: col });
    if (p.vatNumber) pdf.text(`${T.vatNumber}: ${p.vatNumber}`, { width: col });
    if (address) pdf.text(`${T.address}: ${address}`, { width: col });
    return pdf.y;
  };
  const y1 = party(T.seller, s.seller, s.seller.address, left);
  const y2 = party(T.company, s.company, [s.company.address, s.company.city].filter(Boolean).join(', '), left + col + 20);
  pdf.y = Math.max(y1, y2) + 14;
  pdf.font('regular').fontSize(8).text(T.amountsIn(cur), left, pdf.y, { width, align: 'right' });
  pdf.y += 2;

  // The account, from the opening balance to the closing one.
  const C = T.columns;
  const columns: Column[] = [
    { title: C.date, w: 58, align: 'left' },
    { title: C.document, w: 122, align: 'left' },
    { title: C.number, w: 76, align: 'left' },
    { title: C.dueAt, w: 58, align: 'left' },
    { title: C.debit, w: 66, align: 'right' },
    { title: C.credit, w: 66, align: 'right' },
    { title: C.balance, w: 69, align: 'right' },
  ];
  const continued = () =>
    pdf
      .font('regular')
      .fontSize(8)
      .fillColor('#555')
      .text(`${T.title} — ${s.company.name} — ${period}`, left, MARGIN, { width })
      .fillColor('#000')
      .moveDown(0.5);
  const account = table(pdf, left, columns, continued);
  account.header();
  account.row([dayText(s.from), T.opening, '', '', '', '', amountText(s.openingBalance)], true);
  for (const r of s.rows)
    account.row([
      dayText(r.date),
      { text: r.document, note: r.note },
      r.number,
      r.dueAt ? dayText(r.dueAt) : '',
      r.kind === 'invoice' ? amountText(r.debit) : '',
      r.kind === 'invoice' ? '' : amountText(r.credit),
      amountText(r.balance),
    ]);
  account.row(
    [dayText(s.to), T.closing, '', '', amountText(s.totals.debit), amountText(s.totals.credit), amountText(s.closingBalance)],
    true,
  );
  if (s.closingBalance < 0) {
    pdf
      .font('regular')
      .fontSize(8)
      .text(T.overpaid(s.company.name), left, pdf.y + 4, { width });
  }

  // The period in four figures, under the table on the right.
  pdf.y += 10;
  keep(4 * 14);
  const total = (label: string, minor: number, bold = false) => {
    const top = pdf.y;
    pdf.font(bold ? 'bold' : 'regular').fontSize(9.5);
    pdf.text(`${label}:`, left + width - 350, top, { width: 230, align: 'right' });
    pdf.text(`${amountText(minor)} ${cur}`, left + width - 120, top, { width: 120, align: 'right' });
    pdf.y = Math.max(pdf.y, top + 14);
  };
  total(T.opening, s.openingBalance);
  total(T.turnoverDebit, s.totals.debit);
  total(T.turnoverCredit, s.totals.credit);
  total(T.closing, s.closingBalance, true);

  // What is overdue on the day the statement is made, whatever the period.
  pdf.y += 12;
  keep(60);
  pdf
    .font('bold')
    .fontSize(10)
    .text(T.overdueTitle(dayText(s.asOf)), left, pdf.y, { width });
  pdf.y += 4;
  if (s.overdue.invoices.length) {
    const O = T.overdueColumns;
    const overdue = table(
      pdf,
      left,
      [
        { title: O.number, w: 110, align: 'left' },
        { title: O.dueAt, w: 80, align: 'left' },
        { title: O.days, w: 80, align: 'right' },
        { title: O.outstanding, w: 100, align: 'right' },
      ],
      continued,
    );
    overdue.header();
    for (const i of s.overdue.invoices) overdue.row([i.number, dayText(i.dueAt), String(i.daysOverdue), amountText(i.outstanding)]);
    overdue.row([T.overdueTotal, '', '', `${amountText(s.overdue.total)} ${cur}`], true);
  } else {
    pdf.font('regular').fontSize(9).text(T.noOverdue, left, pdf.y, { width });
  }

  if (s.seller.iban) {
    pdf.y += 12;
    keep(14);
    pdf.font('regular').fontSize(9).text(T.iban(s.seller.iban), left, pdf.y, { width });
  }

  // Each page's number at its foot, below the margin the text keeps to.
  const pages = pdf.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    pdf.switchToPage(pages.start + i);
    const margins = pdf.page.margins;
    pdf.page.margins = { ...margins, bottom: 0 };
    pdf
      .font('regular')
      .fontSize(7.5)
      .fillColor('#555')
      .text(T.page(i + 1, pages.count), left, pdf.page.height - MARGIN - 8, { width, align: 'right', lineBreak: false });
    pdf.page.margins = margins;
  }
  pdf.end();
  return done;
}
