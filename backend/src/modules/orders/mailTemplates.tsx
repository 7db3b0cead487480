// The parts the order e-mails are made of (mail.ts puts them together), each the same content
// twice: plain-text lines and HTML. The HTML is React elements in the shared frame
// (platform/mail/layout), rendered to static markup: every value, above all what a shopper typed
// (names, inscriptions, addresses), is escaped by React, never pasted into markup.
import { Fragment, type CSSProperties } from 'react';
import type { OrderView } from './service';
import type { ShopSettings } from '../settings';
import { MAIL_COLORS, para, type Part } from '../../platform/mail/layout';
export { compose, linkPart, para, type Part } from '../../platform/mail/layout';
import { COURIER_LABELS, courierOf, trackingUrl } from '@domain/couriers';
import { WITHDRAWAL_FORM_NOTE, WITHDRAWAL_FORM_TITLE, withdrawalFormLines } from '@domain/withdrawalForm';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { formatDate } from '@domain/dates';

/** What the parts need of the shop and the order's currency. */
export interface PartView {
  settings: Pick<ShopSettings, 'brand' | 'contacts' | 'bank'>;
  money: (amount: number | null) => string;
}

interface OrderItem {
  productName: string;
  variantName: string;
  attributes: Array<{ name: string; value: string }>;
  personalization: string;
  quantity: number;
  lineTotal: number;
}

const PARAGRAPH: CSSProperties = { margin: '0 0 14px' };
const TABLE = { role: 'presentation', width: '100%', cellPadding: '0', cellSpacing: '0' } as const;

