// The staff area's entrance: what other areas may use of it.
export * from './contact';
export * from './notifications';
