// The settings area's entrance: what other areas may use of it.
export * from './currency';
export * from './routes';
export * from './service';
