// Вземания: the receivables' texts for the admin's catalogues (i18n/bg.ts and en.ts spread them in).
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { DUNNING_STAGE_LABELS } from '@domain/dunning';

export const receivablesBg = {
  title: TRADE_ORDER_TEXT.receivablesTitle as string,
  openOrders: 'Неплатени поръчки',
  statement: 'Извлечение',
  stage: { ...DUNNING_STAGE_LABELS },
  daysOverdue: '%{smart_count} ден просрочие |||| %{smart_count} дни просрочие',
  overdueOrders: 'Просрочени поръчки',
  remind: 'Изпрати напомнянията сега',
  noLimit: 'без лимит',
  due: 'Падеж: %{date}',
  overdue: 'просрочена',
  help: 'Неплатени търговски поръчки по фирми (без отказаните и върнатите). Салдото е неплатеното без кредита (платени, още неразпределени суми). Плащането се отбелязва от поръчката или от „Плащания“.',
};

export const receivablesEn: typeof receivablesBg = {
  title: 'Receivables',
  openOrders: 'Unpaid orders',
  statement: 'Statement',
  stage: { current: 'Current', due_soon: 'Due soon', overdue: 'Overdue', prepayment_only: 'Prepayment only' },
  daysOverdue: '%{smart_count} day overdue |||| %{smart_count} days overdue',
  overdueOrders: 'Overdue orders',
  remind: 'Send the reminders now',
  noLimit: 'no limit',
  due: 'Due: %{date}',
  overdue: 'overdue',
  help: 'Unpaid trade orders by company (cancelled and returned ones excluded). The balance is the unpaid total less the credit (money paid and not allocated yet). Payments are marked on the order or under Payments.',
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
    credit: 'Кредит',
    balance: 'Салдо',
    dunningStage: 'Етап',
    daysOverdue: 'Дни просрочие',
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
    credit: 'Credit',
    balance: 'Balance',
    dunningStage: 'Stage',
    daysOverdue: 'Days overdue',
    creditLimit: 'Credit limit',
    paymentTermsDays: 'Terms (days)',
    overdue: 'Overdue only',
    q: 'Search',
  },
};
