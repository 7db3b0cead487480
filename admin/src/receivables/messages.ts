// Вземания: the receivables' texts for the admin's catalogues (i18n/bg.ts and en.ts spread them in).
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';

export const receivablesBg = {
  title: TRADE_ORDER_TEXT.receivablesTitle as string,
  openOrders: 'Неплатени поръчки',
  overdueOrders: 'Просрочени поръчки',
  remind: 'Изпрати напомнянията сега',
  noLimit: 'без лимит',
  due: 'Падеж: %{date}',
  overdue: 'просрочена',
  help: 'Неплатени търговски поръчки по фирми (без отказаните и върнатите). Плащането се отбелязва от поръчката или от „Плащания“.',
};

export const receivablesEn: typeof receivablesBg = {
  title: 'Receivables',
  openOrders: 'Unpaid orders',
  overdueOrders: 'Overdue orders',
  remind: 'Send the reminders now',
  noLimit: 'no limit',
  due: 'Due: %{date}',
  overdue: 'overdue',
  help: 'Unpaid trade orders by company (cancelled and returned ones excluded). Payments are marked on the order or under Payments.',
};

export const receivableResourceBg = {
  name: 'Вземане |||| Вземания',
  fields: {
    companyName: 'Фирма',
    eik: 'ЕИК',
    unpaidCount: 'Неплатени',
    unpaidTotal: 'Неплатено',
    overdueCount: 'Просрочени',
    overdueTotal: 'Просрочено',
    oldestDueAt: 'Най-стар падеж',
    creditLimit: 'Кредитен лимит',
    paymentTermsDays: 'Отсрочка (дни)',
    overdue: 'Само просрочени',
    q: 'Търсене',
  },
};

export const receivableResourceEn: typeof receivableResourceBg = {
  name: 'Receivable |||| Receivables',
  fields: {
    companyName: 'Company',
    eik: 'Company number',
    unpaidCount: 'Unpaid',
    unpaidTotal: 'Unpaid total',
    overdueCount: 'Overdue',
    overdueTotal: 'Overdue total',
    oldestDueAt: 'Oldest due date',
    creditLimit: 'Credit limit',
    paymentTermsDays: 'Terms (days)',
    overdue: 'Overdue only',
    q: 'Search',
  },
};
