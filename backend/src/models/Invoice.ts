import { BaseModel, S } from './BaseModel';
import type { DocumentKind } from '@domain/invoices';
import type { InvoiceSnapshot } from '../modules/invoices/snapshot';

/** An issued invoice or credit note: its number, amounts and frozen data never change. */
export class Invoice extends BaseModel {
  static tableName = 'invoices';
  static timestamps = 'none' as const;
  static moneyFields = ['taxBase', 'vatTotal', 'total'];
  static hiddenFields = ['pdf', 'data'];
  static jsonAttributes = ['data'];

  number!: string;
  kind!: DocumentKind;
  orderId!: number | null;
  orderNumber!: string;
  invoiceId!: number | null;
  recipientName!: string;
  currency!: string;
  taxBase!: number;
  vatTotal!: number;
  total!: number;
  issuedAt!: string;
  taxEventDate!: string;
  data!: InvoiceSnapshot;
  pdf!: Buffer | null;

  static jsonSchema = {
    type: 'object',
    required: ['number', 'kind', 'orderNumber', 'recipientName', 'currency', 'taxBase', 'vatTotal', 'total', 'issuedAt', 'taxEventDate'],
    properties: {
      number: S.str(10, 10),
      kind: S.enum(['invoice', 'credit_note']),
      orderId: S.idOrNull,
      orderNumber: S.str(32, 1),
      invoiceId: S.idOrNull,
      recipientName: S.str(200),
      currency: S.str(3, 3),
      taxBase: S.int(),
      vatTotal: S.int(),
      total: S.int(),
      issuedAt: S.ts,
      taxEventDate: S.str(10, 10),
    },
  };
}
