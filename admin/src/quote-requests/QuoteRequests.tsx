// „Оферти“: members' requests for a price on a large basket. Staff open one, enter a net price per
// line (the company's price-list price beside it for reference, line totals and the total live),
// may change quantities or add and remove lines, set the last valid day (today + 14 days by default)
// and send the quote; or decline it with a reason, asked in a dialog. The server's one write path
// (PUT /api/admin/quote-requests/:id) mails the member.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  AutocompleteInput,
  Datagrid,
  Edit,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
  useBasename,
  useTranslate,
  useDataProvider,
} from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Link as RouterLink } from 'react-router-dom';
import { QUOTE_STATUSES, defaultQuoteValidUntil, type QuoteStatus } from '@domain/quoteTexts';
import { parseMoneyInput, toMinor } from '@domain/money';
import { netDocumentTotals } from '@domain/pricing';
import { formatBgDate } from '@domain/dateInput';
import type { ApiQuoteRequest } from '@domain/api';
import { DateOnlyField, money, useIsSmall } from '../common/fields';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';

const STATUS_COLORS: Record<QuoteStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  requested: 'warning',
  answered: 'info',
  declined: 'default',
  ordered: 'success',
  expired: 'error',
};

export function QuoteStatusChip({ status }: { status?: QuoteStatus }) {
  const translate = useTranslate();
  if (!status) return null;
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`app.quoteRequests.status.${status}`)} />;
}

const statusChoices = (translate: (k: string) => string) =>
  QUOTE_STATUSES.map((s) => ({ id: s, name: translate(`app.quoteRequests.status.${s}`) }));

export function QuoteRequestList() {
  const isSmall = useIsSmall();
  const translate = useTranslate();
  const filters = [
    <SelectInput key="s" source="status" choices={statusChoices(translate)} alwaysOn />,
    <ReferenceInput key="c" source="companyId" reference="companies" alwaysOn>
      <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
  ];
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} exporter={false}>
      {isSmall ? (
        <SimpleList
          primaryText={(r: ApiQuoteRequest) => `${r.number} · ${r.companyName}`}
          secondaryText={(r: ApiQuoteRequest) =>
            `${translate(`app.quoteRequests.status.${r.status}`)} · ${translate('app.quoteRequests.lines', { count: r.lines.length })}`
          }
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="number" sortable={false} />
          <TextField source="companyName" sortable={false} />
          <FunctionField source="status" render={(r: ApiQuoteRequest) => <QuoteStatusChip status={r.status} />} />
          <FunctionField source="lines" sortable={false} render={(r: ApiQuoteRequest) => r.lines.length} />
          <FunctionField source="total" sortable={false} render={(r: ApiQuoteRequest) => money(r.total, r.currency)} />
          <FunctionField source="validUntil" render={(r: ApiQuoteRequest) => (r.validUntil ? formatBgDate(r.validUntil) : '—')} />
          <DateOnlyField source="createdAt" />
        </Datagrid>
      )}
    </List>
  );
}

interface LineDraft {
  key: string;
  variantId: string;
  productName: string;
  variantName: string;
  sku: string;
  quantity: string;
  netPrice: string;
  listPrice: number | null;
}

const priceText = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toFixed(2).replace('.', ','));

function draftOf(r: ApiQuoteRequest): LineDraft[] {
  return r.lines.map((l) => ({
    key: `v${l.variantId}`,
    variantId: String(l.variantId),
    productName: l.productName,
    variantName: l.variantName,
    sku: l.sku,
    quantity: String(l.quantity),
    netPrice: priceText(l.netPrice),
    listPrice: l.listPrice ?? null,
  }));
}

/** The draft's amounts as the server will count them (domain/pricing): null while a price is unreadable. */
function draftTotals(lines: LineDraft[]) {
  const read = lines.map((l) => ({ unit: parseMoneyInput(l.netPrice), quantity: Number(l.quantity) }));
  const lineNet = read.map((r) =>
    r.unit === null || !Number.isInteger(r.quantity) || r.quantity < 1 ? null : toMinor(r.unit) * r.quantity,
  );
  if (!lines.length || lineNet.some((n) => n === null)) return { lineNet, doc: null };
  const doc = netDocumentTotals(
    read.map((r) => ({ unitNet: toMinor(r.unit!), quantity: r.quantity })),
    0,
  );
  return { lineNet, doc };
}

const lineName = (l: LineDraft) => (l.productName ? `${l.productName}${l.variantName ? ` (${l.variantName})` : ''}` : l.variantId);

