// The settings area's entrance: what other areas may use of it.
export * from './currency';
export * from './views';
export * from './update';
export { settingsRoutes } from './routes';
export * from './service';
