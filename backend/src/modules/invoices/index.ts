// The invoices area's entrance: what other areas may use of it.
import './events';
export * from './service';
export * from './settings';
