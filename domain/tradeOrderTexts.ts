// Ordering as a business: the limits of a trade order and every text a member or staff
// reads about it — pack sizes, the trade minimum, the credit limit, payment terms and due dates,
// receivables and the overdue reminder, the quick order page. Pure: the server, the admin and the
// storefront use the same texts.

/** A quick order's lines in one quote or order (a consumer's cart keeps CART_LINES_MAX). */
export const TRADE_LINES_MAX = 200;

/** A CSV pasted or uploaded on the quick order page: at most this many characters. */
export const QUICK_ORDER_CSV_MAX = 20_000;

/** A buyer's purchase-order number: up to 35 characters (the length EDI and most ERPs give it), each
 *  a visible one or a space — no control or invisible formatting characters, which would travel
 *  into the invoice and the accountant's files. */
export const PURCHASE_ORDER_NUMBER_MAX = 35;
export const PURCHASE_ORDER_NUMBER_PATTERN = /^[^\p{C}]*$/u;

export const TRADE_ORDER_TEXT = {
  packMultiple: (name: string, pack: number) => `Количеството на „${name}“ трябва да е кратно на ${pack} (опаковка).`,
  /** A product's own trade minimum and multiple. */
  belowProductMinimum: (name: string, minimum: number) => `Минималното количество за „${name}“ е ${minimum} бр.`,
  productMultiple: (name: string, multiple: number) => `Количеството на „${name}“ трябва да е кратно на ${multiple}.`,
  belowMinimum: (minimum: string, subtotal: string) => `Минималната търговска поръчка е ${minimum} без ДДС; тази е за ${subtotal} без ДДС.`,
  creditLimitExceeded: (limit: string, unpaid: string, order: string) =>
    `Поръчката надхвърля кредитния лимит на фирмата: лимит ${limit}, неплатени ${unpaid}, тази поръчка ${order}`,
  noDiscountCodes: 'Кодовете за отстъпка не важат за търговски поръчки: цените са по вашата ценова листа.',
  paymentMethodRefused: 'Търговските поръчки се плащат по банков път или с наложен платеж.',
  /** The net prices' mark. */
  withoutVat: 'без ДДС',
  vat: 'ДДС',
  subtotalNet: 'Сума без ДДС',
  total: 'Общо с ДДС',
  dueDate: 'Падеж',
  dueOn: (date: string) => `Падеж: ${date}`,
  prepayment: 'Предплащане: изпращаме след получаване на плащането.',
  termsHint: (days: number, date: string) => `Банков превод с отсрочка ${days} дни — падеж ${date}`,
  paid: 'Платена',
  unpaid: 'Неплатена',
  overdue: 'Просрочена',
  // Who sends the payment reminders (domain/dunning has their texts).
  reminderActor: 'Автоматично напомняне',
  // The buyer's own purchase-order number.
  purchaseOrderNumber: 'Номер на поръчка на клиента (PO)',
  purchaseOrderHint: 'Вашият номер на поръчката; отпечатва се във фактурата.',
  purchaseOrderRequired: 'Фирмата Ви изисква номер на поръчка (PO) към всяка поръчка.',
  purchaseOrderStaffHint: 'Всяка поръчка на фирмата се приема само с номера на поръчката на клиента (PO).',
  purchaseOrderInvalid: 'Номерът на поръчката е до 35 видими знака.',
  purchaseOrderTradeOnly: 'Номер на поръчка (PO) се дава само към търговска поръчка.',
  purchaseOrderOnInvoice: (number: string) => `Поръчка на клиента (PO) №: ${number}`,
  purchaseOrderShort: (number: string) => `PO № ${number}`,
  // Delivery to one of the company's shops.
  noCompany: 'Профилът Ви не купува за фирма.',
  companyShopLabel: 'Доставка до обект на фирмата',
  otherAddress: 'Друг адрес',
  deliveryToShop: (name: string) => `Доставка до обект: ${name}`,
  companyShopUnknown: 'Няма такъв обект на Вашата фирма.',
  companyShopByAddress: 'До обект на фирмата се доставя с куриер до адрес.',
  // The quick order page.
  quickOrderTitle: 'Бърза поръчка',
  quickOrderIntro: 'Въведете количества в таблицата или поставете CSV във вида „артикулен номер;количество“ — по един ред.',
  membersOnly: 'Бързата поръчка е за търговци с одобрена фирма.',
  applyLink: 'Кандидатствайте като търговец',
  signInLink: 'Вход',
  csvLabel: 'CSV (артикулен номер;количество)',
  csvFileLabel: 'или качете CSV файл',
  csvApply: 'Добави от CSV',
  csvUnknownSku: (line: number, sku: string) => `Ред ${line}: няма артикул с номер „${sku}“.`,
  csvBadQuantity: (line: number, text: string) => `Ред ${line}: „${text}“ не е цяло положително количество.`,
  csvBadLine: (line: number) => `Ред ${line}: очаква се „артикулен номер;количество“.`,
  csvAdded: (n: number) => `Добавени редове от CSV: ${n}.`,
  csvTooLong: 'CSV е твърде дълъг.',
  filterLabel: 'Търсене по име или артикулен номер',
  colSku: 'Арт. №',
  colName: 'Артикул',
  colPack: 'Опаковка',
  colStock: 'Наличност',
  colPrice: 'Цена без ДДС',
  colQuantity: 'Количество',
  quantityLabel: (name: string) => `Количество за ${name}`,
  stepHint: (pack: number) => `кратно на ${pack}`,
  quantityInvalid: 'Въведете цяло число (0 или повече).',
  tooManyLines: (max: number) => `Най-много ${max} реда в една поръчка.`,
  quoteFailed: 'Сумата не може да бъде изчислена. Опитайте отново.',
  loadFailed: 'Неуспешно зареждане на артикулите.',
  csvProblemsLabel: 'Проблеми в CSV',
  itemsTitle: 'Артикули',
  checkoutNote: 'Цените на артикулите са без ДДС; ДДС се начислява във фактурата към фирмата.',
  quickOrderLink: 'Бърза поръчка',
  clear: 'Изчисти',
  summaryTitle: 'Вашата поръчка',
  nothingChosen: 'Още не сте избрали количества.',
  quoting: 'Изчисляване…',
  lines: (n: number) => `Редове: ${n}`,
  toCheckout: 'Към поръчката',
  reorder: 'Поръчай отново',
  reorderDone: (n: number) => `Редовете от поръчката са добавени в бързата поръчка: ${n}.`,
  loading: 'Зареждане на артикулите…',
  // The account.
  companyOrders: (company: string) => `Поръчки на ${company}`,
  invoice: 'Фактура',
  paymentAndInvoice: 'Плащане и фактура',
  downloadInvoice: (number: string) => `Изтегли фактура № ${number} (PDF)`,
  statementIntro:
    'Фактурите, кредитните известия и плащанията на фирмата за периода, с началното и крайното салдо и просрочените задължения към днес.',
  statementDates: 'Датите са във вида дд.мм.гггг, напр. 01.03.2026.',
  statementFrom: 'Период от',
  statementTo: 'Период до',
  statementPdf: 'Изтегли извлечението (PDF)',
  statementCsv: 'Като таблица (CSV)',
  // The checkout: a bank transfer paid in advance.
  prepaymentDueToday: (date: string) => `Падеж: днес (${date}). Изпращаме след получаване на плащането.`,
  prepaymentRequired: 'Отбележете „Предплащане по банков път“ или изберете наложен платеж.',
  // Staff: receivables.
  receivablesTitle: 'Вземания',
  nothingOwed: 'Фирмата няма неплатени поръчки.',
  remindersSent: (n: number) => (n ? `Изпратени напомняния: ${n}.` : 'Няма нови просрочени поръчки за напомняне.'),
} as const;
