// The cart area's entrance: what other areas may use of it.
export * from './lines';
export * from './merge';
export * from './store';
