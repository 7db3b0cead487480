// The discounts area's entrance: what other areas may use of it.
export * from './routes';
export * from './service';
