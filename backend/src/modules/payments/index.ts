// The payments area's entrance: what other areas may use of it.
export * from './service';
