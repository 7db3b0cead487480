// One bank statement: its lines (each incoming credit) with what the shop matched them to. Staff
// tick the suggested lines (all ticked at first) and confirm them as payments after a dialog that
// names how many and how much; what was recorded and skipped is read out, and the page reloads.
// A suggested or unmatched line's payer and invoices can be changed by hand („Промени“). Lines
// already imported or recorded cannot be chosen; a recorded one links to its payment.
import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  type ChipProps,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Show, type ShowProps, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { BANK_STATEMENT_TEXT } from '@domain/bankStatements';
import { formatBgDate } from '@domain/dateInput';
import { fromMinor, toMinor } from '@domain/money';
import { dateTime, money, useIsSmall } from '../common/fields';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { Entry, ScrollBox } from '../payments/parts';
import type { BankLine, BankLineStatus, BankStatement } from './api';
import { formatLabel } from './BankStatementList';
import { PAYMENT_CURRENCY } from '@domain/paymentAllocation';
import { LineChangeDialog } from './LineChangeDialog';

const STATUS_COLORS: Record<BankLineStatus, ChipProps['color']> = {
  suggested: 'info',
  unmatched: 'warning',
  already_imported: 'default',
  recorded: 'success',
};

export function LineStatusChip({ status }: { status: BankLineStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`app.bankStatements.status.${status}`)} />;
}

/** The sum of lines' amounts, in cents. */
const totalOf = (lines: BankLine[]) => fromMinor(lines.reduce((s, l) => s + toMinor(l.amount), 0)) ?? 0;

function StatementTitle() {
  const record = useRecordContext<BankStatement>();
  const translate = useTranslate();
  return <span>{record ? translate('app.bankStatements.title', { name: record.fileName || `№ ${record.id}` }) : ''}</span>;
}

