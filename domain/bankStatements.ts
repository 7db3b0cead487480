// Bank statements the shop's staff upload to find the bank transfers that paid orders: their limits
// and the texts of a refused file, shared by the server (which reads the file) and the admin.
import { formatDate } from './dates';

/** A day's or a month's statement of a shop's account is a few hundred kilobytes; a year of
 *  MT940 stays well under this. A larger file is most likely not a statement, and is refused
 *  before it is read. */
export const BANK_STATEMENT_MAX_MB = 5;
export const BANK_STATEMENT_MAX_BYTES = BANK_STATEMENT_MAX_MB * 1024 * 1024;
/** Bookings one file may hold (credits and debits together): enough for a year of a small shop's
 *  account, few enough for staff to review the matches on one page. */
export const BANK_STATEMENT_LINES_MAX = 5000;
/** Leva are the currency of a Bulgarian account only for bookings before the euro changeover. */
export const BANK_STATEMENT_LEVA_UNTIL = '2026-01-01';

export const BANK_STATEMENT_TEXT = {
  empty: 'Файлът е празен.',
  notStatement: 'Файлът не е банково извлечение във формат CAMT.053 или MT940.',
  tooLarge: `Файлът е твърде голям (над ${BANK_STATEMENT_MAX_MB} MB). Изтеглете извлечение за по-кратък период.`,
  tooManyLines: `Извлечението съдържа над ${BANK_STATEMENT_LINES_MAX} движения. Изтеглете извлечение за по-кратък период.`,
  camtBroken: 'Файлът CAMT.053 не може да бъде прочетен: съдържанието му е повредено или непълно.',
  mt940Broken: 'Файлът MT940 не може да бъде прочетен: съдържанието му е повредено или непълно.',
  severalAccounts: 'Файлът съдържа извлечения за повече от една сметка. Изтеглете извлечение само за сметката на магазина.',
  currencyNotAccepted: (currency: string) =>
    `Файлът съдържа движение във валута „${currency}“. Приемат се само извлечения в евро (EUR) и лева (BGN).`,
  noCredits: 'В извлечението няма постъпления.',
  notFound: 'Извлечението не е намерено.',
  lineNotFound: 'Редът не е от това извлечение.',
  lineClosed: 'Редът вече е записан като плащане или е внесен с по-ранно извлечение.',
  invoiceNotOpen: 'Фактурата не е от неплатените на този платец.',
  importing: 'Същото движение се внася в момента с друго извлечение. Опитайте отново след малко.',
  fileMissing: 'Изберете файл с банково извлечение (CAMT.053 или MT940).',
  lineIdsRequired: 'Изберете поне един ред.',
  levaAfterEuro: (day: string) =>
    `Файлът съдържа движение в лева с дата ${formatDate(day)}: от 1 януари 2026 г. сметките са в евро. Проверете дали това е верният файл.`,
};
