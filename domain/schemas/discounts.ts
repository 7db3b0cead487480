// Discount codes: the staff's form and the cart page's preview of a code.
import { API, FIELD } from '../messages';
import { PRICE_MAX } from '../limits';
import { DISCOUNT_TYPES } from '../pricing';
import { SHIPPING_METHODS } from '../orderStatus';
import type { z } from 'zod';
import { bool, email, input, int, money, number, oneOf, recordVersion, text, timestamp } from './fields';
import { cartLines } from './cart';
import { DISCOUNT_CODE_PATTERN } from './rules';

/** A discount code as staff type it. The value's range depends on the type and is checked with it
 *  (modules/discounts). */
export const discountCodeField = text(50, { min: 1, required: true, pattern: DISCOUNT_CODE_PATTERN, message: FIELD.discountCodeInvalid });
const discountFields = <R extends boolean>(required: R) => ({
  code: text(50, { min: 1, required, pattern: DISCOUNT_CODE_PATTERN, message: FIELD.discountCodeInvalid }),
  type: oneOf(DISCOUNT_TYPES, { required }),
  // A percent (1–100) or an amount, depending on type.
  value: number({ min: 0, max: PRICE_MAX }),
  minSubtotal: money({ min: 0, max: PRICE_MAX }),
  startsAt: timestamp({ nullable: true }),
  endsAt: timestamp({ nullable: true }),
  usageLimit: int({ min: 1, max: 1_000_000, nullable: true }),
  perCustomerLimit: int({ min: 1, max: 1000, nullable: true }),
  active: bool(),
});
const DISCOUNT_READ_ONLY = ['id', 'usedCount', 'createdAt', 'updatedAt', 'message'];
/** A discount code (create), and its change (PUT: nothing required). */
export const discountInput = input(discountFields(true), { ignore: [...DISCOUNT_READ_ONLY, 'version'] });
export type DiscountInput = z.output<typeof discountInput>;
export const discountChangeInput = input({ ...discountFields(false), version: recordVersion() }, { ignore: DISCOUNT_READ_ONLY });
export type DiscountChange = z.output<typeof discountChangeInput>;
/** POST /discounts/check: a code on the shopper's lines. */
export const discountCheckInput = input({
  code: text(50, { min: 1, required: true, message: API.discountInvalid }),
  items: cartLines,
  email: email(),
  shippingMethod: oneOf(SHIPPING_METHODS),
});
