// The accountant's month as the sales ledger: every invoice and credit note issued in it (shop
// time), in number order, credit notes negative, in the ledger's currency (the euro from 2026;
// a document in another currency converted at the fixed rate). Served as a CSV for Bulgarian
// Excel and as the NRA's PRODAGBI.TXT (domain/salesLedger.ts has the formats).
import { Invoice } from '../../models/Invoice';
import { getSettings } from '../settings';
import { bulgarianCsv } from '@domain/csv';
import { documentCurrency } from '@domain/invoices';
import { convertMinor, isCurrency, type Currency } from '@domain/money';
import { LedgerEntry, SALES_LEDGER_COLUMNS, ledgerSign, prodagbiText, salesLedgerRows, toWindows1251 } from '@domain/salesLedger';
import { monthRange } from './salesReport';

/** The month's documents as ledger entries. */
export async function salesLedgerEntries(month: string): Promise<{ entries: LedgerEntry[]; currency: Currency }> {
  const settings = await getSettings();
  const currency = documentCurrency(`${month}-01`, settings.currency);
  const { from, to } = monthRange(month);
  const documents = await Invoice.query().where('issuedAt', '>=', from).where('issuedAt', '<', to).orderBy('number');
  const entries = documents.map((d): LedgerEntry => {
    const sign = ledgerSign(d.kind);
    const own = isCurrency(d.currency) ? d.currency : currency;
    const money = (minor: number) => sign * convertMinor(minor, own, currency);
    const recipient = d.data?.recipient;
    const taxBase = money(d.taxBase);
    const total = money(d.total);
    return {
      kind: d.kind,
      number: d.number,
      issueDate: d.data?.issueDate ?? d.issuedAt.slice(0, 10),
      buyerId: recipient?.vatNumber || recipient?.eik || '',
      buyerName: recipient?.companyName ?? d.recipientName,
      goods: `Стоки по поръчка ${d.orderNumber}`,
      purchaseOrderNumber: d.data?.purchaseOrderNumber ?? null,
      taxBase,
      // converted documents: the VAT is what remains of the total, so each row adds up
      vat: own === currency ? sign * d.vatTotal : total - taxBase,
      total,
      currency,
      invoiceNumber: d.data?.refersTo?.number ?? null,
    };
  });
  return { entries, currency };
}

export async function salesLedgerCsv(month: string): Promise<string> {
  const { entries } = await salesLedgerEntries(month);
  return bulgarianCsv(SALES_LEDGER_COLUMNS, salesLedgerRows(entries));
}

/** PRODAGBI.TXT in Windows-1251, as the NRA's portal takes it. */
export async function prodagbiFile(month: string): Promise<Buffer> {
  const [{ entries }, settings] = await Promise.all([salesLedgerEntries(month), getSettings()]);
  return Buffer.from(toWindows1251(prodagbiText(entries, { vatNumber: settings.legal.vatNumber || settings.legal.eik, month })));
}
