// A cart line as clients send it (server cart calls, the guest cookie's lines at checkout and in
// the preview, the discount preview). Read-outs a client copies along are accepted and dropped;
// prices among them are never used.
import type { z } from 'zod';
import { CART_LINES_MAX, PERSONALIZATION_MAX, QUANTITY_MAX } from '../limits';
import { input, int, list, number, text } from './fields';
import { TRADE_LINES_MAX } from '../tradeOrderTexts';

export const PRICE_LIKE = ['price', 'unitPrice', 'lineTotal', 'subtotal', 'total', 'discountTotal', 'shippingTotal', 'currency'];
const LINE_READ_OUTS = ['id', 'name', 'productName', 'productSlug', 'slug', 'image', 'variantName', 'sku', 'stock', ...PRICE_LIKE];

/** The chosen attribute values of a line. */
const lineAttributes = list(
  input(
    { attributeId: int({ min: 1, required: true }), attributeValueId: int({ min: 1, required: true }) },
    { ignore: ['id', 'cartItemId', 'attributeValue', 'attributeName', 'name', 'value'] },
  ),
  { max: 50, nullable: true },
);

const lineFields = {
  productId: int({ min: 1, required: true }),
  variantId: int({ min: 1, nullable: true }),
  quantity: int({ min: 1, max: QUANTITY_MAX, required: true }),
  personalization: text(PERSONALIZATION_MAX, { nullable: true }),
  attributes: lineAttributes,
};

/** One line of a checkout, a quote or the discount preview. */
export const cartLine = input(lineFields, { ignore: LINE_READ_OUTS });
/** A line as the server reads it (a member's quick order's lines read the same). */
export type CartLine = z.output<typeof cartLine>;
/** A checkout's lines (and the quote's, the discount preview's): at most what the server cart holds. */
export const cartLines = list(cartLine, { max: CART_LINES_MAX });

/** A member's quick order: up to TRADE_LINES_MAX lines in one quote or order. */
export const tradeLines = list(input(lineFields, { ignore: [...LINE_READ_OUTS, 'packSize', 'minimumQuantity', 'multiple'] }), {
  max: TRADE_LINES_MAX,
});

/** A guest's cookie lines keep their own (time-based) id, so a preview can be matched back. */
const guestLines = list(input({ ...lineFields, id: number({ min: 0 }) }, { ignore: LINE_READ_OUTS.filter((k) => k !== 'id') }), {
  max: 100,
  required: true,
});

/** POST /cart/preview. */
export const cartPreviewInput = input({ items: guestLines });

/** The line's own id (a guest line's time-based id when a client posts one) is not an input. */
const editFields = {
  quantity: int({ min: 1, max: QUANTITY_MAX }),
  variantId: int({ min: 1, nullable: true }),
  attributes: lineAttributes,
  personalization: text(PERSONALIZATION_MAX, { nullable: true }),
};
export const cartEditInput = input(editFields, { ignore: ['id'] });
export type CartEdit = z.output<typeof cartEditInput>;
export const cartAddInput = input({ ...editFields, productId: int({ min: 1, required: true }) }, { ignore: ['id'] });
export type CartAdd = z.output<typeof cartAddInput>;
