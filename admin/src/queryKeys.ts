// The react-query keys of the data provider's custom calls. Each key starts with the resource it
// belongs to, so that react-admin's own invalidation of a resource (after an update, a refresh)
// reaches these too, and a mutation invalidates exactly what it changed.
import type { Identifier } from 'react-admin';

const id = (value: Identifier) => String(value);

export const queryKeys = {
  /** The whole settings record: the form's cards and the dashboard read their parts of it. */
  settings: ['settings', 'record'] as const,
  tokens: ['account', 'tokens'] as const,
  twoFactor: ['account', 'twoFactor'] as const,
  dashboard: ['dashboard'] as const,
  analytics: (params: object) => ['analytics', params] as const,
  orderCounts: ['orders', 'counts'] as const,
  orderShipment: (orderId: Identifier) => ['orders', 'shipment', id(orderId)] as const,
  orderDocuments: (orderId: Identifier) => ['orders', 'documents', id(orderId)] as const,
  unreadCount: ['notifications', 'unreadCount'] as const,
  latestNotifications: ['notifications', 'latest'] as const,
  companyStatement: (companyId: Identifier, period: string) => ['companies', 'statement', id(companyId), period] as const,
  openInvoices: (params: object) => ['payments', 'openInvoices', params] as const,
};
