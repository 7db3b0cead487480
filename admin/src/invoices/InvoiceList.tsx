// Фактури: every invoice and credit note, newest number first, filtered by month and type,
// each downloadable as its PDF, with how much of each invoice is paid (a credit note has none).
// On a phone each document is one item: number and kind, date, order and buyer, what is paid, the PDF.
import { Box, Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Datagrid, DateField, FunctionField, List, SelectInput, SimpleList, TextField, TextInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatMoney } from '@domain/money';
import type { InvoiceRecord } from './api';
import { BgMonthInput } from '../common/BgDateInput';
import { date, money, useIsSmall } from '../common/fields';
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
  const isSmall = useIsSmall();
  const kindOf = (r: InvoiceRecord) => translate(`app.invoices.kind.${r.kind}`) + (r.invoiceNumber ? ` → ${r.invoiceNumber}` : '');
  return (
    <List filters={useFilters()} filterDefaultValues={{ month: thisMonth() }} sort={{ field: 'number', order: 'DESC' }} exporter={false}>
      {isSmall ? (
        <SimpleList<InvoiceRecord>
          rowClick={false}
          primaryText={(r) => `${r.number} · ${kindOf(r)}`}
          secondaryText={(r) =>
            [
              `${date(r.issuedAt)} · ${r.orderNumber} · ${r.recipientName}`,
              r.paymentState
                ? `${translate(`app.invoices.paymentState.${r.paymentState}`)} · ${translate('app.invoices.paidAndOutstanding', {
                    paid: money(r.paid, r.paymentCurrency),
                    outstanding: money(r.outstanding, r.paymentCurrency),
                  })}`
                : '',
            ]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={(r) => (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
              {formatMoney(r.total, r.currency)}
              {/* The name starts with what it shows, then says whose file it is. */}
              <Button size="small" component="a" href={r.pdfUrl} download aria-label={`PDF ${r.number}`} sx={{ minWidth: 0 }}>
                PDF
              </Button>
            </Box>
          )}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="number" />
          <DateField source="issuedAt" locales="bg-BG" />
          <FunctionField<InvoiceRecord> source="kind" render={kindOf} />
          <FunctionField<InvoiceRecord>
            source="orderNumber"
            render={(r) => (r.orderId ? <Link to={`/admin/orders/${r.orderId}`}>{r.orderNumber}</Link> : r.orderNumber)}
          />
          <TextField source="recipientName" />
          <FunctionField<InvoiceRecord> source="total" textAlign="right" render={(r) => formatMoney(r.total, r.currency)} />
          <FunctionField<InvoiceRecord>
            source="paymentState"
            sortable={false}
            render={(r) => <PaymentStateChip state={r.paymentState} />}
          />
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
      )}
    </List>
  );
}
