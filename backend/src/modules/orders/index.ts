// The orders area's entrance: what other areas may use of it.
import './events';
export * from './actor';
export * from './authority';
export * from './erasure';
export * from './history';
export * from './mail';
export * from './mailCaps';
export * from './placedBy';
export * from './receivables';
export * from './records';
export * from './service';
export * from './subscribers';
export * from './transitions';
