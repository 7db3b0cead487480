// Texts of trade price lists and pack sizes: the admin's „Ценови листи“, the server's
// answers and the storefront's net prices for members of approved companies.
export const PRICE_LIST_TEXTS = {
  notFound: 'Ценовата листа не е намерена.',
  created: 'Ценовата листа е създадена.',
  updated: 'Ценовата листа е запазена.',
  deleted: 'Ценовата листа е изтрита.',
  nameTaken: 'Вече има ценова листа с това име.',
  discountInvalid: 'Отстъпката е процент от 0 до 100 с до два знака след запетаята.',
  variantNotFound: 'Няма такъв вариант.',
  /** A quantity break: one price per variant and quantity. */
  breakTwice: 'Вариантът вече има цена от това количество в тази листа.',
  minQuantityInvalid: 'Количеството е цяло число бройки, поне 1.',
  netPriceInvalid: 'Цената без ДДС е сума от 0 нагоре с до два знака след запетаята.',
  packSizeInvalid: 'Опаковката е цяло число бройки, поне 1.',
  tradeMinimumInvalid: 'Минималното количество е цяло число бройки, поне 1.',
  tradeMultipleInvalid: 'Кратността е цяло число бройки, поне 1 (празно: по опаковката).',
  /** The product form's trade fields. */
  tradeSection: 'Търговски поръчки',
  tradeMinimumLabel: 'Минимално количество на ред',
  tradeMultipleLabel: 'Кратност',
  tradeMultipleHelp: 'Празно: кратно на опаковката на варианта.',
  deleteConfirmTitle: 'Изтриване на ценовата листа',
  deleteConfirm: (name: string, companies: number) =>
    companies
      ? `Ценовата листа „${name}“ е дадена на ${companies} ${companies === 1 ? 'търговец' : 'търговци'}. След изтриването те купуват на цени на дребно без ДДС. Да се изтрие ли?`
      : `Да се изтрие ли ценовата листа „${name}“?`,
  /** The storefront: a member's prices are net. */
  withoutVat: 'без ДДС',
  withVat: 'с ДДС',
  perPack: (n: number) => `в опаковка по ${n} бр.`,
  packStep: (n: number) => `Количеството е кратно на ${n} бр.`,
  minimumStep: (n: number) => `Най-малко ${n} бр.`,
  /** Quantity breaks: „от 50 бр. — 4,90 €“. */
  fromQuantity: 'От количество',
  tierFrom: (n: number) => `от ${n} бр.`,
  tiersTitle: 'Цени по количество (без ДДС)',
  unitPriceNet: 'Цена за брой без ДДС',
};
