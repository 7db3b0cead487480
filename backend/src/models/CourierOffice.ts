import { BaseModel, S } from './BaseModel';
import { COURIERS, type Courier } from '@domain/couriers';

/** One office of a courier's directory (modules/couriers/offices.ts keeps it in step with the API). */
export class CourierOffice extends BaseModel {
  static tableName = 'courier_offices';
  static booleanFields = ['demo'];
  static timestamps = 'none' as const;

  courier!: Courier;
  code!: string;
  name!: string;
  city!: string;
  address!: string;
  searchText!: string;
  demo!: boolean;
  updatedAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['courier', 'code', 'name', 'city'],
    properties: {
      courier: S.enum(COURIERS),
      code: S.str(32, 1),
      name: S.str(200, 1),
      city: S.str(100),
      address: S.str(300),
      demo: S.bool,
    },
  };
}
