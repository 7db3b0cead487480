// „Запиши плащане“: money received from a company or a customer, recorded by hand. Once the payer
// and the amount are given, the payer's open invoices are loaded with the server's suggestion
// (the invoices the reference names first, then the oldest due), each with an editable amount;
// what is not allocated stays the payer's credit. Only the rows with money are sent, and the
// server's refusals land on the fields (a row's on that row). Sent once per submission.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import {
  Create,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  minValue,
  required,
  useDataProvider,
  useNotify,
  useRedirect,
  useSaveContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { shopDay } from '@domain/dates';
import { toMinor } from '@domain/money';
import { ALLOCATION_TEXT, PAYMENT_CURRENCY } from '@domain/paymentAllocation';
import { RECEIVED_PAYMENT_METHODS } from '@domain/schemas/payments';
import { BgDateInput } from '../common/BgDateInput';
import { choicesOf, money } from '../common/fields';
import { MoneyInput } from '../common/MoneyInput';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { queryKeys } from '../queryKeys';
import { useRested } from '../common/useRested';
import { OPEN_INVOICES_DEBOUNCE_MS, type OpenInvoices, type PayerParams } from './api';
import { AllocationRows, AllocationTotals } from './AllocationRows';
import { allocatedTotal, chosenAllocations, errorsOnRows, rowsFor, sameAsAllocations, type AllocationRow } from './allocations';
import { FocusServerError } from './FocusServerError';
import { PayerInputs, payerBody, payerKey, payerOf } from './PayerInputs';

interface FormValues {
  payerKind: 'company' | 'customer';
  companyId?: number | null;
  customerEmail?: string | null;
  amount?: number | string | null;
  date?: string;
  method?: string;
  reference?: string;
  allocations?: AllocationRow[];
}

const amountOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

/** The open invoices as loaded, and for which payer and amount. */
interface Preview {
  payer: string;
  amount: number;
  data: OpenInvoices;
}

/** The body sent: the chosen payer only, and the chosen rows when the table shown is for this payer and amount. */
export function recordingPayload(values: FormValues, preview: Preview | null) {
  const payer = payerOf(values);
  const amount = amountOf(values.amount);
  const current = preview && payer && preview.payer === payerKey(payer) && preview.amount === amount;
  // Without the table for this payer and amount, the server applies its own suggestion.
  const { allocations, rowOf } = current ? chosenAllocations(values.allocations) : { allocations: undefined, rowOf: [] };
  return {
    body: {
      ...payerBody(values),
      amount: values.amount,
      date: values.date,
      method: values.method,
      reference: values.reference ?? '',
      ...(allocations ? { allocations } : {}),
    },
    rowOf,
  };
}

/** Finishes the open invoices' load for what the form holds now, and answers the rows as they then are. */
type Settle = () => Promise<AllocationRow[] | undefined>;

