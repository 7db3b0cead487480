// The couriers area's entrance: what other areas may use of it.
export * from './checkout';
export * from './offices';
export * from './views';
