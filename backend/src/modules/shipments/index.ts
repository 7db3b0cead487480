// The shipments area's entrance: waybills, their labels and courier tracking, which move orders
// (through the orders area's one transition function). Above orders, checkout and couriers.
export * from './jobs';
export * from './shipments';
export * from './tracking';
