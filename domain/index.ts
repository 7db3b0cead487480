export * from './money';
export * from './limits';
export * from './orderStatus';
export * from './messages';
export * from './slug';
export * from './pricing';
