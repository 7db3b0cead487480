// The demo trade customer: an approved distributor whose member signs in as
// trade@vapsolo.bg with the demo customers' password (DEMO_CUSTOMER_PASSWORD).
export const DEMO_TRADE_COMPANY = {
  name: 'Вейп Дистрибуция ООД',
  // A valid ЕИК (domain/bulstat: the check digit is right).
  eik: '100024746',
  address: 'бул. Витоша 100',
  city: 'София',
  mol: 'Георги Стоянов',
  tobaccoPermit: 'ЗАДС-90е-2026-0142',
  tobaccoPermitOffice: 'ТД Митница София',
  /** Days after seeding that the permit stays valid: a year, so the demo orders. */
  tobaccoPermitValidDays: 365,
  member: { email: 'trade@vapsolo.bg', firstName: 'Георги', lastName: 'Стоянов', phone: '+359888300400' },
  shops: [
    { name: 'Вейп Дистрибуция – Център', city: 'София', address: 'ул. Граф Игнатиев 12', phone: '+359 2 980 1020' },
    { name: 'Вейп Дистрибуция – Пловдив', city: 'Пловдив', address: 'ул. Княз Александър I 35', phone: '+359 32 620 300' },
  ],
} as const;
