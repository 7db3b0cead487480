// Trade price lists (admin „Ценови листи“): a name, a discount off the retail net price
// (a percent with up to two decimals, kept as hundredths of a percent) and fixed net prices per
// variant, each from a quantity (several rows per variant: quantity breaks; from 1 is the base).
// Whether each variant exists, and that no variant has two prices from one quantity, the server checks.
import { z } from 'zod';
import { PRICE_MAX, QUANTITY_MAX } from '../limits';
import { PRICE_LIST_TEXTS } from '../priceListTexts';
import { input, int, list, money, recordVersion, text } from './fields';

export const PRICE_LIST_NAME_MAX = 120;
/** Fixed prices in one list at most (a whole catalogue's variants fit). */
export const PRICE_LIST_PRICES_MAX = 5000;

const PRICE_LIST_READ_ONLY = ['id', 'createdAt', 'updatedAt', 'companyCount', 'priceCount', 'message'];
const PRICE_READ_ONLY = ['id', 'sku', 'productName', 'variantName', 'retailPrice', 'computedPrice', 'priceListId'];

const priceListFields = <R extends boolean>(required: R) => ({
  name: text(PRICE_LIST_NAME_MAX, { min: 1, required }),
  // money() reads a decimal with at most two places and answers hundredths: basis points here.
  discountPercent: money({ min: 0, max: 100, message: PRICE_LIST_TEXTS.discountInvalid }),
  prices: list(
    input(
      {
        variantId: int({ min: 1, required: true }),
        netPrice: money({ min: 0, max: PRICE_MAX, required: true, message: PRICE_LIST_TEXTS.netPriceInvalid }),
        // From how many units of a line this price applies; not sent: 1 (the base).
        minQuantity: int({ min: 1, max: QUANTITY_MAX, message: PRICE_LIST_TEXTS.minQuantityInvalid }),
      },
      { ignore: PRICE_READ_ONLY },
    ),
    { max: PRICE_LIST_PRICES_MAX },
  ),
});

/** A new price list; its change (PUT: nothing required; `prices` given replaces them all). */
export const priceListInput = input(priceListFields(true), { ignore: [...PRICE_LIST_READ_ONLY, 'version'] });
export const priceListChangeInput = input({ ...priceListFields(false), version: recordVersion() }, { ignore: PRICE_LIST_READ_ONLY });
export type PriceListInput = z.output<typeof priceListInput>;
export type PriceListChange = z.output<typeof priceListChangeInput>;
