import { BaseModel, S } from './BaseModel';

/** An incoming credit of a bank statement, with its match, until staff record it as a payment. */
export class BankStatementLine extends BaseModel {
  static tableName = 'bank_statement_lines';
  static timestamps = 'none' as const;
  static moneyFields = ['amount', 'bookedAmount'];

  bankStatementId!: number;
  position!: number;
  lineHash!: string;
  bookedOn!: string;
  direction!: 'credit' | 'debit';
  /** Minor units of the shop's currency. */
  amount!: number;
  bookedAmount!: number;
  bookedCurrency!: string;
  reference!: string;
  payerName!: string;
  payerIban!: string;
  bankReference!: string;
  status!: 'suggested' | 'unmatched' | 'already_imported' | 'recorded';
  companyId!: number | null;
  customerEmail!: string;
  /** JSON array of invoice ids. */
  invoiceIds!: string;
  paymentId!: number | null;

  static jsonSchema = {
    type: 'object',
    required: ['bankStatementId', 'position', 'lineHash', 'bookedOn', 'direction', 'amount', 'bookedAmount', 'bookedCurrency', 'status'],
    properties: {
      bankStatementId: S.id,
      position: S.int(1),
      lineHash: S.str(64, 64),
      bookedOn: S.str(10, 10),
      direction: S.enum(['credit', 'debit']),
      amount: S.int(),
      bookedAmount: S.int(),
      bookedCurrency: S.str(3, 3),
      reference: S.str(10_000),
      payerName: S.str(200),
      payerIban: S.str(34),
      bankReference: S.str(100),
      status: S.enum(['suggested', 'unmatched', 'already_imported', 'recorded']),
      companyId: S.idOrNull,
      customerEmail: S.str(254),
      invoiceIds: S.str(10_000),
      paymentId: S.idOrNull,
    },
  };
}
