// E-mail to the shopper about their order: the confirmation, each status change, and the
// acknowledgement of a withdrawal or cancellation. Each is HTML with a plain-text part saying the
// same: the order's lines (name, variant, flavours, inscription, quantity, line total), the
// totals (in both currencies while dual display is on), a link to the order page, the courier's
// tracking page once shipped, and for a withdrawal the return address and the model withdrawal
// form. The parts are in mailTemplates.tsx (React renders the HTML, escaping every value a
// shopper typed). Sent after the transaction commits; never fails the order.
import type { Config } from '../../config';
import type { OrderView } from './service';
import type { CurrentEffect } from '../../platform/events';
import { sendMail } from '../../platform/mail/transport';
import { laterOrderMailAllowed, type LaterMailCause } from './mailCaps';
import { getSettings } from '../settings';
import { formatDual, isCurrency, Currency } from '@domain/money';
import { formatDateTime } from '@domain/dates';
import { API } from '@domain/messages';
import {
  PAYMENT_METHOD_LABELS,
  SHIPPING_METHOD_LABELS,
  WITHDRAWAL_DAYS,
  OrderStatus,
  PaymentMethod,
  ShippingMethod,
} from '@domain/orderStatus';
import type { MailContent } from '../../platform/mail/layout';
import {
  bankTransferPart,
  compose,
  itemsPart,
  linkPart,
  para,
  totalsPart,
  trackingPart,
  withdrawalFormPart,
  type Part,
} from './mailTemplates';

export type { MailContent } from '../../platform/mail/layout';

type Settings = Awaited<ReturnType<typeof getSettings>>;

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

function deliveryPart(order: OrderView): Part {
  const s = order.shipping;
  const where = [s.city + (s.postcode ? ` ${s.postcode}` : ''), s.address].filter(Boolean).join(', ');
  return para(`Доставка: ${SHIPPING_METHOD_LABELS[s.method as ShippingMethod] ?? s.method}, ${where}`);
}

/** The return address: where goods sent back go (the shop's address from the settings). */
function returnAddress(s: Settings): string {
  return [s.bank.beneficiary || s.brand, s.contacts.address, s.contacts.city].filter(Boolean).join(', ');
}

const hello = (order: OrderView) => para(`Здравейте, ${order.customer.firstName}!`);

export async function orderConfirmationMail(order: OrderView, config: Config): Promise<MailContent> {
  const v = await viewOf(order, config);
  const { settings } = v;
  const payment: Part =
    order.paymentMethod === 'bank_transfer'
      ? bankTransferPart(order, v)
      : para(`Плащане: ${PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod]} — платете ${v.money(order.total)} при получаване.`);
  const subject = `Поръчка ${order.number} е приета`;
  return compose(subject, v, [
    hello(order),
    para(`Благодарим Ви за поръчката в ${settings.brand}. Номерът ѝ е ${order.number} (${formatDateTime(order.createdAt)}).`),
    itemsPart(order, v),
    totalsPart(order, v),
    deliveryPart(order),
    payment,
    linkPart('Вижте поръчката', v.orderUrl),
    para(
      `Имате право да се откажете от поръчката в ${WITHDRAWAL_DAYS} дни от получаването ѝ, от страницата на поръчката или като ни пишете.`,
    ),
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
  return compose(`Поръчка ${order.number}: ${order.statusLabel}`, v, [
    hello(order),
    para(`Поръчка ${order.number}: ${sentence}`),
    order.status === 'shipped' ? trackingPart(order) : null,
    itemsPart(order, v),
    totalsPart(order, v),
    linkPart('Вижте поръчката', v.orderUrl),
  ]);
}

/** The acknowledgement of a withdrawal (after delivery) or a cancellation (before shipping). */
export function withdrawalMail(kind: 'cancellation' | 'withdrawal', receivedAt: string) {
  return async (order: OrderView, config: Config): Promise<MailContent> => {
    const v = await viewOf(order, config);
    const when = formatDateTime(receivedAt);
    const subject = `Поръчка ${order.number}: ${kind === 'cancellation' ? 'отказана' : 'отказ от договора'}`;
    if (kind === 'cancellation') {
      return compose(subject, v, [
        hello(order),
        para(API.cancellationAcknowledgement(order.number, when)),
        itemsPart(order, v),
        totalsPart(order, v),
        linkPart('Вижте поръчката', v.orderUrl),
      ]);
    }
    return compose(subject, v, [
      hello(order),
      para(API.withdrawalAcknowledgement(order.number, when)),
      para(`Адрес за връщане: ${returnAddress(v.settings)}. Посочете номера на поръчката ${order.number} в пратката.`),
      itemsPart(order, v),
      totalsPart(order, v),
      linkPart('Вижте поръчката', v.orderUrl),
      para('За Ваше удобство прилагаме стандартния формуляр за отказ (не е нужно да го изпращате – отказът Ви вече е приет):'),
      withdrawalFormPart(v.settings),
    ]);
  };
}

/** Send one of the mails above to the order's customer; resolves whether it went out. */
/** Mail the order's customer, within the recipient's mail cap (checkout/mailCaps): `cause` says
 *  who made the shop write it; the confirmation was judged with the order (`counted`). */
export async function mailCustomer(
  config: Config,
  order: OrderView,
  make: (o: OrderView, config: Config) => Promise<MailContent | null>,
  cause: LaterMailCause | 'counted' = 'staff',
  effect?: CurrentEffect,
): Promise<boolean> {
  try {
    const mail = await make(order, config);
    if (!mail) return false;
    if (cause !== 'counted' && !(await laterOrderMailAllowed(order.id, order.customer.email, cause))) {
      console.warn(JSON.stringify({ level: 'warn', event: 'order_mail_capped', order: order.number }));
      return false;
    }
    return await sendMail(config, { to: order.customer.email, ...mail }, { effect });
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', event: 'order_mail_failed', order: order.number, error: String(err) }));
    // A durable effect (the outbox) is tried again; elsewhere a failed mail never fails its caller.
    if (effect) throw err;
    return false;
  }
}
