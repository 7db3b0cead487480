// The invoices area's entrance: what other areas may use of it.
import './events';
export * from './service';
export * from './settings';
// How the shop's documents write amounts and days, for other areas' PDFs to match the invoice.
export { amountText, currencyText, dayText } from './pdf';
