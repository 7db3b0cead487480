// Stock changed from the inventory list and the product's page (PUT /admin/inventory/:variantId is
// a count: the figure found; POST …/adjustments a correction by a signed quantity).
import { STOCK_MAX, TEXT_MAX } from '../limits';
import { API } from '../messages';
import { input, int, text } from './fields';

const ROW_ECHOES = [
  'id',
  'productId',
  'productName',
  'productStatus',
  'variantName',
  'sku',
  'price',
  'productSlug',
  'categoryName',
  'packSize',
];

export const stockChangeInput = input(
  { stock: int({ min: 0, max: STOCK_MAX, required: true }), note: text(TEXT_MAX) },
  { ignore: ROW_ECHOES },
);

export const stockAdjustmentInput = input({
  delta: int({ min: -STOCK_MAX, max: STOCK_MAX, required: true }).refine((n) => n !== 0, API.stockDeltaZero),
  note: text(TEXT_MAX),
});