export function itemsPart(order: OrderView, v: PartView): Part {
  const items = order.items as OrderItem[];
  const details = (i: OrderItem) => [
    ...(i.variantName ? [i.variantName] : []),
    ...i.attributes.map((a) => `${a.name}: ${a.value}`),
    ...(i.personalization ? [`Надпис: „${i.personalization}“`] : []),
  ];
  const text = items.map((i) => {
    const more = details(i);
    return `• ${i.productName} × ${i.quantity} — ${v.money(i.lineTotal)}${more.length ? `\n    ${more.join('; ')}` : ''}`;
  });
  const cell: CSSProperties = { borderBottom: `1px solid ${MAIL_COLORS.line}`, verticalAlign: 'top' };
  return {
    text: [...text, ''],
    html: (
      <table {...TABLE} style={{ borderCollapse: 'collapse', margin: '0 0 12px' }}>
        <tbody>
          {items.map((i, n) => (
            <tr key={n}>
              <td style={{ ...cell, padding: '8px 0', wordBreak: 'break-word', overflowWrap: 'anywhere' }}>
                <strong>{i.productName}</strong>
                {details(i).map((d, k) => (
                  <Fragment key={k}>
                    <br />
                    <span style={{ color: MAIL_COLORS.muted, fontSize: '14px' }}>{d}</span>
                  </Fragment>
                ))}
              </td>
              <td style={{ ...cell, padding: '8px', textAlign: 'center', whiteSpace: 'nowrap' }}>× {i.quantity}</td>
              <td style={{ ...cell, padding: '8px 0', textAlign: 'right', whiteSpace: 'nowrap' }}>{v.money(i.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ),
  };
}

export function totalsPart(order: OrderView, v: PartView): Part {
  // A company's order: its lines are net; the totals say so, with the VAT and the due date.
  const rows: Array<[string, string, boolean?]> =
    order.pricesInclude === 'net' && order.subtotalNet !== undefined ? netTotalsRows(order, v) : retailTotalsRows(order, v);
  const strongStyle: CSSProperties = { fontWeight: 800, fontSize: '17px' };
  return totalsTable(rows, strongStyle);
}

function netTotalsRows(order: OrderView, v: PartView): Array<[string, string, boolean?]> {
  return [
    [TRADE_ORDER_TEXT.subtotalNet, v.money(order.subtotalNet ?? 0)],
    ['Доставка', order.shippingTotal ? v.money(order.shippingTotal) : 'безплатна'],
    [TRADE_ORDER_TEXT.vat, v.money(order.vatTotal ?? 0)],
    [TRADE_ORDER_TEXT.total, v.money(order.total), true],
    ...(order.paymentDueAt ? [[TRADE_ORDER_TEXT.dueDate, formatDate(order.paymentDueAt)] as [string, string]] : []),
  ];
}

function retailTotalsRows(order: OrderView, v: PartView): Array<[string, string, boolean?]> {
  return [
    ['Междинна сума', v.money(order.subtotal)],
    ...(order.discountTotal ? [[`Отстъпка (${order.discountCode ?? ''})`, `−${v.money(order.discountTotal)}`] as [string, string]] : []),
    ['Доставка', order.shippingTotal ? v.money(order.shippingTotal) : 'безплатна'],
    ['Общо', v.money(order.total), true],
  ];
}

function totalsTable(rows: Array<[string, string, boolean?]>, strongStyle: CSSProperties): Part {
  return {
    text: [...rows.map(([k, val]) => `${k}: ${val}`), ''],
    html: (
      <table {...TABLE} style={{ borderCollapse: 'collapse', margin: '0 0 18px' }}>
        <tbody>
          {rows.map(([k, val, strong], n) => (
            <tr key={n}>
              <td style={{ padding: '3px 0', ...(strong ? strongStyle : {}) }}>{k}</td>
              <td style={{ padding: '3px 0', textAlign: 'right', whiteSpace: 'nowrap', ...(strong ? strongStyle : {}) }}>{val}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ),
  };
}

/** Courier, shipment number and the courier's tracking page, once shipped with a number. */
export function trackingPart(order: OrderView): Part | null {
  if (!order.trackingNumber) return null;
  const courier = courierOf(order.shipping.method, (order as { courier?: string | null }).courier);
  if (!courier) return para(`Номер на пратката: ${order.trackingNumber}`);
  const url = trackingUrl(courier, order.trackingNumber);
  return {
    text: [`Куриер: ${COURIER_LABELS[courier]}, номер на пратката: ${order.trackingNumber}`, `Проследяване: ${url}`, ''],
    html: (
      <p style={PARAGRAPH}>
        Куриер: <strong>{COURIER_LABELS[courier]}</strong>, номер на пратката: <strong>{order.trackingNumber}</strong>
        <br />
        <a href={url} style={{ color: MAIL_COLORS.accent }}>
          Проследете пратката на сайта на {COURIER_LABELS[courier]}
        </a>
      </p>
    ),
  };
}

/** How to pay by bank transfer: the shop's account, the sum and the order's number as the reference. */
export function bankTransferPart(order: OrderView, v: PartView): Part {
  const { bank } = v.settings;
  return {
    text: [
      'Плащане с банков превод:',
      `  Получател: ${bank.beneficiary}`,
      `  IBAN: ${bank.iban}  BIC: ${bank.bic} (${bank.bankName})`,
      `  Сума: ${v.money(order.total)}`,
      `  Основание: ${order.number}`,
      'Изпращаме поръчката след получаване на плащането.',
      '',
    ],
    html: (
      <p style={PARAGRAPH}>
        <strong>Плащане с банков превод</strong>
        <br />
        Получател: {bank.beneficiary}
        <br />
        IBAN: {bank.iban} · BIC: {bank.bic} ({bank.bankName})
        <br />
        Сума: <strong>{v.money(order.total)}</strong>
        <br />
        Основание: <strong>{order.number}</strong>
        <br />
        Изпращаме поръчката след получаване на плащането.
      </p>
    ),
  };
}

/** The model withdrawal form, addressed to the shop (its name and address from the settings). */
export function withdrawalFormPart(s: PartView['settings']): Part {
  const lines = withdrawalFormLines({
    name: s.bank.beneficiary || s.brand,
    address: [s.contacts.address, s.contacts.city].filter(Boolean).join(', '),
    email: s.contacts.email,
    phone: s.contacts.phone,
  });
  return {
    text: [WITHDRAWAL_FORM_TITLE, WITHDRAWAL_FORM_NOTE, ...lines, ''],
    html: (
      <div style={{ border: `1px solid ${MAIL_COLORS.line}`, borderRadius: '10px', padding: '14px', margin: '0 0 14px', fontSize: '14px' }}>
        <p style={{ margin: '0 0 6px' }}>
          <strong>{WITHDRAWAL_FORM_TITLE}</strong>
        </p>
        <p style={{ margin: '0 0 10px', color: MAIL_COLORS.muted }}>{WITHDRAWAL_FORM_NOTE}</p>
        {lines.map((l, n) => (
          <p key={n} style={{ margin: '0 0 8px' }}>
            {l}
          </p>
        ))}
      </div>
    ),
  };
}
