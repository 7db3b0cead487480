// E-mail to the shopper about their order: the confirmation, each status change, and the
// acknowledgement of a withdrawal or cancellation. Each is HTML with a plain-text part saying the
// same: the order's lines (name, variant, flavours, inscription, quantity, line total), the
// totals (in both currencies while dual display is on), a link to the order page, the courier's
// tracking page once shipped, and for a withdrawal the return address and the model withdrawal
// form. Every value a shopper typed is HTML-escaped. Sent after the transaction commits; never
// fails the order.
import type { Config } from '../../config';
import type { OrderView } from './service';
import { sendMail } from '../../platform/mail/transport';
import { compose, escapeHtml, linkPart, para, signaturePart, type MailContent, type Part } from '../../platform/mail/layout';

export { escapeHtml, type MailContent };
import { laterOrderMailAllowed, type LaterMailCause } from './mailCaps';
import { getSettings } from '../settings';
import { formatDual, isCurrency, Currency } from '../../../../domain/money';
import { formatDateTime } from '../../../../domain/dates';
import { API } from '../../../../domain/messages';
import { PAYMENT_METHOD_LABELS, SHIPPING_METHOD_LABELS, WITHDRAWAL_DAYS, OrderStatus, PaymentMethod, ShippingMethod } from '../../../../domain/orderStatus';
import { COURIER_LABELS, courierOf, trackingUrl } from '../../../../domain/couriers';
import { WITHDRAWAL_FORM_NOTE, WITHDRAWAL_FORM_TITLE, withdrawalFormLines } from '../../../../domain/withdrawalForm';


type Settings = Awaited<ReturnType<typeof getSettings>>;
interface OrderItem {
  productName: string;
  variantName: string;
  attributes: Array<{ name: string; value: string }>;
  personalization: string;
  quantity: number;
  lineTotal: number;
}


/** Everything a message needs to show the order's money and links. */
interface View {
  settings: Settings;
  money: (amount: number | null) => string;
  orderUrl: string;
}

async function viewOf(order: OrderView, config: Config): Promise<View> {
  const settings = await getSettings();
  const currency: Currency = isCurrency(order.currency) ? order.currency : 'BGN';
  return {
    settings,
    money: (amount) => formatDual(amount ?? 0, currency, settings.dualCurrency),
    orderUrl: `${config.publicUrl}/orders/${order.id}`,
  };
}




function itemsPart(order: OrderView, v: View): Part {
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
  const rows = items.map((i) => `<tr>
<td style="padding:8px 0;border-bottom:1px solid #e6e3ee;vertical-align:top;word-break:break-word;overflow-wrap:anywhere"><strong>${escapeHtml(i.productName)}</strong>${details(i).map((d) => `<br><span style="color:#4b4857;font-size:14px">${escapeHtml(d)}</span>`).join('')}</td>
<td style="padding:8px;border-bottom:1px solid #e6e3ee;vertical-align:top;text-align:center;white-space:nowrap">× ${i.quantity}</td>
<td style="padding:8px 0;border-bottom:1px solid #e6e3ee;vertical-align:top;text-align:right;white-space:nowrap">${escapeHtml(v.money(i.lineTotal))}</td>
</tr>`);
  return {
    text: [...text, ''],
    html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 12px">${rows.join('')}</table>`,
  };
}

