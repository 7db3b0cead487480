// The order page's invoice card: the buyer's request, "Издай фактура" (after a confirmation: an
// issued invoice never changes), the download, and a credit note offered once the order is
// cancelled, returned or withdrawn.
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useNotify, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { errorMessage } from '../httpClient';
import { date } from '../common/fields';
import { invoicesApi, type OrderDocuments } from './api';

export function OrderInvoiceCard() {
  const record = useRecordContext<RaRecord & { status?: string; withdrawnAt?: string | null }>();
  const translate = useTranslate();
  const notify = useNotify();
  const [docs, setDocs] = useState<OrderDocuments | null>(null);
  const [asking, setAsking] = useState<'invoice' | 'creditNote' | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.invoices.${k}`, o);
  const id = record?.id;

  const load = useCallback(() => {
    if (id !== undefined) invoicesApi.ofOrder(id).then(setDocs, () => setDocs(null));
  }, [id]);
  useEffect(load, [load]);
  if (!record || !docs) return null;

  const run = async () => {
    setBusy(true);
    try {
      const r = asking === 'invoice' ? await invoicesApi.issue(record.id) : await invoicesApi.creditNote(docs.invoice!.id);
      notify(r.message, { type: 'success' });
      load();
    } catch (e) {
      notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const { request, invoice, creditNote } = docs;
  const undone = record.status === 'cancelled' || record.status === 'returned' || Boolean(record.withdrawnAt);

  return (
    <Card variant="outlined" data-testid="order-invoice">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>{t('title')}</Typography>
        {request ? (
          <Box sx={{ mb: 1 }}>
            <Typography variant="body2" fontWeight={600}>{t('requested')}</Typography>
            <Typography variant="body2">{request.companyName}</Typography>
            <Typography variant="body2">{t('fields.eik')}: {request.eik}{request.vatNumber ? ` · ${t('fields.vatNumber')}: ${request.vatNumber}` : ''}</Typography>
            <Typography variant="body2">{t('fields.mol')}: {request.mol}</Typography>
            <Typography variant="body2">{request.address}</Typography>
          </Box>
        ) : (
          !invoice && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('notRequested')}</Typography>
        )}
        {invoice && <Typography variant="body2" sx={{ mb: 1 }}>{t('number', { number: invoice.number, date: date(invoice.issuedAt) })}</Typography>}
        {creditNote && <Typography variant="body2" sx={{ mb: 1 }}>{t('creditNoteNumber', { number: creditNote.number, date: date(creditNote.issuedAt) })}</Typography>}
        {invoice && !creditNote && undone && <Alert severity="warning" sx={{ mb: 1 }}>{t('creditNoteOffered')}</Alert>}
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {!invoice && <Button variant="contained" disabled={busy} onClick={() => setAsking('invoice')}>{t('issue')}</Button>}
          {invoice && <Button variant="outlined" component="a" href={invoice.pdfUrl} download>{t('download')}</Button>}
          {invoice && !creditNote && (
            <Button variant={undone ? 'contained' : 'text'} color={undone ? 'warning' : 'inherit'} disabled={busy} onClick={() => setAsking('creditNote')}>{t('creditNote')}</Button>
          )}
          {creditNote && <Button variant="outlined" component="a" href={creditNote.pdfUrl} download>{t('downloadCreditNote')}</Button>}
        </Stack>
      </CardContent>
      <Confirm
        isOpen={asking !== null}
        loading={busy}
        title={asking === 'creditNote' ? t('confirmCreditNote') : t('confirmIssue')}
        content={asking === 'creditNote' ? t('confirmCreditNoteText', { number: invoice?.number ?? '' }) : t('confirmIssueText')}
        onConfirm={() => void run()}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}
