// The orders area's entrance: what other areas may use of it.
export * from './mail';
export * from './routes';
export * from './service';
