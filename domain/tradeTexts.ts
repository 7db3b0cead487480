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
  // The tobacco trade permit: its office and expiry date, the refusal once it has expired, the notices
  permitNumber: 'Разрешение за търговия с тютюневи изделия',
  permitNumberHelp: 'Номерът на разрешението по ЗАДС, чл. 90е.',
  permitOffice: 'Разрешението е издадено от',
  permitOfficeHelp: 'Органът, издал разрешението, както е посочен в него.',
  permitExpiresAt: 'Разрешението е валидно до',
  permitExpiresAtHelp: 'Датата от разрешението, дд.мм.гггг. Ще Ви напомним 30 дни преди да изтече.',
  permitExpiredOnApply: (date: string) => `Разрешението е изтекло на ${date}. Кандидатствайте с валидно разрешение.`,
  permitExpired: (permit: string, date: string) =>
    `Разрешението за търговия с тютюневи изделия № ${permit} е изтекло на ${date}. Поръчки ще са възможни, след като ни изпратите валидно разрешение.`,
  permitExpiredTitle: 'Поръчките на тютюневи изделия са спрени',
  permitExpiringTitle: 'Разрешението Ви изтича скоро',
  permitExpiredLine: 'Не може да се поръча, докато разрешението за търговия с тютюневи изделия е изтекло.',
  permitExpiring: (permit: string, date: string) =>
    `Разрешението за търговия с тютюневи изделия № ${permit} изтича на ${date}. Изпратете ни новото разрешение навреме, за да не спрат поръчките Ви на тютюневи изделия.`,
  permitOnRecord: (permit: string, office: string, date: string | null) =>
    [`Разрешение № ${permit}`, office ? `издадено от ${office}` : '', date ? `валидно до ${date}` : ''].filter(Boolean).join(', '),
  permitStaffNotice: (company: string, date: string, expired: boolean) =>
    `Разрешението за тютюневи изделия на ${company} ${expired ? 'е изтекло на' : 'изтича на'} ${date}`,
  mailPermitSubject: (brand: string, date: string, expired: boolean) =>
    `Разрешението за тютюневи изделия ${expired ? 'е изтекло на' : 'изтича на'} ${date} — ${brand}`,
  mailPermitExpiring: (company: string, permit: string | null, date: string) =>
    `Разрешението за търговия с тютюневи изделия${permit ? ` № ${permit}` : ''} на ${company}, което пазим в търговския Ви профил, изтича на ${date}.`,
  mailPermitExpired: (company: string, permit: string | null, date: string) =>
    `Разрешението за търговия с тютюневи изделия${permit ? ` № ${permit}` : ''} на ${company}, което пазим в търговския Ви профил, е изтекло на ${date}. Докато не ни изпратите валидно разрешение, не можете да поръчвате тютюневи изделия.`,
  mailPermitSend: (email: string) =>
    `Изпратете ни копие на новото разрешение (номер, орган, който го е издал, и срок) ${email ? `на ${email}` : 'в отговор на този имейл'}.`,
  // Where to buy
  whereTitle: 'Къде да купя',
  whereIntro: 'Магазини на наши одобрени търговци, по градове.',
  whereEmpty: 'Все още няма обекти в списъка.',
  whereEmptyBusiness: 'Имате магазин? Кандидатствайте като търговец.',
  // Account
  accountCompany: 'Фирма',
  accountApply: 'Кандидатствай като търговец',
} as const;
