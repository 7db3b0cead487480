// When the courier's own label cannot be had (its link failed, or it sent none), staff still get
// a printable A6 page with the waybill number, receiver, destination and cash on delivery, made
// by the shop and saying so, to stick on the parcel or take to the courier's office.
import { COURIER_LABELS, Courier } from '@domain/couriers';
import { formatMoney, isCurrency } from '@domain/money';
import { startPdf } from '../../platform/pdfDocument';

export interface LabelFacts {
  courier: Courier;
  waybillNumber: string;
  orderNumber: string;
  receiver: string;
  phone: string;
  destination: string;
  codAmount: number;
  currency: string;
  weightKg: number;
}

export function shopLabelPdf(f: LabelFacts): Promise<Buffer> {
  const { pdf: doc, done } = startPdf({ size: 'A6', margin: 18, info: { Title: `Товарителница ${f.waybillNumber}` } });
  doc.font('bold').fontSize(12).text(`${COURIER_LABELS[f.courier]} · товарителница`);
  doc.fontSize(18).text(f.waybillNumber);
  doc.moveDown(0.5).font('regular').fontSize(9);
  doc.text(`Поръчка: ${f.orderNumber}`);
  doc.text(`Получател: ${f.receiver}, ${f.phone}`);
  doc.text(`До: ${f.destination}`);
  doc.text(`Тегло: ${f.weightKg} кг`);
  if (f.codAmount > 0)
    doc
      .font('bold')
      .text(`Наложен платеж: ${isCurrency(f.currency) ? formatMoney(f.codAmount, f.currency) : `${f.codAmount} ${f.currency}`}`)
      .font('regular');
  doc
    .moveDown(0.8)
    .fontSize(7)
    .fillColor('#555')
    .text('Копие от магазина: етикетът на куриера не бе наличен. Номерът на товарителницата е истински.');
  doc.end();
  return done;
}
