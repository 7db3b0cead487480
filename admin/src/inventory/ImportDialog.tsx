// "Импорт" on the inventory page: pick a CSV (the page's own export, edited in Excel), see what
// each row would do and every error by row (a dry run on the server, nothing changed), then
// "Приложи" with a confirmation. The server applies all or nothing; a file with errors cannot
// be applied.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button as MuiButton,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ImportAction, ImportChange, ImportReport, ImportRow } from '@domain/api';
import { IMPORT_MAX_MB, IMPORT_ROWS_MAX } from '@domain/limits';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { money, useIsSmall } from '../common/fields';

const ACTION_COLOR: Record<ImportAction, 'success' | 'info' | 'warning' | 'default' | 'error'> = {
  createProduct: 'success',
  createVariant: 'success',
  update: 'info',
  unchanged: 'default',
  error: 'error',
};

/** "Цена: 26,90 лв. → 29,90 лв." */
function useChangeText() {
  const translate = useTranslate();
  const value = (c: ImportChange, v: ImportChange['from']) => {
    if (v === null || v === undefined || v === '') return '—';
    if (c.field === 'price' || c.field === 'compareAtPrice') return money(v);
    if (c.field === 'status') return translate(`app.productStatus.${v}`, { _: String(v) });
    return String(v);
  };
  return (c: ImportChange) => {
    const label = translate(`app.import.fields.${c.field}`);
    return c.from === null ? `${label}: ${value(c, c.to)}` : `${label}: ${value(c, c.from)} → ${value(c, c.to)}`;
  };
}

function RowDetails({ row }: { row: ImportRow }) {
  const changeText = useChangeText();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {row.errors.map((e, i) => (
        <Typography component="li" key={`e${i}`} variant="body2" color="error">
          {e.column ? `${e.column}: ${e.message}` : e.message}
        </Typography>
      ))}
      {row.changes.map((c, i) => (
        <Typography component="li" key={`c${i}`} variant="body2">
          {changeText(c)}
        </Typography>
      ))}
    </Box>
  );
}

function ActionChip({ action }: { action: ImportAction }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={ACTION_COLOR[action]}
      variant={action === 'unchanged' ? 'outlined' : 'filled'}
      label={translate(`app.import.actions.${action}`)}
    />
  );
}

