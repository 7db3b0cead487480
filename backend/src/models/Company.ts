import { BaseModel, S } from './BaseModel';
import { COMPANY_STATUSES, type CompanyStatus } from '@domain/trade';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from '@domain/limits';
import type { CompanyShop } from './CompanyShop';
import type { CompanyInvitation } from './CompanyInvitation';
import type { User } from './User';

/** A business that buys for resale (modules/trade): applied, then approved, rejected or suspended by staff. */
export class Company extends BaseModel {
  static tableName = 'companies';
  static moneyFields = ['creditLimit'];
  static booleanFields = ['requirePurchaseOrderNumber'];

  name!: string;
  eik!: string;
  vatNumber!: string;
  address!: string;
  city!: string;
  mol!: string;
  tobaccoPermit!: string;
  /** Who issued the permit ('' when not given). */
  tobaccoPermitOffice!: string;
  /** The permit's last valid day, "YYYY-MM-DD"; null: none on record (nothing is blocked). */
  tobaccoPermitExpiresAt!: string | null;
  /** The expiry date the 30-day notice was last given for (modules/trade/permits). */
  tobaccoPermitNotifiedFor?: string | null;
  contactFirstName!: string;
  contactLastName!: string;
  contactEmail!: string;
  contactPhone!: string;
  status!: CompanyStatus;
  statusReason!: string;
  priceListId!: number | null;
  paymentTermsDays!: number;
  /** With VAT, minor units; null: no limit. */
  creditLimit!: number | null;
  /** Every trade order must carry the buyer's purchase-order number. */
  requirePurchaseOrderNumber!: boolean;
  approvedAt!: string | null;
  /** Lower-cased name, ЕИК, city and contact, for the staff's search (hidden from answers). */
  searchText?: string;
  createdAt!: string;
  updatedAt!: string;
  /** Raised by every write through the record's write path (platform/db/versions). */
  version!: number;
  shops?: CompanyShop[];
  members?: User[];
  /** Its invitations still open (modules/trade/members). */
  invitations?: CompanyInvitation[];

  static jsonSchema = {
    type: 'object',
    required: ['name', 'eik', 'address', 'city', 'mol', 'tobaccoPermit', 'contactEmail'],
    properties: {
      name: S.str(200, 1),
      eik: S.str(13, 9),
      vatNumber: S.str(14),
      address: S.str(300, 1),
      city: S.str(100, 1),
      mol: S.str(200, 1),
      tobaccoPermit: S.str(60, 1),
      tobaccoPermitOffice: S.str(120),
      tobaccoPermitExpiresAt: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      tobaccoPermitNotifiedFor: { type: ['string', 'null'], maxLength: 10 },
      contactFirstName: S.str(NAME_MAX),
      contactLastName: S.str(NAME_MAX),
      contactEmail: S.str(EMAIL_MAX, 3),
      contactPhone: S.str(PHONE_MAX),
      status: S.enum(COMPANY_STATUSES),
      statusReason: S.str(1000),
      priceListId: S.idOrNull,
      paymentTermsDays: S.int(0, 365),
      creditLimit: S.intOrNull(0),
      requirePurchaseOrderNumber: S.bool,
      approvedAt: S.ts,
    },
  };

  static get relationMappings() {
    const { CompanyShop } = require('./CompanyShop');
    const { User } = require('./User');
    return {
      shops: {
        relation: BaseModel.HasManyRelation,
        modelClass: CompanyShop,
        join: { from: 'companies.id', to: 'company_shops.company_id' },
      },
      members: { relation: BaseModel.HasManyRelation, modelClass: User, join: { from: 'companies.id', to: 'users.company_id' } },
    };
  }
}
