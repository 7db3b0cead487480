// „Извлечение от сметка“ on a company's page: for a period (the year so far unless changed) the
// balance carried in, every invoice, credit note and payment with the running balance, the balance
// carried out with the period's turnover, and the invoices overdue today — the same statement the
// PDF and the CSV hold, which download for that period, and which staff mail to the company's
// contact after a confirmation naming the address. Amounts come in cents of one currency.
// The receivables' „Извлечение“ links here with #statement: the page then scrolls to it.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import SendIcon from '@mui/icons-material/Send';
import { visuallyHidden } from '@mui/utils';
import { HttpError, useDataProvider, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatMoney, fromMinor } from '@domain/money';
import { formatBgDate } from '@domain/dateInput';
import { defaultStatementPeriod, statementPeriodErrors, type StatementOfAccount, type StatementRow } from '@domain/statementOfAccount';
import { BgDateField, useBgDateState } from '../common/BgDateInput';
import { companyStatementFileUrl, type ShopDataProvider, type StatementPeriod } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { queryKeys } from '../queryKeys';
import { useIsSmall } from '../common/fields';
import { STATEMENT_ANCHOR } from './statementPath';

/** Typing a day key by key asks once it stands still, not for every complete day on the way. */
const LOAD_DELAY_MS = 300;

type PeriodErrors = Partial<Record<'from' | 'to', string>>;

interface CompanyRecord extends RaRecord {
  name?: string;
  contact?: { email?: string };
}

/** The server's per-field refusal of a period (400 with errors.from / errors.to), if that is what this is. */
function periodErrorsOf(error: unknown): PeriodErrors | null {
  const errors = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
  if (!errors || (!errors.from && !errors.to)) return null;
  return { from: errors.from, to: errors.to };
}

/** The period typed, once both days read and the statement's own rule accepts them; else the errors to show. */
function usePeriod() {
  const initial = useState(() => defaultStatementPeriod())[0];
  const from = useBgDateState(initial.from);
  const to = useBgDateState(initial.to);
  let errors: PeriodErrors = {};
  if (from.error || to.error) errors = { from: from.error, to: to.error };
  else errors = statementPeriodErrors(from.value, to.value);
  const period: StatementPeriod | null = errors.from || errors.to ? null : { from: from.value!, to: to.value! };
  return { from, to, errors, period };
}

/** The period as it stood still for a moment ("from/to", or "" while it is not a period). */
function useSettled(period: StatementPeriod | null): string {
  const key = period ? `${period.from}/${period.to}` : '';
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

const periodOfKey = (key: string): StatementPeriod => ({ from: key.slice(0, 10), to: key.slice(11) });

function Amount({ cents, currency, strong }: { cents: number; currency: string; strong?: boolean }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : undefined }}>
      {formatMoney(fromMinor(cents) ?? 0, currency)}
    </Box>
  );
}

/** A cell of money, right-aligned; an empty side of a row stays empty, as on paper. */
function MoneyCell({ cents, currency, strong, blankZero }: { cents: number; currency: string; strong?: boolean; blankZero?: boolean }) {
  return (
    <TableCell align="right">{blankZero && cents === 0 ? '' : <Amount cents={cents} currency={currency} strong={strong} />}</TableCell>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** "Извлечение от сметка за периода от … до … · Суми в EUR": what the rows below are. */
const captionOf = (statement: StatementOfAccount, t: T) =>
  `${t('title')} ${t('period', { from: formatBgDate(statement.from), to: formatBgDate(statement.to) })} · ${t('amountsIn', { currency: statement.currency })}`;

/** One label and amount of a row on a phone ("Дебит 23,42 лв."). */
function Figure({ label, cents, currency, strong }: { label: string; cents: number; currency: string; strong?: boolean }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : undefined }}>
      {label} <Amount cents={cents} currency={currency} strong={strong} />
    </Box>
  );
}

/**
 * On a phone the seven columns do not fit: each row is an item of a list, its figures labelled,
 * so nothing has to be scrolled sideways to be read.
 */
