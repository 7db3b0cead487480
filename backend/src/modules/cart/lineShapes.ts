// The shape of a cart line as clients send it (server cart calls, the guest cookie's lines at
// checkout, the discount preview). Read-outs a client copies along are accepted and dropped;
// prices among them are never used.
import type { Rule } from '../../platform/http/validate';
import { CART_LINES_MAX, PERSONALIZATION_MAX, QUANTITY_MAX } from '../../../../domain/limits';

export const PRICE_LIKE = ['price', 'unitPrice', 'lineTotal', 'subtotal', 'total', 'discountTotal', 'shippingTotal', 'currency'];
const LINE_READ_OUTS = ['id', 'name', 'productName', 'productSlug', 'slug', 'image', 'variantName', 'sku', 'stock', ...PRICE_LIKE];

/** The chosen attribute values of a line. */
export const attributesRule: Rule = {
  type: 'array',
  max: 50,
  nullable: true,
  of: {
    type: 'object',
    shape: { attributeId: { type: 'int', min: 1, required: true }, attributeValueId: { type: 'int', min: 1, required: true } },
    ignore: ['id', 'cartItemId', 'attributeValue', 'attributeName', 'name', 'value'],
  },
};

/** A whole line: what checkout and the discount preview accept in `items`. */
export const lineRule: Rule = {
  type: 'object',
  ignore: LINE_READ_OUTS,
  shape: {
    productId: { type: 'int', min: 1, required: true },
    variantId: { type: 'int', min: 1, nullable: true },
    quantity: { type: 'int', min: 1, max: QUANTITY_MAX, required: true },
    personalization: { type: 'string', max: PERSONALIZATION_MAX, nullable: true },
    attributes: attributesRule,
  },
};

/** A checkout takes at most as many lines as the server cart holds. */
export const itemsRule: Rule = { type: 'array', of: lineRule, max: CART_LINES_MAX };

/** Guest cookie lines keep their own (time-based) id, so a preview can be matched back. */
const guestLine = lineRule as Extract<Rule, { type: 'object' }>;
export const guestItemsRule: Rule = {
  type: 'array',
  max: 100,
  of: { ...guestLine, ignore: LINE_READ_OUTS.filter((k) => k !== 'id'), shape: { ...guestLine.shape, id: { type: 'number', min: 0 } } },
};
