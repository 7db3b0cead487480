// Packing slips: one page per order, A4 for the office printer or A6 for the label printer, with
// what to pack (items with their flavour and other choices, quantities), where it goes (the
// courier office from the order's snapshot, or the address), who takes it and the cash to collect
// on delivery in the order's own currency. Nothing else about money: the slip goes in the parcel.
import { Order } from '../../models/Order';
import { OrderItem } from '../../models/OrderItem';
import { notFound } from '../../platform/http/errors';
import { getSettings } from '../settings';
import { orderOffice } from '../couriers';
import { startPdf, type Pdf } from '../../platform/pdfDocument';
import { API } from '@domain/messages';
import { COURIER_LABELS } from '@domain/couriers';
import { formatDate } from '@domain/dates';
import { formatDual, fromMinor, isCurrency } from '@domain/money';
import { SHIPPING_METHOD_LABELS } from '@domain/orderStatus';
import { PACKING_SLIP_TEXT as T, type PackingSlipSize } from '@domain/packingSlips';

/** What one slip shows, read from the order once. */
export interface PackingSlipFacts {
  number: string;
  day: string;
  recipient: string;
  phone: string;
  deliveryMethod: string;
  /** The office or the address, one line each. */
  destination: string[];
  lines: Array<{ quantity: number; name: string; details: string[] }>;
  pieces: number;
  /** "27,90 лв. / 14,26 €", or null when nothing is collected on delivery. */
  cod: string | null;
  note: string;
}

export function packingSlipFacts(order: Order, items: OrderItem[], dualCurrency: boolean): PackingSlipFacts {
  const office = orderOffice(order);
  const destination = office
    ? [
        T.office(COURIER_LABELS[office.courier] ?? office.courier, office.name, office.code),
        [office.city, office.address].filter(Boolean).join(', '),
      ]
    : [[order.shippingPostcode, order.shippingCity].filter(Boolean).join(' '), order.shippingAddress];
  // Cash is collected only for an unpaid cash-on-delivery order (the waybill asks the same).
  const codMinor = order.paymentMethod === 'cod' && order.paymentStatus === 'unpaid' ? order.total : 0;
  const currency = isCurrency(order.currency) ? order.currency : 'BGN';
  return {
    number: order.number,
    day: formatDate(order.createdAt),
    recipient: `${order.customerFirstName} ${order.customerLastName}`.trim(),
    phone: order.customerPhone,
    deliveryMethod: SHIPPING_METHOD_LABELS[order.shippingMethod] ?? order.shippingMethod,
    destination: destination.filter(Boolean),
    lines: items.map((i) => ({
      quantity: i.quantity,
      name: [i.productName, i.variantName].filter(Boolean).join(' — '),
      details: [
        ...(i.attributes ?? []).map((a) => `${a.name}: ${a.value}`),
        ...(i.personalization ? [`${T.inscription}: „${i.personalization}“`] : []),
        ...(i.sku ? [`SKU ${i.sku}`] : []),
      ],
    })),
    pieces: items.reduce((n, i) => n + i.quantity, 0),
    cod: codMinor > 0 ? formatDual(fromMinor(codMinor)!, currency, dualCurrency) : null,
    note: order.note ?? '',
  };
}

const LAYOUT: Record<
  PackingSlipSize,
  { size: string; margin: number; title: number; big: number; text: number; small: number; gap: number }
> = {
  a4: { size: 'A4', margin: 40, title: 20, big: 13, text: 11, small: 9, gap: 10 },
  a6: { size: 'A6', margin: 16, title: 12, big: 10, text: 8, small: 6.5, gap: 5 },
};

