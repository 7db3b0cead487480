// E-mail to the shopper about their order: the confirmation, each status change, and the
// acknowledgement of a withdrawal. Sent after the transaction commits; never fails the order.
import type { Config } from '../config';
import type { OrderView } from './orders';
import { sendMail } from './mail';
import { getSettings } from './settings';
import { formatDual, isCurrency, type Currency } from '../../../domain/money';
import { formatDateTime } from '../../../domain/dates';
import { PAYMENT_METHOD_LABELS, SHIPPING_METHOD_LABELS, OrderStatus, PaymentMethod, ShippingMethod } from '../../../domain/orderStatus';

/** Amounts in the order's own currency, the other beside while dual display is on. */
type Money = (n: number | null) => string;
function moneyOf(order: OrderView, dual: boolean): Money {
  const currency: Currency = isCurrency(order.currency) ? order.currency : 'BGN';
  return (n) => formatDual(n ?? 0, currency, dual);
}

function itemLines(order: OrderView, money: Money): string[] {
  return (order.items as Array<{ productName: string; variantName: string; attributes: Array<{ name: string; value: string }>; personalization: string; quantity: number; lineTotal: number }>).map((i) => {
    const extras = [i.variantName, ...i.attributes.map((a) => `${a.name}: ${a.value}`), i.personalization && `надпис „${i.personalization}“`].filter(Boolean).join(', ');
    return `  • ${i.productName}${extras ? ` (${extras})` : ''} × ${i.quantity} — ${money(i.lineTotal)}`;
  });
}

function totalsLines(order: OrderView, money: Money): string[] {
  return [
    `Междинна сума: ${money(order.subtotal)}`,
    ...(order.discountTotal ? [`Отстъпка (${order.discountCode}): −${money(order.discountTotal)}`] : []),
    `Доставка: ${order.shippingTotal ? money(order.shippingTotal) : 'безплатна'}`,
    `Общо: ${money(order.total)}`,
  ];
}

export async function orderConfirmationMail(order: OrderView): Promise<{ subject: string; text: string }> {
  const settings = await getSettings();
  const money = moneyOf(order, settings.dualCurrency);
  const payment =
    order.paymentMethod === 'bank_transfer'
      ? [
          'Плащане с банков превод:',
          `  Получател: ${settings.bank.beneficiary}`,
          `  IBAN: ${settings.bank.iban}  BIC: ${settings.bank.bic} (${settings.bank.bankName})`,
          `  Сума: ${money(order.total)}`,
          `  Основание: ${order.number}`,
          'Изпращаме поръчката след получаване на плащането.',
        ]
      : [`Плащане: ${PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod]} — платете ${money(order.total)} при получаване.`];
  const text = [
    `Здравейте, ${order.customer.firstName}!`,
    '',
    `Благодарим Ви за поръчката в ${settings.brand}. Номерът ѝ е ${order.number} (${formatDateTime(order.createdAt)}).`,
    '',
    ...itemLines(order, money),
    '',
    ...totalsLines(order, money),
    '',
    `Доставка: ${SHIPPING_METHOD_LABELS[order.shipping.method as ShippingMethod]}, ${order.shipping.city}${order.shipping.postcode ? ' ' + order.shipping.postcode : ''}, ${order.shipping.address}`,
    ...payment,
    '',
    'Имате право да се откажете от поръчката в 14 дни от получаването ѝ, от страницата на поръчката в профила си или като ни пишете.',
    `${settings.brand} · ${settings.contacts.phone} · ${settings.contacts.email}`,
  ].join('\n');
  return { subject: `Поръчка ${order.number} е приета`, text };
}

const STATUS_SENTENCES: Partial<Record<OrderStatus, string>> = {
  confirmed: 'Поръчката Ви е потвърдена и се подготвя за изпращане.',
  shipped: 'Поръчката Ви е изпратена.',
  delivered: 'Поръчката Ви е доставена. Приятно ползване!',
  cancelled: 'Поръчката Ви е отказана. Ако сте платили, ще възстановим сумата.',
  returned: 'Получихме върнатата стока. Сумата ще бъде възстановена до 14 дни.',
};

export async function statusChangedMail(order: OrderView): Promise<{ subject: string; text: string } | null> {
  const sentence = STATUS_SENTENCES[order.status];
  if (!sentence) return null;
  const settings = await getSettings();
  const money = moneyOf(order, settings.dualCurrency);
  const tracking = order.status === 'shipped' && order.trackingNumber ? [`Номер на пратката: ${order.trackingNumber}`] : [];
  const text = [`Здравейте, ${order.customer.firstName}!`, '', `Поръчка ${order.number}: ${sentence}`, ...tracking, '', ...totalsLines(order, money), '', `${settings.brand} · ${settings.contacts.phone} · ${settings.contacts.email}`].join('\n');
  return { subject: `Поръчка ${order.number}: ${order.statusLabel}`, text };
}

/** Send one of the mails above to the order's customer; resolves whether it went out. */
export async function mailCustomer(config: Config, order: OrderView, make: (o: OrderView) => Promise<{ subject: string; text: string } | null>): Promise<boolean> {
  try {
    const mail = await make(order);
    return mail ? await sendMail(config, { to: order.customer.email, ...mail }) : false;
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', event: 'order_mail_failed', order: order.number, error: String(err) }));
    return false;
  }
}
