// The checkout area's entrance: what other areas may use of it.
export * from './guestOrders';
export * from './quote';
export * from './service';
