import { BaseModel, S } from './BaseModel';
import { COURIERS, type Courier } from '@domain/couriers';

/** An order's waybill with its courier (modules/shipments/shipments.ts); the label PDF is never in an answer. */
export class Shipment extends BaseModel {
  static tableName = 'shipments';
  static moneyFields = ['codAmount'];
  static booleanFields = ['reviewBeforePayment'];
  static hiddenFields = ['labelPdf'];

  orderId!: number;
  courier!: Courier;
  waybillNumber!: string;
  parcelId!: string;
  codAmount!: number;
  currency!: string;
  weightGrams!: number;
  reviewBeforePayment!: boolean;
  status!: string;
  courierStatus!: string;
  labelPdf!: Buffer | null;
  labelRemoteUrl!: string;
  deliveredAt!: string | null;
  codCollectedAt!: string | null;
  returnedAt!: string | null;
  trackedAt!: string | null;
  createdAt!: string;
  updatedAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['orderId', 'courier'],
    properties: {
      orderId: S.id,
      courier: S.enum(COURIERS),
      waybillNumber: S.str(64),
      parcelId: S.str(64),
      codAmount: S.int(0),
      currency: S.str(3, 3),
      weightGrams: S.int(0),
      reviewBeforePayment: S.bool,
      status: S.enum(['creating', 'created', 'delivered', 'returned']),
      courierStatus: S.str(300),
      labelRemoteUrl: S.str(500),
    },
  };

  static get relationMappings() {
    const { Order } = require('./Order');
    return {
      order: { relation: BaseModel.BelongsToOneRelation, modelClass: Order, join: { from: 'shipments.order_id', to: 'orders.id' } },
    };
  }
}
