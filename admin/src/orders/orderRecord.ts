// The order as the order screens hold it.
import type { RaRecord } from 'react-admin';
import type { ApiOrder } from '@domain/api';

/** An order as react-admin holds it: the API's one order shape (domain/api.ts); a list row or a
 *  record still loading may lack any of it but its status. */
export type OrderRecord = RaRecord & Partial<ApiOrder> & Pick<ApiOrder, 'number' | 'status' | 'paymentStatus' | 'paymentMethod'>;
