// Stock changed in place from the inventory list (PUT /admin/inventory/:variantId).
import { STOCK_MAX } from '../limits';
import { int, object } from './fields';

export const stockChangeInput = object(
  { stock: int({ min: 0, max: STOCK_MAX, required: true }) },
  { ignore: ['id', 'productId', 'productName', 'productStatus', 'variantName', 'sku', 'price', 'productSlug', 'categoryName'] },
);
