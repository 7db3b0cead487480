// The model withdrawal form (Приложение № 6 към чл. 52 от Закона за защита на потребителите,
// Directive 2011/83/EU Annex I(B)): shown on the terms page and sent with a withdrawal's
// acknowledgement, filled in with the trader's name and address.

export interface Trader {
  name: string;
  address: string;
  email: string;
  phone?: string;
}

export const WITHDRAWAL_FORM_TITLE = 'Стандартен формуляр за упражняване правото на отказ';
export const WITHDRAWAL_FORM_NOTE = '(попълнете и изпратете настоящия формуляр единствено ако желаете да се откажете от договора)';

/** The form's lines after the title and note; "…" marks what the consumer fills in. */
export function withdrawalFormLines(trader: Trader): string[] {
  const to = [trader.name, trader.address, trader.email && `имейл: ${trader.email}`, trader.phone && `тел.: ${trader.phone}`]
    .filter(Boolean)
    .join(', ');
  return [
    `До ${to}:`,
    'С настоящото уведомявам/уведомяваме*, че се отказвам/отказваме* от сключения от мен/нас* договор за покупка на следните стоки*/за предоставяне на следната услуга*: …',
    'Поръчано на*/получено на*: …',
    'Номер на поръчката: …',
    'Име на потребителя/потребителите: …',
    'Адрес на потребителя/потребителите: …',
    'Подпис на потребителя/потребителите (само в случай че настоящият формуляр е на хартия): …',
    'Дата: …',
    '(*) Ненужното се зачертава.',
  ];
}