function StatementList({ statement }: { statement: StatementOfAccount }) {
  const translate = useTranslate();
  const t: T = (key, options) => translate(`app.statement.${key}`, options);
  const { currency } = statement;
  const line = { display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 } as const;
  const item = { py: 1, px: 1, borderBottom: 1, borderColor: 'divider' } as const;
  const summary = { ...item, bgcolor: 'action.hover', fontWeight: 700 } as const;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography id="statement-caption" variant="body2" color="text.secondary">
        {captionOf(statement, t)}
      </Typography>
      <Box component="ul" aria-labelledby="statement-caption" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        <Box component="li" sx={summary}>
          <Box sx={{ ...line, typography: 'body2', fontWeight: 700 }}>
            <span>
              {formatBgDate(statement.from)} · {t('opening')}
            </span>
            <Figure label={t('columns.balance')} cents={statement.openingBalance} currency={currency} strong />
          </Box>
        </Box>
        {statement.rows.length === 0 && (
          <Box component="li" sx={item}>
            <Typography variant="body2" color="text.secondary">
              {t('noRows')}
            </Typography>
          </Box>
        )}
        {statement.rows.map((row, n) => (
          <Box component="li" key={`${row.kind}-${row.number}-${n}`} sx={item}>
            <Typography variant="body2" fontWeight={700}>
              {t(`kinds.${row.kind}`, { _: row.document })} {row.number}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
              {[formatBgDate(row.date), row.dueAt ? `${t('columns.dueAt')} ${formatBgDate(row.dueAt)}` : '', row.note]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Box sx={{ ...line, typography: 'body2' }}>
              {row.kind === 'invoice' ? (
                <Figure label={t('columns.debit')} cents={row.debit} currency={currency} />
              ) : (
                <Figure label={t('columns.credit')} cents={row.credit} currency={currency} />
              )}
              <Figure label={t('columns.balance')} cents={row.balance} currency={currency} />
            </Box>
          </Box>
        ))}
        <Box component="li" sx={summary}>
          <Typography variant="body2" fontWeight={700}>
            {formatBgDate(statement.to)} · {t('closing')}
          </Typography>
          <Box sx={{ ...line, typography: 'body2' }}>
            <Figure label={t('columns.debit')} cents={statement.totals.debit} currency={currency} />
            <Figure label={t('columns.credit')} cents={statement.totals.credit} currency={currency} />
            <Figure label={t('columns.balance')} cents={statement.closingBalance} currency={currency} strong />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

function StatementTable({ statement }: { statement: StatementOfAccount }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.statement.${key}`, options);
  const { currency } = statement;
  const columns = ['date', 'document', 'number', 'dueAt', 'debit', 'credit', 'balance'] as const;
  const summary = { bgcolor: 'action.hover', '& td, & th': { fontWeight: 700 } };
  const documentOf = (row: StatementRow) => (
    <>
      {t(`kinds.${row.kind}`, { _: row.document })}
      {row.note && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {row.note}
        </Typography>
      )}
    </>
  );
  return (
    // A statement has seven columns: on a phone the table scrolls sideways inside this region,
    // which takes focus so that a keyboard can scroll it too.
    <TableContainer role="region" aria-labelledby="statement-caption" tabIndex={0} sx={{ mt: 1 }}>
      <Table size="small" sx={{ minWidth: 720, '& caption': { captionSide: 'top', px: 0, pt: 0, pb: 1 } }}>
        <caption id="statement-caption">{captionOf(statement, t)}</caption>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} align={['debit', 'credit', 'balance'].includes(c) ? 'right' : 'left'}>
                {t(`columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow sx={summary}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBgDate(statement.from)}</TableCell>
            <TableCell component="th" scope="row" colSpan={5}>
              {t('opening')}
            </TableCell>
            <MoneyCell cents={statement.openingBalance} currency={currency} />
          </TableRow>
          {statement.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7}>
                <Typography variant="body2" color="text.secondary">
                  {t('noRows')}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            statement.rows.map((row, n) => (
              <TableRow key={`${row.kind}-${row.number}-${n}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBgDate(row.date)}</TableCell>
                <TableCell>{documentOf(row)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBgDate(row.dueAt)}</TableCell>
                <MoneyCell cents={row.debit} currency={currency} blankZero={row.kind !== 'invoice'} />
                <MoneyCell cents={row.credit} currency={currency} blankZero={row.kind === 'invoice'} />
                <MoneyCell cents={row.balance} currency={currency} />
              </TableRow>
            ))
          )}
          <TableRow sx={summary}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBgDate(statement.to)}</TableCell>
            <TableCell component="th" scope="row" colSpan={3}>
              {t('closing')}
            </TableCell>
            <MoneyCell cents={statement.totals.debit} currency={currency} />
            <MoneyCell cents={statement.totals.credit} currency={currency} />
            <MoneyCell cents={statement.closingBalance} currency={currency} strong />
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function OverdueInvoices({ statement }: { statement: StatementOfAccount }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.statement.${key}`, options);
  const { overdue, currency } = statement;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography id="statement-overdue-title" component="h3" variant="subtitle1" fontWeight={700}>
        {t('overdueTitle', { date: formatBgDate(statement.asOf) })}
      </Typography>
      {overdue.invoices.length === 0 ? (
        <Typography variant="body2">{t('noOverdue')}</Typography>
      ) : (
        <TableContainer role="region" aria-labelledby="statement-overdue-title" tabIndex={0}>
          <Table size="small" sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('overdueColumns.number')}</TableCell>
                <TableCell>{t('overdueColumns.dueAt')}</TableCell>
                <TableCell align="right">{t('overdueColumns.days')}</TableCell>
                <TableCell align="right">{t('overdueColumns.outstanding')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {overdue.invoices.map((i) => (
                <TableRow key={i.number}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.number}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBgDate(i.dueAt)}</TableCell>
                  <TableCell align="right">{i.daysOverdue}</TableCell>
                  <MoneyCell cents={i.outstanding} currency={currency} />
                </TableRow>
              ))}
              <TableRow sx={{ '& td, & th': { fontWeight: 700 } }}>
                <TableCell component="th" scope="row" colSpan={3}>
                  {t('overdueTotal')}
                </TableCell>
                <MoneyCell cents={overdue.total} currency={currency} strong />
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** The statement of the company whose page this is (react-admin's record). */
export function CompanyStatement() {
  const record = useRecordContext<CompanyRecord>();
  if (!record) return null;
  return <StatementOfAccountCard companyId={record.id} companyName={record.name ?? ''} contactEmail={record.contact?.email ?? ''} />;
}

export function StatementOfAccountCard({
  companyId,
  companyName,
  contactEmail,
}: {
  companyId: number | string;
  companyName: string;
  contactEmail: string;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.statement.${key}`, options);
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { hash } = useLocation();
  const isSmall = useIsSmall();
  const { from, to, errors, period } = usePeriod();
  const settled = useSettled(period);
  // The server's refusal of the period when asked to send it, for the fields, until they change.
  const [sendRefusal, setSendRefusal] = useState<PeriodErrors & { at?: string }>({});
  const [sendFailure, setSendFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const broughtHere = useRef(false);

  // Asked once the period has stood still; another period keeps the last statement on screen.
  const query = useQuery({
    queryKey: queryKeys.companyStatement(companyId, settled),
    queryFn: () => dataProvider.companyStatement(companyId, periodOfKey(settled)),
    enabled: Boolean(settled),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const loading = Boolean(settled) && query.isFetching;
  // The last statement read stays while another period is refused or fails.
  const [statement, setStatement] = useState<StatementOfAccount | null>(null);
  if (query.data && !query.isPlaceholderData && query.data !== statement) setStatement(query.data);
  const loadRefusal = query.error && !query.isFetching ? periodErrorsOf(query.error) : null;
  const failure = query.error && !query.isFetching && !loadRefusal ? errorMessage(query.error, t('loadFailed')) : '';
  const serverErrors: PeriodErrors & { at?: string } = loadRefusal ? { ...loadRefusal, at: settled } : sendRefusal;

  // Opened from the receivables' „Извлечение“: bring the statement into view once it is there,
  // with focus on its heading so that a keyboard and a screen reader start from it.
  useEffect(() => {
    if (broughtHere.current || hash !== `#${STATEMENT_ANCHOR}` || !statement) return;
    broughtHere.current = true;
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus();
  }, [hash, statement]);

  // Server errors belong to the period they were given for; a changed field drops them.
  const periodKey = period ? `${period.from}/${period.to}` : '';
  const shownServer = serverErrors.at && serverErrors.at === periodKey ? serverErrors : {};
  const fieldError = (field: 'from' | 'to') => errors[field] ?? shownServer[field];
  // The last statement stays while another period is typed or loads: its caption names its period.
  const shown = statement;

  const send = async () => {
    if (!period) return;
    setSending(true);
    setSendFailure('');
    setNotice('');
    try {
      const { message } = await dataProvider.sendCompanyStatement(companyId, period);
      setNotice(message);
      setAsking(false);
    } catch (error) {
      const refused = periodErrorsOf(error);
      if (refused) {
        setSendRefusal({ ...refused, at: periodKey });
        setAsking(false);
      } else setSendFailure(errorMessage(error, t('sendFailed')));
    } finally {
      setSending(false);
    }
  };

  const dates = period ? { from: formatBgDate(period.from), to: formatBgDate(period.to) } : { from: '', to: '' };
  let announcement: ReactNode = null;
  if (notice)
    announcement = (
      <Alert severity="success" role="none">
        {notice}
      </Alert>
    );
  else if (loading) announcement = <Box sx={visuallyHidden}>{t('loading')}</Box>;
  else if (shown)
    announcement = (
      <Box sx={visuallyHidden}>
        {t('loaded', {
          from: formatBgDate(shown.from),
          to: formatBgDate(shown.to),
          smart_count: shown.rows.length,
          closing: formatMoney(fromMinor(shown.closingBalance) ?? 0, shown.currency),
        })}
      </Box>
    );

  return (
    <Box
      component="section"
      id={STATEMENT_ANCHOR}
      aria-labelledby="statement-title"
      data-testid="company-statement"
      // On a phone the form's toolbar is fixed at the bottom of the window: room below for the last rows.
      sx={{ borderTop: 1, borderColor: 'divider', px: 2, pt: 2, pb: { xs: 12, sm: 2 }, maxWidth: '64em' }}
    >
      {/* Scrolled to from the receivables: kept clear of the fixed app bar. */}
      <Typography id="statement-title" ref={headingRef} component="h2" variant="h6" tabIndex={-1} sx={{ mb: 1, scrollMarginTop: 88 }}>
        {t('title')}
      </Typography>
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={2} alignItems="flex-start">
        <BgDateField
          id="statement-from"
          label={t('from')}
          value={from.value}
          onChange={(v) => {
            from.setValue(v);
            setNotice('');
          }}
          error={Boolean(fieldError('from'))}
          helperText={fieldError('from')}
          size="small"
          sx={{ width: 200 }}
        />
        <BgDateField
          id="statement-to"
          label={t('to')}
          value={to.value}
          onChange={(v) => {
            to.setValue(v);
            setNotice('');
          }}
          error={Boolean(fieldError('to'))}
          helperText={fieldError('to')}
          size="small"
          sx={{ width: 200 }}
        />
      </Stack>
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={period ? companyStatementFileUrl(companyId, period, 'pdf') : undefined}
          download
          disabled={!period}
        >
          {t('downloadPdf')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={period ? companyStatementFileUrl(companyId, period, 'csv') : undefined}
          download
          disabled={!period}
        >
          {t('downloadCsv')}
        </Button>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          disabled={!period}
          onClick={() => {
            setSendFailure('');
            setAsking(true);
          }}
        >
          {t('send')}
        </Button>
      </Stack>
      {/* Present from the start, so what is put in them is read out: the result of a send or a load, and failures. */}
      <Box role="status" sx={{ mt: notice ? 2 : 0 }}>
        {announcement}
      </Box>
      <Box role="alert" sx={{ mt: failure ? 2 : 0 }}>
        {failure && (
          <Alert severity="error" role="none">
            {failure}
          </Alert>
        )}
      </Box>
      {loading && <LinearProgress aria-label={t('loading')} sx={{ mt: 2 }} />}
      {shown && (
        <Box sx={{ opacity: loading ? 0.6 : 1 }}>
          {isSmall ? <StatementList statement={shown} /> : <StatementTable statement={shown} />}
          {shown.closingBalance < 0 && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('overpaid', { company: shown.company.name || companyName })}
            </Typography>
          )}
          <OverdueInvoices statement={shown} />
        </Box>
      )}
      <Dialog open={asking} onClose={() => !sending && setAsking(false)} aria-labelledby="statement-send-title">
        <DialogTitle id="statement-send-title">{t('sendTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{contactEmail ? t('sendTo', { ...dates, email: contactEmail }) : t('sendToContact', dates)}</DialogContentText>
          {/* The page behind a dialog is hidden from screen readers: a refused send is said here. */}
          <Box role="alert" sx={{ mt: sendFailure ? 2 : 0 }}>
            {sendFailure && (
              <Alert severity="error" role="none">
                {sendFailure}
              </Alert>
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={sending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void send()} disabled={sending}>
            {t('sendConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