function drawSlip(pdf: Pdf, s: PackingSlipFacts, size: PackingSlipSize, brand: string) {
  const L = LAYOUT[size];
  const left = L.margin;
  const width = pdf.page.width - 2 * L.margin;
  const bottom = pdf.page.height - L.margin;
  pdf.fillColor('#000');
  pdf.font('regular').fontSize(L.small).text(brand, left, L.margin, { width });
  pdf.font('bold').fontSize(L.title).text(T.title, { width });
  pdf.fontSize(L.big).text(T.order(s.number, s.day), { width });
  pdf.moveDown(0.5);

  const section = (label: string, lines: string[], firstBold = false) => {
    pdf.font('bold').fontSize(L.small).fillColor('#444').text(label.toUpperCase(), left, pdf.y, { width });
    pdf.fontSize(L.text).fillColor('#000');
    lines.forEach((line, i) => pdf.font(firstBold && i === 0 ? 'bold' : 'regular').text(line, { width }));
    pdf.y += L.gap / 2;
  };
  section(T.recipient, [s.recipient, s.phone], true);
  section(T.delivery, [s.deliveryMethod, ...s.destination], true);

  // The cash to collect, framed so nobody misses it.
  const codText = s.cod ? `${T.cod}: ${s.cod}` : T.noCod;
  pdf.font('bold').fontSize(s.cod ? L.big : L.text);
  const boxTop = pdf.y + 2;
  const pad = L.gap / 2 + 1;
  const textHeight = pdf.heightOfString(codText, { width: width - 2 * pad });
  pdf
    .rect(left, boxTop, width, textHeight + 2 * pad)
    .lineWidth(s.cod ? 1.5 : 0.5)
    .strokeColor('#000')
    .stroke();
  pdf.text(codText, left + pad, boxTop + pad, { width: width - 2 * pad });
  pdf.y = boxTop + textHeight + 2 * pad + L.gap;

  // The items: a box to tick, the quantity, the product with its choices.
  pdf.font('bold').fontSize(L.small).fillColor('#444').text(T.items.toUpperCase(), left, pdf.y, { width });
  pdf.fillColor('#000');
  const tick = L.text * 0.9;
  const qtyWidth = L.text * 3;
  const nameLeft = left + tick + 6 + qtyWidth;
  const nameWidth = width - (nameLeft - left);
  for (const line of s.lines) {
    pdf.font('regular').fontSize(L.text);
    const detailText = line.details.join(' · ');
    const need =
      pdf.heightOfString(line.name, { width: nameWidth }) +
      (detailText ? pdf.fontSize(L.small).heightOfString(detailText, { width: nameWidth }) : 0) +
      L.gap;
    if (pdf.y + need > bottom) pdf.addPage();
    const top = pdf.y + L.gap / 2;
    pdf
      .rect(left, top + 1, tick, tick)
      .lineWidth(0.6)
      .strokeColor('#000')
      .stroke();
    pdf
      .font('bold')
      .fontSize(L.text)
      .text(`${line.quantity} ×`, left + tick + 6, top, { width: qtyWidth - 4 });
    pdf.text(line.name, nameLeft, top, { width: nameWidth });
    if (detailText) pdf.font('regular').fontSize(L.small).text(detailText, nameLeft, pdf.y, { width: nameWidth });
    pdf
      .moveTo(left, pdf.y + L.gap / 2)
      .lineTo(left + width, pdf.y + L.gap / 2)
      .lineWidth(0.3)
      .strokeColor('#999')
      .stroke();
  }
  pdf.y += L.gap;
  pdf.font('bold').fontSize(L.text).text(T.pieces(s.pieces), left, pdf.y, { width, align: 'right' });
  if (s.note) {
    pdf.y += L.gap / 2;
    section(T.customerNote, [s.note]);
  }
}

/** One PDF with a slip per order, in the order the ids were given; 404 naming any id not found. */
export async function packingSlipsPdf(orderIds: number[], size: PackingSlipSize): Promise<{ pdf: Buffer; numbers: string[] }> {
  const ids = [...new Set(orderIds)];
  const [orders, items, settings] = await Promise.all([
    Order.query().whereIn('id', ids),
    OrderItem.query().whereIn('orderId', ids).orderBy('id'),
    getSettings(),
  ]);
  const missing = ids.filter((id) => !orders.some((o) => o.id === id));
  if (missing.length) throw notFound(ids.length === 1 ? API.orderNotFound : T.notFound(missing.map((id) => `#${id}`).join(', ')));
  const byId = new Map(orders.map((o) => [o.id, o]));
  const slips = ids.map((id) =>
    packingSlipFacts(
      byId.get(id)!,
      items.filter((i) => i.orderId === id),
      settings.dualCurrency,
    ),
  );
  const { pdf, done } = startPdf({
    size: LAYOUT[size].size,
    margin: LAYOUT[size].margin,
    info: { Title: `${T.title} ${slips.map((s) => s.number).join(', ')}`.slice(0, 200), Author: settings.brand },
  });
  slips.forEach((slip, i) => {
    if (i > 0) pdf.addPage();
    drawSlip(pdf, slip, size, settings.brand);
  });
  pdf.end();
  return { pdf: await done, numbers: slips.map((s) => s.number) };
}
