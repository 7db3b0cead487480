// Quotes: a member of an approved company asks for a price on a large basket, staff answer with net
// prices per line and a date the prices hold until (or decline with a reason), and the member turns
// an answered quote into one order at those prices. The statuses, the limits and every text the
// server, the admin and the storefront show about them. Pure.
import { addDays, shopDay } from './dates';

export const QUOTE_STATUSES = ['requested', 'answered', 'declined', 'ordered', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What is stored: `expired` is an answered quote read after its last valid day. */
export const STORED_QUOTE_STATUSES = ['requested', 'answered', 'declined', 'ordered'] as const;
export type StoredQuoteStatus = (typeof STORED_QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Очаква оферта',
  answered: 'Оферта изпратена',
  declined: 'Отказано',
  ordered: 'Поръчано',
  expired: 'Изтекла',
};

/** Lines in one request (a quick order's worth). */
export const QUOTE_LINES_MAX = 200;
/** A member's note, and staff's reason for declining. */
export const QUOTE_NOTE_MAX = 2000;
/** Requests a company may have waiting for an answer at once. */
export const QUOTE_OPEN_MAX = 5;
/** Requests one member may send in an hour. */
export const QUOTE_REQUESTS_PER_HOUR = 10;
/** How long the admin's form offers a quote to hold by default. */
export const QUOTE_DEFAULT_VALID_DAYS = 14;

/** The readable number of a request, from its id (unique without a counter). */
export const quoteNumber = (id: number) => `ОФ-${10000 + id}`;

/** An answered quote holds through its last valid day, on the shop's calendar. */
export function quoteStatusOn(stored: StoredQuoteStatus, validUntil: string | null, at: Date = new Date()): QuoteStatus {
  return stored === 'answered' && validUntil !== null && validUntil < shopDay(at) ? 'expired' : stored;
}

/** The admin form's default validity: today + QUOTE_DEFAULT_VALID_DAYS on the shop's calendar. */
export const defaultQuoteValidUntil = (at: Date = new Date()) => addDays(shopDay(at), QUOTE_DEFAULT_VALID_DAYS);

export const QUOTE_TEXT = {
  // The member
  askButton: 'Поискай оферта',
  askTitle: 'Запитване за оферта',
  askIntro: 'За по-голямо количество ще Ви изпратим индивидуална оферта с цени без ДДС и срок на валидност.',
  noteLabel: 'Бележка към запитването',
  noteHint: 'Например желан срок на доставка или количества по обекти.',
  send: 'Изпрати запитването',
  sending: 'Изпращане…',
  sent: (number: string) => `Запитването ${number} е изпратено. Ще получите офертата по имейл.`,
  confirm: (lines: number) => `Да изпратим ли запитване за оферта за ${lines} ${lines === 1 ? 'ред' : 'реда'}?`,
  membersOnly: 'Оферти могат да искат само членове на одобрена фирма.',
  noLines: 'Добавете поне един артикул.',
  lineTwice: 'Артикулът вече е в запитването.',
  variantUnknown: 'Няма такъв артикул.',
  tooManyOpen: (max: number) => `Фирмата Ви вече има ${max} запитвания, които чакат отговор. Изчакайте офертите ни.`,
  tooManyRequests: 'Твърде много запитвания за кратко време. Опитайте отново по-късно.',
  notFound: 'Запитването не е намерено.',
  // The account
  accountTitle: 'Оферти',
  accountEmpty: 'Все още нямате запитвания за оферта.',
  requestedOn: (date: string) => `Изпратено на ${date}`,
  validUntil: (date: string) => `Валидна до ${date}`,
  validUntilLabel: 'Валидна до',
  declinedReason: (reason: string) => `Причина: ${reason}`,
  orderedAs: (number: string) => `Поръчана с поръчка ${number}`,
  orderTitle: 'Поръчай по офертата',
  orderButton: 'Поръчай по офертата',
  ordering: 'Изпращане на поръчката…',
  ordered: (number: string) => `Поръчката ${number} е приета.`,
  openOrder: 'Виж поръчката',
  deliveryLabel: 'Доставка',
  paymentLabel: 'Начин на плащане',
  goodsTotal: 'Общо за стоките с ДДС',
  shippingExtra: 'Доставката се добавя по тарифата на магазина.',
  colProduct: 'Артикул',
  colSku: 'Арт. №',
  colQuantity: 'Количество',
  colNetPrice: 'Цена без ДДС',
  colLineTotal: 'Сума без ДДС',
  colListPrice: 'Цена по листа',
  subtotalNet: 'Сума без ДДС',
  vat: 'ДДС',
  total: 'Общо с ДДС',
  // Ordering refusals
  notAnswered: 'Запитването още няма оферта.',
  expired: (date: string) => `Офертата е валидна до ${date} и вече е изтекла. Поискайте нова оферта.`,
  alreadyOrdered: 'По тази оферта вече е направена поръчка.',
  declined: 'Запитването е отказано и по него не може да се поръча.',
  // Staff
  menu: 'Оферти',
  dashboardTitle: 'Запитвания за оферта',
  dashboardEmpty: 'Няма чакащи запитвания.',
  dashboardAll: 'Всички запитвания',
  notice: (company: string, number: string, lines: number) => `Запитване за оферта ${number} от ${company}: ${lines} ред(а)`,
  sendQuote: 'Изпрати офертата',
  decline: 'Откажи',
  declineTitle: 'Отказ на запитването',
  declineReasonLabel: 'Причина (изпраща се на клиента)',
  reasonRequired: 'Посочете причина.',
  netPriceRequired: 'Въведете цена без ДДС.',
  validUntilRequired: 'Въведете срок на валидност.',
  notOpen: (status: string) => `Запитване със статус „${status}“ не може да се променя.`,
  answeredDone: 'Офертата е изпратена на клиента.',
  declinedDone: 'Запитването е отказано.',
  addLine: 'Добави ред',
  removeLine: 'Премахни реда',
  variantLabel: 'Артикул (номер на вариант)',
  requestedBy: 'Запитване от',
  company: 'Фирма',
  note: 'Бележка на клиента',
  createdAt: 'Получено',
  // Mails
  mailAnsweredSubject: (number: string, brand: string) => `Оферта ${number} от ${brand}`,
  mailAnswered: (company: string, number: string) => `Изпращаме офертата по запитване ${number} на ${company}:`,
  mailLine: (name: string, quantity: number, price: string, total: string) => `${name} — ${quantity} бр. × ${price} = ${total} без ДДС`,
  mailTotals: (net: string, vat: string, total: string) => `Сума без ДДС: ${net}; ДДС: ${vat}; общо с ДДС: ${total} (без доставката).`,
  mailValidUntil: (date: string) => `Офертата е валидна до ${date} включително. Поръчайте по нея от профила си.`,
  mailDeclinedSubject: (number: string, brand: string) => `Запитването Ви ${number} в ${brand}`,
  mailDeclined: (number: string) => `За съжаление не можем да предложим оферта по запитване ${number}.`,
  mailOpenAccount: 'Към профила',
  staffMailSubject: (number: string, company: string) => `Запитване за оферта ${number} от ${company}`,
} as const;
