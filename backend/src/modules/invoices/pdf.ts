// The invoice or credit note as a PDF (pdfkit, DejaVu Sans embedded for Cyrillic), from the
// document's frozen data only. Carries what ЗДДС чл. 114 asks: the title and "ОРИГИНАЛ", the
// number, the dates of issue and of the tax event, supplier and recipient with ЕИК and VAT
// numbers, each line's quantity, unit price before VAT, tax base, rate and VAT, and the totals.
import { DOCUMENT_KIND_LABELS } from '@domain/invoices';
import { BGN_PER_EUR, convertMinor, isCurrency, otherCurrency } from '@domain/money';
import { amountInWords } from '@domain/numberWords';
import { startPdf } from '../../platform/pdfDocument';
import type { InvoiceSnapshot, Party } from './snapshot';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';

/** 1234567 minor units → "12 345,67" (Bulgarian: decimal comma, space between thousands). */
export function amountText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}`;
}

export function currencyText(currency: string): string {
  return currency === 'BGN' ? 'лв.' : currency === 'EUR' ? 'EUR' : currency;
}

/** "2026-11-23" → "23.11.2026" */
export function dayText(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

export function renderInvoicePdf(doc: InvoiceSnapshot): Promise<Buffer> {
  const { pdf, done } = startPdf({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${DOCUMENT_KIND_LABELS[doc.kind]} ${doc.number}`,
      Author: doc.supplier.companyName,
      CreationDate: new Date(doc.issuedAt),
    },
  });
  const left = 40;
  const width = pdf.page.width - 80;

  pdf
    .font('bold')
    .fontSize(20)
    .text(doc.kind === 'invoice' ? 'ФАКТУРА' : 'КРЕДИТНО ИЗВЕСТИЕ', left, 40, { width, align: 'center' });
  pdf.font('bold').fontSize(11).text('ОРИГИНАЛ', { width, align: 'center' });
  pdf.moveDown(0.6);
  pdf.font('regular').fontSize(10);
  pdf.text(`№ ${doc.number}`, { width, align: 'center' });
  pdf.text(`Дата на издаване: ${dayText(doc.issueDate)}`, { width, align: 'center' });
  pdf.text(`Дата на данъчното събитие: ${dayText(doc.taxEventDate)}`, { width, align: 'center' });
  if (doc.refersTo) {
    pdf.font('bold').text(`Към фактура № ${doc.refersTo.number} от ${dayText(doc.refersTo.issueDate)}`, { width, align: 'center' });
    pdf.font('regular');
    if (doc.reason) pdf.text(`Основание: ${doc.reason}`, { width, align: 'center' });
  }

  // Supplier and recipient side by side.
  const partiesTop = pdf.y + 14;
  const col = (width - 20) / 2;
  const party = (title: string, p: Party, x: number) => {
    pdf.font('bold').fontSize(10).text(title, x, partiesTop, { width: col });
    pdf.font('regular').fontSize(9);
    pdf.text(p.companyName, { width: col });
    if (p.eik) pdf.text(`ЕИК: ${p.eik}`, { width: col });
    if (p.vatNumber) pdf.text(`ДДС №: ${p.vatNumber}`, { width: col });
    if (p.address) pdf.text(`Адрес: ${p.address}`, { width: col });
    if (p.mol) pdf.text(`МОЛ: ${p.mol}`, { width: col });
    return pdf.y;
  };
  const y1 = party('Доставчик', doc.supplier, left);
  const y2 = party('Получател', doc.recipient, left + col + 20);
  pdf.y = Math.max(y1, y2) + 16;

  // The lines.
  const columns: Array<{ title: string; w: number; align: 'left' | 'right' }> = [
    { title: '№', w: 18, align: 'left' },
    { title: 'Наименование', w: 161, align: 'left' },
    { title: 'Мярка', w: 38, align: 'left' },
    { title: 'Кол.', w: 30, align: 'right' },
    { title: 'Ед. цена без ДДС', w: 58, align: 'right' },
    { title: 'Данъчна основа', w: 58, align: 'right' },
    { title: 'ДДС %', w: 32, align: 'right' },
    { title: 'ДДС', w: 52, align: 'right' },
    { title: 'Сума с ДДС', w: 68, align: 'right' },
  ];
  const row = (cells: string[], bold = false) => {
    const top = pdf.y;
    let x = left;
    let bottom = top;
    pdf.font(bold ? 'bold' : 'regular').fontSize(8);
    cells.forEach((text, i) => {
      pdf.text(text, x, top, { width: columns[i].w - 4, align: columns[i].align });
      bottom = Math.max(bottom, pdf.y);
      x += columns[i].w;
    });
    pdf.y = bottom + 3;
    pdf
      .moveTo(left, pdf.y - 1)
      .lineTo(left + width, pdf.y - 1)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
    if (pdf.y > pdf.page.height - 140) pdf.addPage();
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  doc.lines.forEach((l, i) =>
    row([
      String(i + 1),
      l.name,
      l.unit,
      String(l.quantity),
      amountText(l.unitPriceNet),
      amountText(l.taxBase),
      `${l.vatPercent} %`,
      amountText(l.vat),
      amountText(l.total),
    ]),
  );

  // Totals, in the order's currency.
  const cur = currencyText(doc.currency);
  pdf.moveDown(0.8);
  const total = (label: string, value: string, bold = false) => {
    const top = pdf.y;
    pdf.font(bold ? 'bold' : 'regular').fontSize(10);
    pdf.text(label, left + width - 330, top, { width: 220, align: 'right' });
    pdf.text(value, left + width - 110, top, { width: 110, align: 'right' });
    pdf.y = Math.max(pdf.y, top + 14);
  };
  total('Данъчна основа 20 %:', `${amountText(doc.taxBase)} ${cur}`);
  total('Начислен ДДС 20 %:', `${amountText(doc.vatTotal)} ${cur}`);
  total(doc.kind === 'invoice' ? 'Сума за плащане:' : 'Сума на кредитното известие:', `${amountText(doc.total)} ${cur}`, true);
  // The leva equivalent while dual display is on (each total converted at the fixed rate).
  if (doc.dualCurrency && isCurrency(doc.currency)) {
    const other = otherCurrency(doc.currency);
    // Base and total converted; the VAT is their difference, so the equivalent adds up too.
    const base = convertMinor(doc.taxBase, doc.currency, other);
    const whole = convertMinor(doc.total, doc.currency, other);
    const eq = (minor: number) => `${amountText(minor)} ${currencyText(other)}`;
    pdf.font('regular').fontSize(9);
    pdf.text(
      `Равностойност: данъчна основа ${eq(base)}, ДДС ${eq(whole - base)}, общо ${eq(whole)} (1 EUR = ${String(BGN_PER_EUR).replace('.', ',')} лв.)`,
      left,
      pdf.y + 4,
      { width, align: 'right' },
    );
  }
  pdf.font('regular').fontSize(9);
  if (isCurrency(doc.currency)) pdf.text(`Словом: ${amountInWords(doc.total, doc.currency)}`, left, pdf.y + 6, { width });
  pdf.text(`Валута: ${doc.currency}`, left, pdf.y + 2, { width });

  pdf.moveDown(0.8);
  pdf.text(`Поръчка: ${doc.orderNumber}`, left, pdf.y, { width });
  if (doc.purchaseOrderNumber) pdf.text(TRADE_ORDER_TEXT.purchaseOrderOnInvoice(doc.purchaseOrderNumber), { width });
  pdf.text(`Начин на плащане: ${doc.paymentMethod}`, { width });
  if (doc.dueDate)
    pdf
      .font('bold')
      .text(`Падеж: ${dayText(doc.dueDate)}`, { width })
      .font('regular');
  if (doc.supplier.iban)
    pdf.text(
      `Банкова сметка: ${doc.supplier.iban}${doc.supplier.bic ? `, BIC ${doc.supplier.bic}` : ''}${doc.supplier.bankName ? `, ${doc.supplier.bankName}` : ''}`,
      { width },
    );
  pdf.text(`Място на сделката: ${doc.place}`, { width });
  pdf.moveDown(1.5);
  const signTop = pdf.y;
  pdf.text(`Получател: ${doc.recipient.mol || '............'}`, left, signTop, { width: col });
  pdf.text(`Съставил: ${doc.supplier.mol || '............'}`, left + col + 20, signTop, { width: col });

  pdf.end();
  return done;
}
