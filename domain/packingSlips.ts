// Packing slips: the page staff print to pack an order (the items, where it goes, who takes it and
// the cash to collect on delivery), in A4 or A6, one order a page. The texts a person reads.
import { PACKING_SLIPS_MAX } from './limits';

export const PACKING_SLIP_SIZES = ['a4', 'a6'] as const;
export type PackingSlipSize = (typeof PACKING_SLIP_SIZES)[number];
export const PACKING_SLIP_SIZE_LABELS: Readonly<Record<PackingSlipSize, string>> = { a4: 'A4', a6: 'A6 (етикет)' };

export const PACKING_SLIP_TEXT = {
  title: 'Бележка за опаковане',
  order: (number: string, day: string) => `Поръчка № ${number} от ${day}`,
  recipient: 'Получател',
  delivery: 'Доставка',
  items: 'Артикули',
  quantity: 'Кол.',
  product: 'Продукт',
  inscription: 'Надпис',
  pieces: (n: number) => `Общо: ${n} бр.`,
  cod: 'Наложен платеж',
  noCod: 'Без наложен платеж',
  customerNote: 'Бележка от клиента',
  office: (courier: string, name: string, code: string) => `офис на ${courier} „${name}“ (${code})`,
  // answers
  sizeInvalid: 'Размерът на бележката е A4 или A6.',
  idsRequired: 'Изберете поне една поръчка.',
  tooMany: `Най-много ${PACKING_SLIPS_MAX} поръчки наведнъж. Изберете по-малко.`,
  notFound: (ids: string) => `Поръчките не са намерени: ${ids}.`,
  // admin
  button: 'Бележка за опаковане',
  bulkButton: 'Бележки за опаковане',
  download: 'Изтегли PDF',
  failed: 'Бележката за опаковане не бе създадена.',
} as const;

export function isPackingSlipSize(value: unknown): value is PackingSlipSize {
  return typeof value === 'string' && (PACKING_SLIP_SIZES as readonly string[]).includes(value);
}
