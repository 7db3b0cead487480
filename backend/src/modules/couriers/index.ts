// The couriers area's entrance: what other areas may use of it (the office directory, the
// courier clients, shipping prices and the answer shapes; waybills and tracking are shipments').
export * from './client';
export * from './clients';
export * from './offices';
export * from './views';
