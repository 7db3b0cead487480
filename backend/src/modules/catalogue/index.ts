// The catalogue area's entrance: what other areas may use of it.
export * from './categories';
export * from './facts';
export * from './productLists';
export * from './products';
export * from './productSave';
export * from './visibility';
export * from './tradePrices';
export * from './priceLists';
export * from './stockOverlay';
