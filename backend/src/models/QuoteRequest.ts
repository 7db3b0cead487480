import { BaseModel, S } from './BaseModel';
import { EMAIL_MAX } from '@domain/limits';
import { QUOTE_NOTE_MAX, STORED_QUOTE_STATUSES, type StoredQuoteStatus } from '@domain/quoteTexts';
import type { QuoteRequestLine } from './QuoteRequestLine';

/** A member's request for a price on a basket (modules/quotes): answered by staff with net prices
 *  and a last valid day, or declined; ordered once. */
export class QuoteRequest extends BaseModel {
  static tableName = 'quote_requests';

  companyId!: number;
  userId!: number | null;
  requestedByName!: string;
  requestedByEmail!: string;
  status!: StoredQuoteStatus;
  note!: string;
  reason!: string;
  /** The prices' last valid day, "YYYY-MM-DD"; null until answered. */
  validUntil!: string | null;
  orderId!: number | null;
  answeredAt!: string | null;
  createdAt!: string;
  updatedAt!: string;
  /** Raised by every write through the record's write path (platform/db/versions). */
  version!: number;
  lines?: QuoteRequestLine[];

  static jsonSchema = {
    type: 'object',
    required: ['companyId'],
    properties: {
      companyId: S.id,
      userId: S.idOrNull,
      requestedByName: S.str(200),
      requestedByEmail: S.str(EMAIL_MAX),
      status: S.enum(STORED_QUOTE_STATUSES),
      note: S.str(QUOTE_NOTE_MAX),
      reason: S.str(QUOTE_NOTE_MAX),
      validUntil: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      orderId: S.idOrNull,
      answeredAt: S.ts,
    },
  };

  static get relationMappings() {
    const { QuoteRequestLine } = require('./QuoteRequestLine');
    return {
      lines: {
        relation: BaseModel.HasManyRelation,
        modelClass: QuoteRequestLine,
        join: { from: 'quote_requests.id', to: 'quote_request_lines.quote_request_id' },
      },
    };
  }
}
