// Фактури: every invoice and credit note, newest number first, filtered by month and type,
// each downloadable as its PDF, with how much of each invoice is paid (a credit note has none).
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Datagrid, DateField, FunctionField, List, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatMoney } from '@domain/money';
import type { InvoiceRecord } from './api';
import { BgMonthInput } from '../common/BgDateInput';
import { money } from '../common/fields';
import { PaymentStateChip } from './PaymentStateChip';

function thisMonth(): string {
  return new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Sofia' }).slice(0, 7);
}

function useFilters() {
  const translate = useTranslate();
  return [
    <BgMonthInput key="month" source="month" alwaysOn />,
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      choices={[
        { id: 'invoice', name: translate('app.invoices.kind.invoice') },
        { id: 'credit_note', name: translate('app.invoices.kind.credit_note') },
      ]}
    />,
    <TextInput key="q" source="q" />,
  ];
}

export function InvoiceList() {
  const translate = useTranslate();
  return (
    <List filters={useFilters()} filterDefaultValues={{ month: thisMonth() }} sort={{ field: 'number', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="number" />
        <DateField source="issuedAt" locales="bg-BG" />
        <FunctionField<InvoiceRecord>
          source="kind"
          render={(r) => translate(`app.invoices.kind.${r.kind}`) + (r.invoiceNumber ? ` → ${r.invoiceNumber}` : '')}
        />
        <FunctionField<InvoiceRecord>
          source="orderNumber"
          render={(r) => (r.orderId ? <Link to={`/admin/orders/${r.orderId}`}>{r.orderNumber}</Link> : r.orderNumber)}
        />
        <TextField source="recipientName" />
        <FunctionField<InvoiceRecord> source="total" textAlign="right" render={(r) => formatMoney(r.total, r.currency)} />
        <FunctionField<InvoiceRecord> source="paymentState" sortable={false} render={(r) => <PaymentStateChip state={r.paymentState} />} />
        <FunctionField<InvoiceRecord>
          source="paid"
          sortable={false}
          textAlign="right"
          render={(r) => (r.paymentState ? money(r.paid, r.paymentCurrency) : '')}
        />
        <FunctionField<InvoiceRecord>
          source="outstanding"
          sortable={false}
          textAlign="right"
          render={(r) => (r.paymentState ? money(r.outstanding, r.paymentCurrency) : '')}
        />
        <FunctionField<InvoiceRecord>
          label=""
          render={(r) => (
            <Button size="small" component="a" href={r.pdfUrl} download startIcon={<DownloadIcon />}>
              PDF
            </Button>
          )}
        />
      </Datagrid>
    </List>
  );
}
