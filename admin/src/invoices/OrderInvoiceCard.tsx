// The order page's invoice card: the buyer's request, the order's documents (invoices and credit
// notes, each invoice with how much of it is paid) with their balance, "Издай фактура" (after a
// confirmation: an issued invoice never changes; again as a corrected invoice once the last one is
// fully credited), the full credit note for an order cancelled, returned or withdrawn, and a
// partial one (lines and quantities) for an order that stays active.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { queryKeys } from '../queryKeys';
import { date } from '../common/fields';
import { formatMoney } from '@domain/money';
import type { CreditNoteBody, OrderDocuments } from './api';
import { InvoicePayment } from './PaymentStateChip';

type Documents = OrderDocuments['documents'];

/** What is still creditable of each goods line of an invoice, after its credit notes. */
function creditableLines(documents: Documents, invoice: Documents[number]) {
  const notes = documents.filter((d) => d.kind === 'credit_note' && d.invoiceNumber === invoice.number);
  const credited = (orderItemId: number | null | undefined, kind: string | undefined) =>
    notes
      .flatMap((n) => n.lines)
      .filter((l) => l.kind === kind && (l.orderItemId ?? null) === (orderItemId ?? null))
      .reduce((s, l) => s + l.quantity, 0);
  return {
    goods: invoice.lines
      .filter((l) => l.kind === 'goods' && l.orderItemId)
      .map((l) => ({ orderItemId: l.orderItemId!, name: l.name, left: l.quantity - credited(l.orderItemId, 'goods') }))
      .filter((l) => l.left > 0),
    shippingLeft: invoice.lines.some((l) => l.kind === 'shipping') && credited(null, 'shipping') === 0,
  };
}

