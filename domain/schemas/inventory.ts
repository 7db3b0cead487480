// Stock changed in place from the inventory list (PUT /admin/inventory/:variantId).
import { STOCK_MAX } from '../limits';
import { input, int } from './fields';

export const stockChangeInput = input(
  { stock: int({ min: 0, max: STOCK_MAX, required: true }) },
  { ignore: ['id', 'productId', 'productName', 'productStatus', 'variantName', 'sku', 'price', 'productSlug', 'categoryName'] },
);