function totalsPart(order: OrderView, v: View): Part {
  const rows: Array<[string, string, boolean?]> = [
    ['Междинна сума', v.money(order.subtotal)],
    ...(order.discountTotal ? [[`Отстъпка (${order.discountCode ?? ''})`, `−${v.money(order.discountTotal)}`] as [string, string]] : []),
    ['Доставка', order.shippingTotal ? v.money(order.shippingTotal) : 'безплатна'],
    ['Общо', v.money(order.total), true],
  ];
  return {
    text: [...rows.map(([k, val]) => `${k}: ${val}`), ''],
    html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 18px">${rows
      .map(([k, val, strong]) => `<tr><td style="padding:3px 0${strong ? ';font-weight:800;font-size:17px' : ''}">${escapeHtml(k)}</td><td style="padding:3px 0;text-align:right;white-space:nowrap${strong ? ';font-weight:800;font-size:17px' : ''}">${escapeHtml(val)}</td></tr>`)
      .join('')}</table>`,
  };
}

function deliveryPart(order: OrderView): Part {
  const s = order.shipping;
  const where = [s.city + (s.postcode ? ` ${s.postcode}` : ''), s.address].filter(Boolean).join(', ');
  return para(`Доставка: ${SHIPPING_METHOD_LABELS[s.method as ShippingMethod] ?? s.method}, ${where}`);
}

/** Courier, shipment number and the courier's tracking page, once shipped with a number. */
function trackingPart(order: OrderView): Part | null {
  if (!order.trackingNumber) return null;
  const courier = courierOf(order.shipping.method, (order as { courier?: string | null }).courier);
  if (!courier) return para(`Номер на пратката: ${order.trackingNumber}`);
  const url = trackingUrl(courier, order.trackingNumber);
  return {
    text: [`Куриер: ${COURIER_LABELS[courier]}, номер на пратката: ${order.trackingNumber}`, `Проследяване: ${url}`, ''],
    html: `<p style="margin:0 0 14px">Куриер: <strong>${COURIER_LABELS[courier]}</strong>, номер на пратката: <strong>${escapeHtml(order.trackingNumber)}</strong><br><a href="${escapeHtml(url)}" style="color:#5b21b6">Проследете пратката на сайта на ${COURIER_LABELS[courier]}</a></p>`,
  };
}

function signature(v: View): Part {
  return signaturePart(v.settings);
}

/** The return address: where goods sent back go (the shop's address from the settings). */
function returnAddress(s: Settings): string {
  return [s.bank.beneficiary || s.brand, s.contacts.address, s.contacts.city].filter(Boolean).join(', ');
}

function withdrawalFormPart(s: Settings): Part {
  const lines = withdrawalFormLines({ name: s.bank.beneficiary || s.brand, address: [s.contacts.address, s.contacts.city].filter(Boolean).join(', '), email: s.contacts.email, phone: s.contacts.phone });
  return {
    text: [WITHDRAWAL_FORM_TITLE, WITHDRAWAL_FORM_NOTE, ...lines, ''],
    html: `<div style="border:1px solid #e6e3ee;border-radius:10px;padding:14px;margin:0 0 14px;font-size:14px"><p style="margin:0 0 6px"><strong>${escapeHtml(WITHDRAWAL_FORM_TITLE)}</strong></p><p style="margin:0 0 10px;color:#4b4857">${escapeHtml(WITHDRAWAL_FORM_NOTE)}</p>${lines.map((l) => `<p style="margin:0 0 8px">${escapeHtml(l)}</p>`).join('')}</div>`,
  };
}


const hello = (order: OrderView) => para(`Здравейте, ${order.customer.firstName}!`);

export async function orderConfirmationMail(order: OrderView, config: Config): Promise<MailContent> {
  const v = await viewOf(order, config);
  const { settings } = v;
  const payment: Part =
    order.paymentMethod === 'bank_transfer'
      ? {
          text: [
            'Плащане с банков превод:',
            `  Получател: ${settings.bank.beneficiary}`,
            `  IBAN: ${settings.bank.iban}  BIC: ${settings.bank.bic} (${settings.bank.bankName})`,
            `  Сума: ${v.money(order.total)}`,
            `  Основание: ${order.number}`,
            'Изпращаме поръчката след получаване на плащането.',
            '',
          ],
          html: `<p style="margin:0 0 14px"><strong>Плащане с банков превод</strong><br>Получател: ${escapeHtml(settings.bank.beneficiary)}<br>IBAN: ${escapeHtml(settings.bank.iban)} · BIC: ${escapeHtml(settings.bank.bic)} (${escapeHtml(settings.bank.bankName)})<br>Сума: <strong>${escapeHtml(v.money(order.total))}</strong><br>Основание: <strong>${escapeHtml(order.number)}</strong><br>Изпращаме поръчката след получаване на плащането.</p>`,
        }
      : para(`Плащане: ${PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod]} — платете ${v.money(order.total)} при получаване.`);
  const subject = `Поръчка ${order.number} е приета`;
  return compose(subject, [
    hello(order),
    para(`Благодарим Ви за поръчката в ${settings.brand}. Номерът ѝ е ${order.number} (${formatDateTime(order.createdAt)}).`),
    itemsPart(order, v),
    totalsPart(order, v),
    deliveryPart(order),
    payment,
    linkPart('Вижте поръчката', v.orderUrl),
    para(`Имате право да се откажете от поръчката в ${WITHDRAWAL_DAYS} дни от получаването ѝ, от страницата на поръчката или като ни пишете.`),
    signature(v),
  ]);
}

const STATUS_SENTENCES: Partial<Record<OrderStatus, string>> = {
  confirmed: 'Поръчката Ви е потвърдена и се подготвя за изпращане.',
  shipped: 'Поръчката Ви е изпратена.',
  delivered: 'Поръчката Ви е доставена. Приятно ползване!',
  cancelled: 'Поръчката Ви е отказана. Ако сте платили, ще възстановим сумата.',
  returned: 'Получихме върнатата стока. Сумата ще бъде възстановена до 14 дни.',
};

export async function statusChangedMail(order: OrderView, config: Config): Promise<MailContent | null> {
  const sentence = STATUS_SENTENCES[order.status];
  if (!sentence) return null;
  const v = await viewOf(order, config);
  return compose(`Поръчка ${order.number}: ${order.statusLabel}`, [
    hello(order),
    para(`Поръчка ${order.number}: ${sentence}`),
    order.status === 'shipped' ? trackingPart(order) : null,
    itemsPart(order, v),
    totalsPart(order, v),
    linkPart('Вижте поръчката', v.orderUrl),
    signature(v),
  ]);
}

/** The acknowledgement of a withdrawal (after delivery) or a cancellation (before shipping). */
export function withdrawalMail(kind: 'cancellation' | 'withdrawal', receivedAt: string) {
  return async (order: OrderView, config: Config): Promise<MailContent> => {
    const v = await viewOf(order, config);
    const when = formatDateTime(receivedAt);
    const subject = `Поръчка ${order.number}: ${kind === 'cancellation' ? 'отказана' : 'отказ от договора'}`;
    if (kind === 'cancellation') {
      return compose(subject, [hello(order), para(API.cancellationAcknowledgement(order.number, when)), itemsPart(order, v), totalsPart(order, v), linkPart('Вижте поръчката', v.orderUrl), signature(v)]);
    }
    return compose(subject, [
      hello(order),
      para(API.withdrawalAcknowledgement(order.number, when)),
      para(`Адрес за връщане: ${returnAddress(v.settings)}. Посочете номера на поръчката ${order.number} в пратката.`),
      itemsPart(order, v),
      totalsPart(order, v),
      linkPart('Вижте поръчката', v.orderUrl),
      para('За Ваше удобство прилагаме стандартния формуляр за отказ (не е нужно да го изпращате – отказът Ви вече е приет):'),
      withdrawalFormPart(v.settings),
      signature(v),
    ]);
  };
}


/** Mail the order's customer, within the recipient's mail cap (orders/mailCaps): `cause` says
 *  who made the shop write it; the confirmation was judged with the order (`counted`). */
export async function mailCustomer(config: Config, order: OrderView, make: (o: OrderView, config: Config) => Promise<MailContent | null>, cause: LaterMailCause | 'counted' = 'staff'): Promise<boolean> {
  try {
    const mail = await make(order, config);
    if (!mail) return false;
    if (cause !== 'counted' && !(await laterOrderMailAllowed(order.id, order.customer.email, cause))) {
      console.warn(JSON.stringify({ level: 'warn', event: 'order_mail_capped', order: order.number }));
      return false;
    }
    return await sendMail(config, { to: order.customer.email, ...mail });
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', event: 'order_mail_failed', order: order.number, error: String(err) }));
    return false;
  }
}
