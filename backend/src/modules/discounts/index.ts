// The discounts area's entrance: what other areas may use of it.
export * from './codeChecks';
export * from './service';
