import { BaseModel, S } from './BaseModel';
import { QUANTITY_MAX } from '@domain/limits';

/** A line of a quote request: the variant as asked (its names kept), how many, and staff's net price. */
export class QuoteRequestLine extends BaseModel {
  static tableName = 'quote_request_lines';
  static timestamps = 'none' as const;

  quoteRequestId!: number;
  productId!: number;
  variantId!: number;
  productName!: string;
  variantName!: string;
  sku!: string;
  quantity!: number;
  /** Net, minor units of the shop's currency; null until answered. */
  netPrice!: number | null;
  position!: number;

  static jsonSchema = {
    type: 'object',
    required: ['quoteRequestId', 'productId', 'variantId', 'productName', 'quantity'],
    properties: {
      quoteRequestId: S.id,
      productId: S.id,
      variantId: S.id,
      productName: S.str(200, 1),
      variantName: S.str(200),
      sku: S.str(64),
      quantity: S.int(1, QUANTITY_MAX),
      netPrice: S.intOrNull(0),
      position: S.int(0),
    },
  };
}
