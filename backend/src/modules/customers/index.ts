// The customers area's entrance: what other areas may use of it.
export * from './users';
