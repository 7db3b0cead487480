// The panel's texts for trade price lists, both languages; the server's come from
// domain/priceListTexts.
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';

export const priceListsBg = {
  created: PRICE_LIST_TEXTS.created,
  updated: PRICE_LIST_TEXTS.updated,
  deleted: PRICE_LIST_TEXTS.deleted,
  saveFailed: 'Неуспешно запазване на ценовата листа.',
  deleteFailed: 'Неуспешно изтриване на ценовата листа.',
  deleteTitle: PRICE_LIST_TEXTS.deleteConfirmTitle,
  discountHelp: 'Процент от цената на дребно без ДДС, до два знака след запетаята (напр. 12,5).',
  pricesHelp:
    'Фиксирана цена без ДДС за отделни варианти, от дадено количество на реда: от 1 бр. е основната цена, от повече — отстъпка за количество (няколко реда за един вариант). Без ред от 1 бр. основната цена е по отстъпката.',
  variantHelp: 'Търсете по SKU или име на продукта.',
  retail: 'На дребно: %{gross} с ДДС (%{net} без ДДС)',
  computed: 'По отстъпката: %{net} без ДДС',
  percent: '%{value} %',
};

export const priceListsEn: Record<keyof typeof priceListsBg, string> = {
  created: 'Price list created.',
  updated: 'Price list saved.',
  deleted: 'Price list deleted.',
  saveFailed: 'Failed to save the price list.',
  deleteFailed: 'Failed to delete the price list.',
  deleteTitle: 'Delete the price list',
  discountHelp: 'A percent off the retail price without VAT, up to two decimals (e.g. 12.5).',
  pricesHelp:
    'A fixed net price for single variants from a quantity of a line: from 1 is the base price, from more a quantity break (several rows per variant). Without a row from 1 the base is by the discount.',
  variantHelp: 'Search by SKU or product name.',
  retail: 'Retail: %{gross} with VAT (%{net} net)',
  computed: 'By the discount: %{net} net',
  percent: '%{value} %',
};

export const priceListResourceBg = {
  name: 'Ценова листа |||| Ценови листи',
  fields: {
    name: 'Име',
    discountPercent: 'Отстъпка (%)',
    prices: 'Фиксирани цени без ДДС',
    'prices.variantId': 'Вариант (SKU)',
    'prices.netPrice': 'Цена без ДДС',
    'prices.minQuantity': PRICE_LIST_TEXTS.fromQuantity,
    priceCount: 'Фиксирани цени',
    companyCount: 'Търговци',
    updatedAt: 'Променена',
    createdAt: 'Създадена',
  },
};

export const priceListResourceEn: typeof priceListResourceBg = {
  name: 'Price list |||| Price lists',
  fields: {
    name: 'Name',
    discountPercent: 'Discount (%)',
    prices: 'Fixed net prices',
    'prices.variantId': 'Variant (SKU)',
    'prices.netPrice': 'Net price',
    'prices.minQuantity': 'From quantity',
    priceCount: 'Fixed prices',
    companyCount: 'Companies',
    updatedAt: 'Changed',
    createdAt: 'Created',
  },
};
