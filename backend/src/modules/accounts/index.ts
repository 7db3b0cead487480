// The accounts area's entrance: what each buyer owes and has paid (invoices' figures, credit),
// and the one write path of money received and its allocations.
export * from './ledger';
export * from './record';
export * from './orderPayment';
