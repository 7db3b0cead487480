// The trade channel's texts for companies (applications, staff decisions, members) and „Къде да
// купя“: shared by the server, the admin and the storefront.
import { INVOICE_TEXT } from './invoices';

export const TRADE = {
  // Application
  applyTitle: 'Кандидатствай като търговец',
  applyIntro:
    'Фирми с разрешение за търговия с тютюневи и свързани с тях изделия (ЗАДС, чл. 90е) могат да купуват онлайн на търговски цени. След одобрение от екипа ни ще можете да влезете и да поръчвате.',
  applied: 'Кандидатурата е получена. Ще Ви уведомим по имейл, когато бъде разгледана.',
  appliedTitle: 'Кандидатурата Ви очаква одобрение',
  eikInvalid: INVOICE_TEXT.eikInvalid,
  vatNumberInvalid: INVOICE_TEXT.vatNumberInvalid,
  permitRequired: 'Въведете номера на разрешението за търговия с тютюневи изделия (ЗАДС, чл. 90е).',
  passwordRequired: 'Въведете парола за новия профил.',
  phoneRequired: 'Въведете телефон за връзка.',
  emailTakenSignIn: 'Вече има профил с този имейл адрес. Влезте в профила си и кандидатствайте оттам.',
  alreadyMember: 'Профилът Ви вече е член на фирма.',
  onlyCustomers: 'Само клиентски профил може да кандидатства като търговец.',
  tooManyApplications: 'Твърде много кандидатури от този адрес. Опитайте отново по-късно.',
  tooManyShops: (max: number) => `Най-много ${max} обекта.`,
  // Staff
  notFound: 'Фирмата не е намерена.',
  reasonRequired: 'Посочете причина.',
  transitionNotAllowed: (from: string, to: string) => `Фирма със статус „${from}“ не може да стане „${to}“.`,
  priceListUnknown: 'Няма такава ценова листа.',
  paymentTermsInvalid: 'Срокът за плащане е 0 (предплащане), 7, 14 или 30 дни.',
  deleteNotAllowed: 'Може да се изтрие само чакаща или отказана фирма без поръчки.',
  memberUnknown: 'Няма клиентски профил с този имейл адрес.',
  memberElsewhere: 'Профилът вече е член на друга фирма.',
  memberNotHere: 'Профилът не е член на тази фирма.',
  notice: (name: string, eik: string) => `Кандидатура за търговец: ${name} (ЕИК ${eik})`,
  // Mails
  mailAppliedSubject: (brand: string) => `Кандидатурата Ви за търговец в ${brand} е получена`,
  mailApplied: (company: string) =>
    `Получихме кандидатурата на ${company} за търговски профил. Екипът ни ще я разгледа и ще Ви пише, когато бъде одобрена.`,
  mailApprovedSubject: (brand: string) => `Фирмата Ви е одобрена в ${brand}`,
  mailApproved: (company: string) =>
    `${company} е одобрена като търговец. Вече можете да влезете в профила си и да поръчвате на Вашите търговски цени.`,
  mailRejectedSubject: (brand: string) => `Кандидатурата Ви за търговец в ${brand} е отказана`,
  mailRejected: (company: string) => `За съжаление кандидатурата на ${company} за търговец е отказана.`,
  mailSuspendedSubject: (brand: string) => `Търговският профил на фирмата Ви в ${brand} е спрян`,
  mailSuspended: (company: string) => `Търговският профил на ${company} е спрян. Докато е спрян, не можете да поръчвате на търговски цени.`,
  mailChangedSubject: (brand: string) => `Промяна в търговския профил на фирмата Ви в ${brand}`,
  mailChanged: (company: string) => `Данните или условията на ${company} в търговския профил бяха променени от екипа ни.`,
  mailReason: (reason: string) => `Причина: ${reason}`,
  mailSignIn: 'Вход в профила',
  // Where to buy
  whereTitle: 'Къде да купя',
  whereIntro: 'Магазини на наши одобрени търговци, по градове.',
  whereEmpty: 'Все още няма обекти в списъка.',
  whereEmptyBusiness: 'Имате магазин? Кандидатствайте като търговец.',
  // Account
  accountCompany: 'Фирма',
  accountApply: 'Кандидатствай като търговец',
} as const;