function PartialCreditNote({ documents, invoice, onDone }: { documents: Documents; invoice: Documents[number]; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.invoices.${k}`, o);
  const { goods, shippingLeft } = creditableLines(documents, invoice);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [shipping, setShipping] = useState(false);
  const [reason, setReason] = useState('');
  const dataProvider = useDataProvider<ShopDataProvider>();
  const credit = useMutation({
    mutationFn: (body: CreditNoteBody) => dataProvider.partialCreditNote(invoice.id, body),
    onSuccess: (r) => {
      notify(r.message, { type: 'success' });
      setQuantities({});
      setShipping(false);
      setReason('');
      onDone();
    },
    onError: (e) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' }),
  });
  const busy = credit.isPending;
  if (!goods.length && !shippingLeft) return null;

  const submit = () => {
    const lines = goods
      .map((g) => ({ orderItemId: g.orderItemId, quantity: Number(quantities[g.orderItemId] || 0) }))
      .filter((l) => l.quantity > 0);
    credit.mutate({ lines, shipping, ...(reason.trim() ? { reason: reason.trim() } : {}) });
  };

  return (
    <Box
      component="form"
      aria-labelledby="partial-credit-title"
      sx={{ mt: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Typography id="partial-credit-title" variant="subtitle2">
        {t('partialCreditNote')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('partialCreditNoteHelp')}
      </Typography>
      <Stack spacing={1}>
        {goods.map((g) => (
          <TextField
            key={g.orderItemId}
            type="number"
            size="small"
            label={t('creditQuantity', { name: g.name })}
            value={quantities[g.orderItemId] ?? ''}
            onChange={(e) => setQuantities((q) => ({ ...q, [g.orderItemId]: e.target.value }))}
            inputProps={{ min: 0, max: g.left, step: 1 }}
            helperText={`0 – ${g.left}`}
          />
        ))}
        {shippingLeft && (
          <FormControlLabel
            control={<Checkbox checked={shipping} onChange={(e) => setShipping(e.target.checked)} />}
            label={t('creditShipping')}
          />
        )}
        <TextField
          size="small"
          label={t('creditReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          inputProps={{ maxLength: 200 }}
        />
        <Box>
          <Button type="submit" variant="outlined" color="warning" disabled={busy}>
            {t('creditSubmit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export function OrderInvoiceCard() {
  const record = useRecordContext<RaRecord & { status?: string; withdrawnAt?: string | null }>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'invoice' | 'creditNote' | null>(null);
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.invoices.${k}`, o);
  const id = record?.id;
  const { data: docs } = useQuery({
    queryKey: queryKeys.orderDocuments(id ?? ''),
    queryFn: () => dataProvider.orderDocuments(id!),
    enabled: id !== undefined,
    retry: false,
  });
  // A new invoice or credit note changes the order's documents: they are asked for again.
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.orderDocuments(id ?? '') });
  const issue = useMutation({
    mutationFn: ({ kind, targetId }: { kind: 'invoice' | 'creditNote'; targetId: number | string }): Promise<{ message: string }> =>
      kind === 'invoice' ? dataProvider.issueInvoice(targetId) : dataProvider.creditNote(Number(targetId)),
    onSuccess: (r) => {
      notify(r.message, { type: 'success' });
      reload();
    },
    onError: (e) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' }),
    onSettled: () => setAsking(null),
  });
  const busy = issue.isPending;
  if (!record || !docs) return null;

  const { request, invoice, balance } = docs;
  const documents = docs.documents ?? [];
  const latest = invoice ? documents.find((d) => d.id === invoice.id) : undefined;
  const invoiceOpen = Boolean(invoice) && (balance?.open ?? 0) > 0;
  const fullyCredited = Boolean(invoice) && !invoiceOpen;
  const undone = record.status === 'cancelled' || record.status === 'returned' || Boolean(record.withdrawnAt);
  const money = (amount: number, currency: string | null) => formatMoney(amount, currency ?? undefined);

  const run = () => issue.mutate({ kind: asking ?? 'invoice', targetId: asking === 'creditNote' ? invoice!.id : record.id });

  return (
    <Card variant="outlined" data-testid="order-invoice">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('title')}
        </Typography>
        {request ? (
          <Box sx={{ mb: 1 }}>
            <Typography variant="body2" fontWeight={600}>
              {t('requested')}
            </Typography>
            <Typography variant="body2">{request.companyName}</Typography>
            <Typography variant="body2">
              {t('fields.eik')}: {request.eik}
              {request.vatNumber ? ` · ${t('fields.vatNumber')}: ${request.vatNumber}` : ''}
            </Typography>
            <Typography variant="body2">
              {t('fields.mol')}: {request.mol}
            </Typography>
            <Typography variant="body2">{request.address}</Typography>
          </Box>
        ) : (
          !invoice && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('notRequested')}
            </Typography>
          )
        )}
        {documents.length > 0 && (
          <Box sx={{ mb: 1 }}>
            <Typography variant="subtitle2" component="h3">
              {t('documents')}
            </Typography>
            <List dense disablePadding>
              {documents.map((d) => (
                <ListItem key={d.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <Box sx={{ flex: '1 1 14em' }}>
                    <Typography variant="body2">
                      {t(d.kind === 'invoice' ? 'number' : 'creditNoteNumber', { number: d.number, date: date(d.issuedAt) })} ·{' '}
                      {money(d.kind === 'invoice' ? d.total : -d.total, d.currency)}
                    </Typography>
                    <InvoicePayment record={d} />
                  </Box>
                  <Button
                    size="small"
                    component="a"
                    href={d.pdfUrl}
                    download
                    aria-label={`${t(d.kind === 'invoice' ? 'download' : 'downloadCreditNote')} ${d.number}`}
                  >
                    PDF
                  </Button>
                </ListItem>
              ))}
            </List>
            {balance && (
              <Typography variant="body2" fontWeight={600}>
                {t('balance', {
                  invoiced: money(balance.invoiced, balance.currency),
                  credited: money(balance.credited, balance.currency),
                  open: money(balance.open, balance.currency),
                })}
              </Typography>
            )}
          </Box>
        )}
        {invoiceOpen && undone && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t('creditNoteOffered')}
          </Alert>
        )}
        {fullyCredited && !undone && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('correctedInvoice')}
          </Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {(!invoice || (fullyCredited && !undone)) && (
            <Button variant="contained" disabled={busy} onClick={() => setAsking('invoice')}>
              {t('issue')}
            </Button>
          )}
          {invoiceOpen && undone && (
            <Button variant="contained" color="warning" disabled={busy} onClick={() => setAsking('creditNote')}>
              {t('creditNote')}
            </Button>
          )}
        </Stack>
        {invoiceOpen && !undone && latest && <PartialCreditNote documents={documents} invoice={latest} onDone={reload} />}
      </CardContent>
      <Confirm
        isOpen={asking !== null}
        loading={busy}
        title={asking === 'creditNote' ? t('confirmCreditNote') : t('confirmIssue')}
        content={asking === 'creditNote' ? t('confirmCreditNoteText', { number: invoice?.number ?? '' }) : t('confirmIssueText')}
        onConfirm={run}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}
