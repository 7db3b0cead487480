import { BaseModel, S } from './BaseModel';

/** A bank statement file staff uploaded (modules/payments/bankStatements): its lines are kept apart. */
export class BankStatement extends BaseModel {
  static tableName = 'bank_statements';
  static timestamps = 'created' as const;

  format!: 'camt053' | 'mt940';
  accountIban!: string;
  statementRef!: string;
  fileName!: string;
  fileSha256!: string;
  createdBy!: string;
  createdAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['format', 'fileSha256'],
    properties: {
      format: S.enum(['camt053', 'mt940']),
      accountIban: S.str(34),
      statementRef: S.str(100),
      fileName: S.str(200),
      fileSha256: S.str(64, 64),
      createdBy: S.str(254),
    },
  };
}
