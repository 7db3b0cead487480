import { BaseModel } from './BaseModel';
import type { DocumentKind } from '../../../domain/invoices';
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
}
