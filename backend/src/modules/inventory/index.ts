// The inventory area's entrance: what the app and other areas may use of it. Stock changes only
// through its one write path (./stock): checkout's sales, an order's stock back, staff's counts and
// corrections, the catalogue's first figures and imports.
export { adjustStock, adjustStockMany, setStockTo, stockAfter, stockMoveWrites, type StockGuard, type StockMove } from './stock';