/** The answer form: lines with prices, the validity date, „Изпрати офертата“ and „Откажи“. */
export function QuoteAnswer() {
  const record = useRecordContext<ApiQuoteRequest>();
  const translate = useTranslate();
  const basename = useBasename();
  const isSmall = useIsSmall();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [validUntil, setValidUntil] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const added = useRef(0);

  useEffect(() => {
    if (!record) return;
    setLines(draftOf(record));
    setValidUntil(record.validUntil ?? defaultQuoteValidUntil());
    setErrors({});
  }, [record?.id, record?.version]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!record) return null;
  const open = record.status === 'requested' || record.status === 'answered' || record.status === 'expired';
  const { lineNet, doc } = draftTotals(lines);
  const currency = record.currency;
  const set = (i: number, patch: Partial<LineDraft>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    // The first field in error takes the focus, so a keyboard user lands where to fix it.
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
    });
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    setBusy(true);
    try {
      await dataProvider.answerQuoteRequest(record.id, {
        lines: lines.map((l) => ({ variantId: Number(l.variantId), quantity: Number(l.quantity), netPrice: l.netPrice.trim() || null })),
        validUntil,
        version: record.version,
      });
      setErrors({});
      notify('app.quoteRequests.answered', { type: 'success' });
      refresh();
    } catch (err) {
      const found = (err as { body?: { errors?: Record<string, string> } }).body?.errors ?? {};
      setProblem(errorMessage(err, translate('app.quoteRequests.failed')));
      showErrors(found);
    } finally {
      setBusy(false);
    }
  };

  const decline = async () => {
    setReasonTouched(true);
    if (!reason.trim()) return;
    try {
      await dataProvider.answerQuoteRequest(record.id, { status: 'declined', reason: reason.trim(), version: record.version });
      setDeclining(false);
      notify('app.quoteRequests.declined', { type: 'success' });
      refresh();
    } catch (err) {
      notify(errorMessage(err, translate('app.quoteRequests.failed')), { type: 'error' });
    }
  };

  const err = (key: string) => errors[key];
  // A line's parts, shared by the table (wide screens) and the blocks (phones). The visible labels
  // are short; each field's accessible name says which line it is.
  const nameCell = (l: LineDraft, i: number) =>
    l.productName ? (
      <>
        <div>{lineName(l)}</div>
        <Typography variant="caption" color="text.secondary">
          {l.sku}
        </Typography>
      </>
    ) : (
      <MuiTextField
        size="small"
        label={translate('app.quoteRequests.variantId')}
        value={l.variantId}
        inputMode="numeric"
        onChange={(e) => set(i, { variantId: e.target.value })}
        error={Boolean(err(`lines.${i}.variantId`))}
        helperText={err(`lines.${i}.variantId`) ?? ' '}
        slotProps={{ htmlInput: { 'aria-invalid': Boolean(err(`lines.${i}.variantId`)) } }}
      />
    );
  const quantityField = (l: LineDraft, i: number) => (
    <MuiTextField
      size="small"
      sx={{ width: 110 }}
      label={translate('app.quoteRequests.quantity')}
      value={l.quantity}
      disabled={!open}
      inputMode="numeric"
      onChange={(e) => set(i, { quantity: e.target.value })}
      error={Boolean(err(`lines.${i}.quantity`))}
      helperText={err(`lines.${i}.quantity`) ?? ' '}
      slotProps={{
        htmlInput: {
          'aria-label': translate('app.quoteRequests.quantityOf', { name: lineName(l) }),
          'aria-invalid': Boolean(err(`lines.${i}.quantity`)),
        },
      }}
    />
  );
  const priceField = (l: LineDraft, i: number) => (
    <MuiTextField
      size="small"
      sx={{ width: 150 }}
      label={translate('app.quoteRequests.netPrice')}
      value={l.netPrice}
      disabled={!open}
      inputMode="decimal"
      onChange={(e) => set(i, { netPrice: e.target.value })}
      error={Boolean(err(`lines.${i}.netPrice`))}
      helperText={err(`lines.${i}.netPrice`) ?? ' '}
      slotProps={{
        htmlInput: {
          'aria-label': translate('app.quoteRequests.netPriceOf', { name: lineName(l) }),
          'aria-invalid': Boolean(err(`lines.${i}.netPrice`)),
        },
      }}
    />
  );
  const removeButton = (i: number) =>
    open ? (
      <IconButton
        aria-label={translate('app.quoteRequests.removeLine', { n: i + 1 })}
        onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
      >
        <DeleteIcon />
      </IconButton>
    ) : null;
  return (
    <Card sx={{ mt: 1 }}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h5" component="h2">
            {translate('app.quoteRequests.title', { number: record.number, company: record.companyName })}
          </Typography>
          <QuoteStatusChip status={record.status} />
        </Box>
        <Typography color="text.secondary">
          {record.requestedBy.name} · {record.requestedBy.email}
        </Typography>
        {record.note && (
          <Box component="section" aria-labelledby="quote-note" sx={{ my: 2 }}>
            <Typography id="quote-note" variant="subtitle2" component="h3">
              {translate('app.quoteRequests.note')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{record.note}</Typography>
          </Box>
        )}
        {record.status === 'declined' && record.reason && (
          <Alert severity="info" sx={{ my: 2 }}>
            {translate('app.quoteRequests.declinedReason')}: {record.reason}
          </Alert>
        )}
        {record.orderId && (
          <Typography sx={{ my: 2 }}>
            {translate('app.quoteRequests.order')}:{' '}
            <RouterLink to={`${basename}/orders/${record.orderId}`}>{record.orderNumber ?? `№ ${record.orderId}`}</RouterLink>
          </Typography>
        )}
        <Box component="form" ref={formRef} onSubmit={send} noValidate aria-labelledby="quote-lines">
          <Typography id="quote-lines" variant="h6" component="h3" sx={{ mt: 2 }}>
            {translate('app.quoteRequests.linesTitle')}
          </Typography>
          {isSmall ? (
            // A phone: each line a block of its own (a table of five columns does not fit 320 px).
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {lines.map((l, i) => (
                <Box component="li" key={l.key} sx={{ borderBottom: 1, borderColor: 'divider', py: 1.5 }}>
                  {nameCell(l, i)}
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
                    {quantityField(l, i)}
                    {priceField(l, i)}
                  </Box>
                  <Typography variant="body2">
                    {translate('app.quoteRequests.listPrice')}: {money(l.listPrice, currency)}
                  </Typography>
                  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                    <Typography variant="body2" data-testid={`line-total-${i}`}>
                      {translate('app.quoteRequests.lineTotal')}: {lineNet[i] === null ? '—' : money(lineNet[i]! / 100, currency)}
                    </Typography>
                    {removeButton(i)}
                  </Box>
                </Box>
              ))}
            </Box>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('app.quoteRequests.product')}</TableCell>
                    <TableCell>{translate('app.quoteRequests.quantity')}</TableCell>
                    <TableCell align="right">{translate('app.quoteRequests.listPrice')}</TableCell>
                    <TableCell>{translate('app.quoteRequests.netPrice')}</TableCell>
                    <TableCell align="right">{translate('app.quoteRequests.lineTotal')}</TableCell>
                    {open && <TableCell />}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {lines.map((l, i) => (
                    <TableRow key={l.key}>
                      <TableCell>{nameCell(l, i)}</TableCell>
                      <TableCell>{quantityField(l, i)}</TableCell>
                      <TableCell align="right">{money(l.listPrice, currency)}</TableCell>
                      <TableCell>{priceField(l, i)}</TableCell>
                      <TableCell align="right" data-testid={`line-total-${i}`}>
                        {lineNet[i] === null ? '—' : money(lineNet[i]! / 100, currency)}
                      </TableCell>
                      {open && <TableCell>{removeButton(i)}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {open && (
            <Button
              sx={{ mt: 1 }}
              onClick={() => {
                added.current += 1;
                setLines((ls) => [
                  ...ls,
                  {
                    key: `new${added.current}`,
                    variantId: '',
                    productName: '',
                    variantName: '',
                    sku: '',
                    quantity: '1',
                    netPrice: '',
                    listPrice: null,
                  },
                ]);
              }}
            >
              {translate('app.quoteRequests.addLine')}
            </Button>
          )}
          {err('lines') && (
            <Typography color="error" role="alert">
              {err('lines')}
            </Typography>
          )}
          <Box
            data-testid="quote-totals"
            aria-live="polite"
            sx={{ my: 2, display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.5, maxWidth: 360 }}
          >
            <span>{translate('app.quoteRequests.subtotalNet')}</span>
            <strong>{doc ? money(doc.subtotalNet / 100, currency) : '—'}</strong>
            <span>{translate('app.quoteRequests.vat')}</span>
            <strong>{doc ? money(doc.vatTotal / 100, currency) : '—'}</strong>
            <span>{translate('app.quoteRequests.total')}</span>
            <strong>{doc ? money(doc.subtotalGross / 100, currency) : '—'}</strong>
          </Box>
          <MuiTextField
            type="date"
            sx={{ width: '100%', maxWidth: 280 }}
            label={translate('app.quoteRequests.validUntil')}
            value={validUntil}
            disabled={!open}
            onChange={(e) => setValidUntil(e.target.value)}
            error={Boolean(err('validUntil'))}
            helperText={err('validUntil') ?? translate('app.quoteRequests.validUntilHelp')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-invalid': Boolean(err('validUntil')) } }}
          />
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
          {open && (
            <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate('app.quoteRequests.sendQuote')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDeclining(true)}>
                {translate('app.quoteRequests.decline')}
              </Button>
            </Box>
          )}
        </Box>
        <Dialog open={declining} onClose={() => setDeclining(false)} aria-labelledby="quote-decline-title">
          <DialogTitle id="quote-decline-title">{translate('app.quoteRequests.declineTitle')}</DialogTitle>
          <DialogContent>
            <MuiTextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              sx={{ mt: 1 }}
              required
              label={translate('app.quoteRequests.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => setReasonTouched(true)}
              error={reasonTouched && !reason.trim()}
              helperText={reasonTouched && !reason.trim() ? translate('app.quoteRequests.reasonRequired') : ' '}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeclining(false)}>{translate('ra.action.cancel')}</Button>
            <Button color="error" variant="contained" onClick={() => void decline()}>
              {translate('app.quoteRequests.decline')}
            </Button>
          </DialogActions>
        </Dialog>
      </CardContent>
    </Card>
  );
}

export function QuoteRequestEdit() {
  return (
    <Edit actions={false} component="div" mutationMode="pessimistic">
      <QuoteAnswer />
    </Edit>
  );
}