function Summary({ record }: { record: BankStatement }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.bank-statements.fields.${name}`);
  const counts: Array<[BankLineStatus, number]> = [
    ['suggested', record.counts.suggested],
    ['unmatched', record.counts.unmatched],
    ['already_imported', record.counts.alreadyImported],
    ['recorded', record.counts.recorded],
  ];
  return (
    <Stack spacing={2}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Entry label={field('accountIban')}>{record.accountIban || '—'}</Entry>
        <Entry label={field('format')}>{formatLabel(record.format)}</Entry>
        <Entry label={field('statementRef')}>{record.statementRef || '—'}</Entry>
        <Entry label={field('createdAt')}>
          {dateTime(record.createdAt)}
          {record.createdBy ? ` · ${record.createdBy}` : ''}
        </Entry>
      </Box>
      <Box component="section" aria-labelledby="statement-counts-title">
        <Typography id="statement-counts-title" variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {translate('app.bankStatements.counts')}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ flexWrap: 'wrap', rowGap: 1 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {counts.map(([status, n]) => (
            <li key={status}>
              <Chip
                size="small"
                variant="outlined"
                color={STATUS_COLORS[status]}
                label={`${translate(`app.bankStatements.status.${status}`)}: ${n}`}
              />
            </li>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}

/** Who the line was matched to and which invoices; a recorded line's payment. */
function Match({ line }: { line: BankLine }) {
  const translate = useTranslate();
  const payer = line.companyName ?? line.customerEmail;
  return (
    <>
      {payer ? (
        line.companyId ? (
          <Link component={RouterLink} to={`/admin/companies/${line.companyId}`}>
            {payer}
          </Link>
        ) : (
          <span>{payer}</span>
        )
      ) : (
        <Typography component="span" color="text.secondary" variant="body2">
          {translate('app.bankStatements.noMatch')}
        </Typography>
      )}
      {payer && (
        <Typography variant="body2" component="div" color="text.secondary">
          {line.invoices.length
            ? line.invoices.map((i) => i.number ?? `№ ${i.id}`).join(', ')
            : line.status === 'suggested'
              ? translate('app.bankStatements.allCredit')
              : null}
        </Typography>
      )}
      {line.paymentId && (
        <Link component={RouterLink} to={`/admin/payments/${line.paymentId}/show`} sx={{ display: 'block' }}>
          {translate('app.bankStatements.payment', { id: line.paymentId })}
        </Link>
      )}
    </>
  );
}

function Lines({ record }: { record: BankStatement }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const isSmall = useIsSmall();
  const dataProvider = useDataProvider<ShopDataProvider>();
  // Every suggested line is chosen unless staff untick it.
  const [unticked, setUnticked] = useState<Set<number>>(new Set());
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState('');
  const [changing, setChanging] = useState<BankLine | null>(null);
  const suggested = useMemo(() => record.lines.filter((l) => l.status === 'suggested'), [record.lines]);
  const chosen = suggested.filter((l) => !unticked.has(l.id));
  const total = totalOf(chosen);
  const toggle = (id: number, on: boolean) =>
    setUnticked((prev) => {
      const next = new Set(prev);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  const amountOf = (l: BankLine) => money(l.amount, PAYMENT_CURRENCY);

  const confirm = async () => {
    setBusy(true);
    try {
      const done = await dataProvider.confirmBankLines(
        record.id,
        chosen.map((l) => l.id),
      );
      const recordedTotal = fromMinor(done.payments.reduce((s, p) => s + toMinor(Number(p.amount ?? 0)), 0)) ?? 0;
      setResult(
        translate('app.bankStatements.confirmed', {
          recorded: done.payments.length,
          total: money(recordedTotal, PAYMENT_CURRENCY),
          skipped: done.skipped.length,
        }),
      );
      setAsking(false);
      refresh();
    } catch (e) {
      notify(errorMessage(e, translate('app.bankStatements.failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const ask = () => {
    if (!chosen.length) {
      setResult(BANK_STATEMENT_TEXT.lineIdsRequired);
      return;
    }
    setResult('');
    setAsking(true);
  };

  const allTicked = suggested.length > 0 && chosen.length === suggested.length;
  const isTicked = (line: BankLine) => line.status === 'suggested' && !unticked.has(line.id);
  const selectAll = (
    <Checkbox
      checked={allTicked}
      indeterminate={chosen.length > 0 && !allTicked}
      disabled={!suggested.length}
      onChange={(e) => setUnticked(e.target.checked ? new Set() : new Set(suggested.map((l) => l.id)))}
      slotProps={{ input: { 'aria-label': translate('app.bankStatements.selectAll') } }}
    />
  );
  // Only a suggested line can be confirmed.
  const tickOf = (line: BankLine) =>
    line.status === 'suggested' ? (
      <Checkbox
        checked={!unticked.has(line.id)}
        onChange={(e) => toggle(line.id, e.target.checked)}
        slotProps={{
          input: { 'aria-label': translate('app.bankStatements.select', { date: formatBgDate(line.date), amount: amountOf(line) }) },
        }}
      />
    ) : null;
  // What the bank booked, when it is not the shop's currency (a euro credit to a shop in leva).
  const booked = (line: BankLine) =>
    line.bookedCurrency && toMinor(line.bookedAmount) !== toMinor(line.amount) ? (
      <Typography variant="caption" component="div" color="text.secondary">
        {translate('app.bankStatements.booked', { amount: money(line.bookedAmount, line.bookedCurrency) })}
      </Typography>
    ) : null;
  const changeOf = (line: BankLine) =>
    line.status === 'suggested' || line.status === 'unmatched' ? (
      <Button
        size="small"
        onClick={() => setChanging(line)}
        aria-label={translate('app.bankStatements.changeOf', { date: formatBgDate(line.date), amount: amountOf(line) })}
      >
        {translate('app.bankStatements.change')}
      </Button>
    ) : null;
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography id="statement-lines-title" variant="h6" component="h2">
          {translate('app.bankStatements.lines')}
        </Typography>
        <Button variant="contained" onClick={ask} disabled={busy} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          {translate('app.bankStatements.confirm')} ({chosen.length})
        </Button>
      </Stack>
      {/* What the confirmation did, read out when it is done (the region is there from the start). */}
      <Box role="status" aria-live="polite" sx={{ mb: result ? 1 : 0 }}>
        {result && <Typography sx={{ fontWeight: 600 }}>{result}</Typography>}
      </Box>
      {!record.lines.length ? (
        <Typography color="text.secondary">{translate('app.bankStatements.noLines')}</Typography>
      ) : isSmall ? (
        // On a phone each line is a block of its own, its figures one under another.
        <>
          {suggested.length > 0 && (
            <FormControlLabel control={selectAll} label={translate('app.bankStatements.selectAll')} sx={{ mb: 1 }} />
          )}
          <Box component="ul" aria-label={translate('app.bankStatements.lines')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {record.lines.map((line) => (
              <Box
                component="li"
                key={line.id}
                data-testid="bank-line"
                sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: isTicked(line) ? 'action.selected' : undefined }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  {tickOf(line)}
                  <Typography sx={{ fontWeight: 600 }}>
                    {formatBgDate(line.date)} · {amountOf(line)}
                  </Typography>
                  <LineStatusChip status={line.status} />
                </Stack>
                {booked(line)}
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {line.payer || '—'}
                  {line.payerIban ? ` · ${line.payerIban}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {line.reference || '—'}
                </Typography>
                <Box sx={{ mt: 0.5 }}>
                  <Match line={line} />
                </Box>
                {changeOf(line)}
              </Box>
            ))}
          </Box>
        </>
      ) : (
        <ScrollBox label={translate('app.bankStatements.lines')}>
          <Table size="small" sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">{selectAll}</TableCell>
                <TableCell>{translate('app.bankStatements.date')}</TableCell>
                <TableCell align="right">{translate('app.bankStatements.amount')}</TableCell>
                <TableCell>{translate('app.bankStatements.payer')}</TableCell>
                <TableCell>{translate('app.bankStatements.reference')}</TableCell>
                <TableCell>{translate('app.bankStatements.state')}</TableCell>
                <TableCell>{translate('app.bankStatements.match')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('ra.action.edit')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {record.lines.map((line) => (
                <TableRow key={line.id} data-testid="bank-line" selected={isTicked(line)}>
                  <TableCell padding="checkbox">{tickOf(line)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBgDate(line.date)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {amountOf(line)}
                    {booked(line)}
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }}>
                    {line.payer || '—'}
                    {line.payerIban && (
                      <Typography variant="caption" component="div" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {line.payerIban}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ minWidth: 180, maxWidth: 320, overflowWrap: 'anywhere' }}>{line.reference || '—'}</TableCell>
                  <TableCell>
                    <LineStatusChip status={line.status} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }}>
                    <Match line={line} />
                  </TableCell>
                  <TableCell>{changeOf(line)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollBox>
      )}
      <Dialog
        open={asking}
        onClose={() => !busy && setAsking(false)}
        aria-labelledby="confirm-lines-title"
        aria-describedby="confirm-lines-text"
      >
        <DialogTitle id="confirm-lines-title">{translate('app.bankStatements.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="confirm-lines-text">
            {translate('app.bankStatements.confirmContent', { smart_count: chosen.length, total: money(total, PAYMENT_CURRENCY) })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={busy} autoFocus>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      {changing && (
        <LineChangeDialog
          statementId={record.id}
          line={changing}
          onClose={() => setChanging(null)}
          onSaved={() => {
            // A line matched by hand is meant to be confirmed: it is chosen again.
            toggle(changing.id, true);
            setChanging(null);
            refresh();
          }}
        />
      )}
    </Box>
  );
}

function StatementPage() {
  const record = useRecordContext<BankStatement>();
  if (!record) return null;
  return (
    <Stack spacing={3} sx={{ p: 2 }}>
      <Summary record={record} />
      <Lines record={record} />
    </Stack>
  );
}

// A wide table scrolls in its box: the card may be narrower than it.
export function BankStatementShow(props: Omit<ShowProps, 'children'>) {
  return (
    <Show title={<StatementTitle />} actions={false} sx={{ '& .RaShow-card': { minWidth: 0 } }} {...props}>
      <StatementPage />
    </Show>
  );
}