/** The payer, the amount and the reference decide the open invoices; asked for once typing rests. */
function OpenInvoicesSection({
  preview,
  setPreview,
  settleRef,
}: {
  preview: Preview | null;
  setPreview: (p: Preview | null) => void;
  settleRef: { current: Settle | null };
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { getValues, setValue } = useFormContext<FormValues>();
  const [payerKind, companyId, customerEmail, amountValue, reference] = useWatch<FormValues>({
    name: ['payerKind', 'companyId', 'customerEmail', 'amount', 'reference'],
  }) as [FormValues['payerKind'], number | null, string | null, unknown, string];
  const payer = payerOf({ payerKind, companyId, customerEmail });
  const key = payerKey(payer);
  const amount = amountOf(amountValue);
  const queryClient = useQueryClient();
  const lastSuggestion = useRef<{ payer: string; allocations: OpenInvoices['suggestion']['allocations'] } | null>(null);
  // The answer last put into the rows: the same answer again (a cached one, a refetch) changes nothing.
  const applied = useRef<OpenInvoices | null>(null);

  // What decides the open invoices, as typed now and once typing has rested.
  const params = payer && amount !== null ? { ...payer, amount, reference: reference ?? '' } : null;
  const asking = params ? `${key}|${amount}|${params.reference}` : '';
  const rested = useRested(asking, OPEN_INVOICES_DEBOUNCE_MS);
  const current = rested === asking;
  const options = (p: PayerParams & { amount: number; reference?: string }) => ({
    queryKey: queryKeys.openInvoices(p),
    queryFn: () => dataProvider.openInvoices(p),
    retry: false,
  });
  const query = useQuery({ ...options(params ?? { companyId: 0, amount: 0 }), enabled: Boolean(params) && current });

  const apply = (data: OpenInvoices) => {
    if (applied.current === data || amount === null) return;
    applied.current = data;
    const rows = getValues('allocations');
    const last = lastSuggestion.current;
    // A new payer, or rows as the last suggestion left them: the new suggestion. Rows staff
    // changed themselves are kept (their invoices' amounts), and the suggestion stays a click away.
    const keep = !!last && last.payer === key && !sameAsAllocations(rows, last.allocations);
    const next = keep
      ? rowsFor(
          data.invoices,
          (rows ?? []).map((r) => ({ invoiceId: r.invoiceId, amount: typeof r.amount === 'number' ? r.amount : 0 })),
        )
      : rowsFor(data.invoices, data.suggestion.allocations);
    setValue('allocations', next, { shouldDirty: true });
    lastSuggestion.current = { payer: key, allocations: keep && last ? last.allocations : data.suggestion.allocations };
    setPreview({ payer: key, amount, data });
  };

  // A submission right after typing asks now (or joins the ask under way) instead of waiting for the rest.
  settleRef.current = async () => {
    if (params) {
      try {
        apply(await queryClient.fetchQuery({ ...options(params), staleTime: Infinity }));
      } catch {
        /* the failure is shown by the query; the server applies its own suggestion */
      }
    }
    return getValues('allocations');
  };

  // The answer for what is typed now goes into the rows (the asking is the query's).
  useEffect(() => {
    if (query.data && current && params) apply(query.data);
    // apply reads the form as it is when the answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data, current]);

  // No payer or no amount: no table and no rows.
  useEffect(() => {
    if (asking) return;
    setPreview(null);
    setValue('allocations', []);
    lastSuggestion.current = null;
    applied.current = null;
  }, [asking, setPreview, setValue]);

  const state: 'idle' | 'loading' | 'failed' = !params
    ? 'idle'
    : current && query.isError
      ? 'failed'
      : !current || query.isFetching || query.data !== applied.current
        ? 'loading'
        : 'idle';

  // While a new amount loads, the payer's table stays (its totals follow the amount typed).
  const shown = preview && preview.payer === key ? preview.data : null;
  const available = (amount ?? 0) + (shown?.credit ?? 0);
  return (
    <Box sx={{ width: '100%', mt: 2 }}>
      <Typography id="open-invoices-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.payments.openInvoices')}
      </Typography>
      {/* Loading and failures are read out from the same region as the results. */}
      <Box role="status" aria-live="polite">
        {!shown && state === 'idle' && <Typography color="text.secondary">{translate('app.payments.needPayerAndAmount')}</Typography>}
        {state === 'loading' && !shown && <Typography color="text.secondary">{translate('app.payments.loading')}</Typography>}
        {state === 'failed' && <Typography color="error">{translate('app.payments.loadFailed')}</Typography>}
        {shown && !shown.invoices.length && <Typography>{translate('app.payments.noOpenInvoices')}</Typography>}
      </Box>
      {shown &&
        (shown.invoices.length ? (
          <AllocationRows invoices={shown.invoices} suggestion={shown.suggestion.allocations} available={available} credit={shown.credit} />
        ) : (
          <AllocationTotals allocated={0} available={available} />
        ))}
    </Box>
  );
}

function PaymentForm() {
  const translate = useTranslate();
  const { save } = useSaveContext();
  const [preview, setPreviewState] = useState<Preview | null>(null);
  // Read by the submission and the validator as soon as it is set, before the next render.
  const previewRef = useRef<Preview | null>(null);
  const setPreview = useCallback((p: Preview | null) => {
    previewRef.current = p;
    setPreviewState(p);
  }, []);
  const formRef = useRef<HTMLDivElement>(null);

  // The rows may give no more than the payment and the payer's credit.
  const notOverAllocated: Validator = useCallback((value: unknown, values: FormValues) => {
    const p = previewRef.current;
    if (typeof value !== 'number' || !p || p.amount !== value) return undefined;
    const available = value + p.data.credit;
    return toMinor(allocatedTotal(values.allocations)) > toMinor(available)
      ? ALLOCATION_TEXT.moreThanPaid(money(available, PAYMENT_CURRENCY))
      : undefined;
  }, []);

  const settleRef = useRef<Settle | null>(null);
  const onSubmit = async (values: Record<string, any>) => {
    // A submission right after typing waits for the table of what was typed, so what is sent is what it shows.
    const rows = await settleRef.current?.();
    const { body, rowOf } = recordingPayload({ ...(values as FormValues), allocations: rows ?? values.allocations }, previewRef.current);
    const errors = (await save?.(body as any)) as Record<string, string> | undefined | void;
    if (errors && typeof errors === 'object') return errorsOnRows(errors as Record<string, string>, rowOf);
    return undefined;
  };

  return (
    <Box ref={formRef}>
      <SimpleForm
        onSubmit={onSubmit}
        warnWhenUnsavedChanges
        defaultValues={{ payerKind: 'company', method: 'bank_transfer', date: shopDay(new Date()), reference: '', allocations: [] }}
        sx={{ maxWidth: '64em' }}
      >
        <FocusServerError within={() => formRef.current} />
        <PayerInputs />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {translate('app.payments.money')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', alignItems: 'flex-start' }}>
          <MoneyInput
            currency={PAYMENT_CURRENCY}
            source="amount"
            validate={[required(), minValue(0.01), notOverAllocated]}
            fullWidth={false}
            sx={{ width: 200 }}
          />
          <BgDateInput source="date" validate={required()} fullWidth={false} />
          <SelectInput
            source="method"
            choices={choicesOf(RECEIVED_PAYMENT_METHODS, 'payments.method')}
            validate={required()}
            fullWidth={false}
            sx={{ minWidth: 200 }}
          />
        </Box>
        <TextInput source="reference" fullWidth validate={maxLength(140)} helperText="app.payments.referenceHelp" />
        <OpenInvoicesSection preview={preview} setPreview={setPreview} settleRef={settleRef} />
      </SimpleForm>
    </Box>
  );
}

export function PaymentCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return (
    <Create
      title="app.payments.recordTitle"
      // A wide table scrolls in its box: the card may be narrower than it.
      sx={{ '& .RaCreate-card': { minWidth: 0 } }}
      mutationOptions={{
        onSuccess: (data: any) => {
          notify(data?.message || 'app.payments.recorded', { type: 'success' });
          redirect('show', 'payments', data.id);
        },
        // A refusal's text (the first field's, when the server names fields) as a toast too.
        onError: (error: unknown) => notify(errorMessage(error, translate('app.payments.failed')), { type: 'error' }),
      }}
    >
      <PaymentForm />
    </Create>
  );
}
