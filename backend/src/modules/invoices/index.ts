// The invoices area's entrance: what other areas may use of it.
export * from './service';
export * from './settings';
