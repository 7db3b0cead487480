// „Промени“ on a statement's line: staff name the payer (a company or a customer's e-mail) and
// tick which of that payer's open invoices the money pays, in the order they are due (loaded for
// the line's amount, the suggestion ticked when the payer changes); no invoice ticked: all of it
// becomes the payer's credit. Saved to the line, which is then offered for confirmation.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { CheckboxGroupInput, Form, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { formatBgDate } from '@domain/dateInput';
import { money } from '../common/fields';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { queryKeys } from '../queryKeys';
import { useRested } from '../common/useRested';
import { OPEN_INVOICES_DEBOUNCE_MS, type OpenInvoices } from '../payments/api';
import { FocusServerError } from '../payments/FocusServerError';
import { PayerInputs, payerBody, payerKey, payerOf, type PayerKind } from '../payments/PayerInputs';
import { PAYMENT_CURRENCY } from '@domain/paymentAllocation';
import type { BankLine } from './api';

interface Values {
  payerKind: PayerKind;
  companyId: number | null;
  customerEmail: string | null;
  invoiceIds: number[];
}

/** The server's `invoiceIds.<i>` errors are the one checkbox group's. */
export function lineErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const name = /^invoiceIds\.\d+$/.test(field) ? 'invoiceIds' : field;
    out[name] ??= message;
  }
  return out;
}

/** The chosen payer's open invoices as checkboxes; a new payer gets the suggestion for the line's amount. */
function InvoiceChoices({ line, onLoaded }: { line: BankLine; onLoaded: (data: OpenInvoices | null, loading: boolean) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { setValue } = useFormContext<Values>();
  const [payerKind, companyId, customerEmail] = useWatch<Values>({ name: ['payerKind', 'companyId', 'customerEmail'] }) as [
    PayerKind,
    number | null,
    string | null,
  ];
  const payer = payerOf({ payerKind, companyId, customerEmail });
  const key = payerKey(payer);
  // The line's own payer keeps the line's invoices when first shown.
  const first = useRef(
    payerKey(line.companyId ? { companyId: line.companyId } : line.customerEmail ? { customerEmail: line.customerEmail } : null),
  );
  const applied = useRef<OpenInvoices | null>(null);
  // Asked once the payer has rested; another payer's invoices are not shown meanwhile.
  const rested = useRested(key, OPEN_INVOICES_DEBOUNCE_MS);
  const current = rested === key;
  const params = payer ? { ...payer, amount: line.amount, reference: line.reference } : null;
  const query = useQuery({
    queryKey: queryKeys.openInvoices(params ?? {}),
    queryFn: () => dataProvider.openInvoices(params!),
    enabled: Boolean(params) && current,
    retry: false,
  });
  const data: OpenInvoices | null = params && current ? (query.data ?? null) : null;
  const state: 'idle' | 'loading' | 'failed' = !params ? 'idle' : current && query.isError ? 'failed' : data ? 'idle' : 'loading';

  // A new payer's answer ticks its suggestion (the line's own payer keeps the line's ticks).
  useEffect(() => {
    if (!data || applied.current === data) return;
    applied.current = data;
    if (key !== first.current)
      setValue(
        'invoiceIds',
        data.suggestion.allocations.map((a) => a.invoiceId),
      );
    first.current = '';
    // The key stands for the payer the answer is for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  // The dialog saves only once the chosen payer's invoices are shown (told when that changes).
  const report = useRef(onLoaded);
  report.current = onLoaded;
  useEffect(() => report.current(data, state === 'loading'), [data, state]);

  return (
    <Box sx={{ mt: 1 }}>
      <Box role="status" aria-live="polite">
        {state === 'loading' && <Typography color="text.secondary">{translate('app.payments.loading')}</Typography>}
        {state === 'failed' && <Typography color="error">{translate('app.payments.loadFailed')}</Typography>}
        {data && !data.invoices.length && <Typography>{translate('app.bankStatements.noInvoices')}</Typography>}
      </Box>
      {data && data.invoices.length > 0 && (
        <CheckboxGroupInput
          source="invoiceIds"
          label="app.bankStatements.invoicesOfPayer"
          row={false}
          translateChoice={false}
          choices={data.invoices.map((i) => ({
            id: i.id,
            name: translate('app.bankStatements.invoiceChoice', {
              number: i.number,
              order: i.orderNumber ?? '—',
              outstanding: money(i.outstanding, PAYMENT_CURRENCY),
            }),
          }))}
        />
      )}
    </Box>
  );
}

function SaveLine({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={disabled || isSubmitting}>
      {translate('ra.action.save')}
    </Button>
  );
}

export function LineChangeDialog({
  statementId,
  line,
  onClose,
  onSaved,
}: {
  statementId: number | string;
  line: BankLine;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const loaded = useRef<OpenInvoices | null>(null);
  // Saved only once the chosen payer's invoices are shown (a payer not yet named is the form's own error).
  const [loading, setLoading] = useState(true);
  const content = useRef<HTMLDivElement>(null);

  const save = async (values: Record<string, any>) => {
    const v = values as Values;
    // In the order they are due (the list's order), whatever order they were ticked in.
    const ticked = new Set((v.invoiceIds ?? []).map(Number));
    const invoiceIds = (loaded.current?.invoices ?? []).filter((i) => ticked.has(i.id)).map((i) => i.id);
    try {
      await dataProvider.changeBankLine(statementId, line.id, { ...(payerBody(v) as { companyId: number }), invoiceIds });
      notify('app.bankStatements.changed', { type: 'success' });
      onSaved();
      return undefined;
    } catch (e) {
      notify(errorMessage(e, translate('app.bankStatements.failed')), { type: 'error' });
      const errors = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      return errors ? lineErrors(errors) : undefined;
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="line-change-title" maxWidth="sm" fullWidth>
      <DialogTitle id="line-change-title">{translate('app.bankStatements.changeTitle')}</DialogTitle>
      <Form
        record={{ id: line.id }}
        resource="bank-statements"
        onSubmit={save}
        defaultValues={{
          payerKind: !line.companyId && line.customerEmail ? 'customer' : 'company',
          companyId: line.companyId,
          customerEmail: line.customerEmail,
          invoiceIds: line.invoiceIds,
        }}
        noValidate
      >
        <DialogContent ref={content}>
          <FocusServerError within={() => content.current} />
          <Typography sx={{ fontWeight: 600 }}>
            {translate('app.bankStatements.changeLine', {
              date: formatBgDate(line.date),
              amount: money(line.amount, PAYMENT_CURRENCY),
              payer: line.payer || '—',
            })}
          </Typography>
          {line.reference && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {line.reference}
            </Typography>
          )}
          <PayerInputs />
          <InvoiceChoices
            line={line}
            onLoaded={(data, busy) => {
              loaded.current = data;
              setLoading(busy);
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveLine disabled={loading} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