/** The rows as a table on a laptop, as stacked blocks on a phone (nothing wider than the screen). */
function ImportRows({ rows }: { rows: ImportRow[] }) {
  const translate = useTranslate();
  const isSmall = useIsSmall();
  const name = (r: ImportRow) => [r.productName, r.variantName].filter(Boolean).join(' · ');
  if (isSmall) {
    return (
      <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} data-testid="import-rows">
        {rows.map((r) => (
          <Box key={r.row} sx={{ py: 1, overflowWrap: 'anywhere' }} data-row={r.row}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle2">{translate('app.import.rowNumber', { row: r.row })}</Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {r.sku || '—'}
              </Typography>
              <ActionChip action={r.action} />
            </Stack>
            {name(r) && (
              <Typography variant="body2" color="text.secondary">
                {name(r)}
              </Typography>
            )}
            <RowDetails row={r} />
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" sx={{ tableLayout: 'fixed', width: '100%' }} data-testid="import-rows">
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '4.5em' }}>{translate('app.import.row')}</TableCell>
          <TableCell sx={{ width: '18%' }}>SKU</TableCell>
          <TableCell sx={{ width: '28%' }}>{translate('app.import.product')}</TableCell>
          <TableCell>{translate('app.import.what')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.row} data-row={r.row} sx={{ verticalAlign: 'top' }}>
            <TableCell>{r.row}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{r.sku || '—'}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{name(r)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              <ActionChip action={r.action} />
              <RowDetails row={r} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const changedRows = (r: ImportReport) => r.counts.createProduct + r.counts.createVariant + r.counts.update;

export function ImportDialog({ onClose }: { onClose(): void }) {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const isSmall = useIsSmall();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showUnchanged, setShowUnchanged] = useState(false);

  const check = async (picked: File) => {
    setFile(picked);
    setReport(null);
    setFailure(null);
    setBusy(true);
    try {
      setReport(await dataProvider.importProducts(picked, true));
    } catch (e) {
      setFailure(errorMessage(e, translate('app.import.failed')));
    } finally {
      setBusy(false);
    }
  };
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = ''; // the same file again (fixed in Excel, same name) is a new pick
    if (f) void check(f);
  };
  const apply = async () => {
    setConfirming(false);
    if (!file) return;
    setBusy(true);
    try {
      const done = await dataProvider.importProducts(file, false);
      notify(done.message, { type: 'success' });
      refresh();
      onClose();
    } catch (e) {
      // Changed since the dry run: the server answers the rows with their errors again.
      const body = (e as { body?: Partial<ImportReport> }).body;
      if (body?.rows && body.counts) setReport(body as ImportReport);
      setFailure(errorMessage(e, translate('app.import.failed')));
    } finally {
      setBusy(false);
    }
  };

  const counts = report?.counts;
  const rows = report ? report.rows.filter((r) => showUnchanged || r.action !== 'unchanged') : [];
  const canApply = !!report && !busy && report.counts.error === 0 && changedRows(report) > 0;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={isSmall} fullWidth maxWidth="lg" aria-labelledby="import-title">
      <DialogTitle id="import-title">{translate('app.import.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('app.import.help', { mb: IMPORT_MAX_MB, rows: IMPORT_ROWS_MAX })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2, rowGap: 1 }}>
          <MuiButton variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
            {translate(file ? 'app.import.pickAgain' : 'app.import.pick')}
            <input ref={input} type="file" hidden accept=".csv,text/csv" onChange={picked} aria-label={translate('app.import.pick')} />
          </MuiButton>
          {file && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography>
          )}
        </Stack>
        {busy && <LinearProgress sx={{ mb: 2 }} />}
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {report && counts && (
          <>
            <Alert severity={counts.error ? 'error' : changedRows(report) ? 'info' : 'success'} sx={{ mb: 2 }} role="status">
              {counts.error
                ? translate('app.import.fixErrors', { smart_count: counts.error })
                : changedRows(report)
                  ? translate('app.import.ready')
                  : report.message}
            </Alert>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }} data-testid="import-counts">
              {(Object.keys(counts) as ImportAction[]).map((a) => (
                <Chip
                  key={a}
                  color={counts[a] ? ACTION_COLOR[a] : 'default'}
                  variant={counts[a] && a !== 'unchanged' ? 'filled' : 'outlined'}
                  label={`${translate(`app.import.counts.${a}`)}: ${counts[a]}`}
                />
              ))}
            </Stack>
            {report.columns.ignored.length > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('app.import.ignored', { columns: report.columns.ignored.join(', ') })}
              </Typography>
            )}
            {counts.unchanged > 0 && (
              <FormControlLabel
                control={<Switch checked={showUnchanged} onChange={(e) => setShowUnchanged(e.target.checked)} />}
                label={translate('app.import.showUnchanged')}
              />
            )}
            <ImportRows rows={rows} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('ra.action.close')}
        </MuiButton>
        <MuiButton variant="contained" onClick={() => setConfirming(true)} disabled={!canApply}>
          {translate('app.import.apply')}
        </MuiButton>
      </DialogActions>
      <Confirm
        isOpen={confirming}
        title="app.import.confirmTitle"
        content={translate('app.import.confirmContent', {
          products: counts?.createProduct ?? 0,
          variants: counts?.createVariant ?? 0,
          updates: counts?.update ?? 0,
        })}
        confirm="app.import.apply"
        onConfirm={apply}
        onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
}

/** The inventory toolbar's "Импорт". */
export function ImportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.import.button" onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      {open && <ImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
