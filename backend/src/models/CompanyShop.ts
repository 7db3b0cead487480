import { BaseModel, S } from './BaseModel';
import { PHONE_MAX } from '@domain/limits';

/** One of a company's shops, shown on „Къде да купя“ while the company is approved and it is listed. */
export class CompanyShop extends BaseModel {
  static tableName = 'company_shops';
  static timestamps = 'none' as const;
  static booleanFields = ['listed'];

  companyId!: number;
  name!: string;
  city!: string;
  address!: string;
  phone!: string;
  listed!: boolean;
  position!: number;

  static jsonSchema = {
    type: 'object',
    required: ['companyId', 'name', 'city', 'address'],
    properties: {
      companyId: S.id,
      name: S.str(200, 1),
      city: S.str(100, 1),
      address: S.str(300, 1),
      phone: S.str(PHONE_MAX),
      listed: S.bool,
      position: S.int(0),
    },
  };
}
