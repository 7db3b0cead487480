// A variant's stock changed by staff: a correction by a signed quantity (damaged, found, a sample)
// or a count (the figure found: the server records the difference), each with a note. Both go to
// the server's one write path, so each is a movement in the stock's history; the pages showing the
// stock are refreshed afterwards. Used on the product's page and on the inventory list.
import TuneIcon from '@mui/icons-material/Tune';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField as MuiTextField,
  FormLabel,
  FormControl,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Button, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { STAFF_STOCK_REASONS } from '@domain/stock';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';

type StaffReason = (typeof STAFF_STOCK_REASONS)[number];

export interface StockAdjustTarget {
  variantId: number;
  /** Product and variant, as staff read them. */
  name: string;
  stock: number;
}

const WHOLE = /^-?\d{1,7}$/;

/** What the typed number means for the reason chosen; undefined when it is not one. */
function parsed(reason: StaffReason, text: string): number | undefined {
  const t = text.trim();
  if (!WHOLE.test(t)) return undefined;
  const n = Number(t);
  if (reason === 'adjustment') return n === 0 ? undefined : n;
  return n < 0 ? undefined : n;
}

export function StockAdjustButton({ variantId, name, stock }: StockAdjustTarget) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<StaffReason>('adjustment');
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const value = parsed(reason, text);
  const close = () => {
    setOpen(false);
    setText('');
    setNote('');
    setReason('adjustment');
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (value === undefined) return;
    setBusy(true);
    try {
      if (reason === 'count')
        await dataProvider.update('inventory', { id: variantId, data: { stock: value, note }, previousData: { id: variantId, stock } });
      else await dataProvider.adjustStock(variantId, value, note);
      notify('app.inventory.adjusted', { type: 'success', messageArgs: { name } });
      close();
      refresh();
    } catch (error) {
      notify(errorMessage(error, translate('app.inventory.adjustFailed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label="app.inventory.adjust"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        aria-label={translate('app.inventory.adjustOf', { name })}
      >
        <TuneIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" onClick={(e) => e.stopPropagation()}>
        <form onSubmit={submit} noValidate>
          <DialogTitle>{translate('app.inventory.adjustTitle', { name, stock })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormControl>
                <FormLabel id={`stock-kind-${variantId}`}>{translate('app.inventory.kind')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`stock-kind-${variantId}`}
                  value={reason}
                  onChange={(e) => setReason(e.target.value as StaffReason)}
                >
                  {STAFF_STOCK_REASONS.map((r) => (
                    <FormControlLabel key={r} value={r} control={<Radio />} label={translate(`app.stockReason.${r}`)} />
                  ))}
                </RadioGroup>
              </FormControl>
              <MuiTextField
                label={translate(reason === 'adjustment' ? 'app.inventory.delta' : 'app.inventory.counted')}
                helperText={
                  text && value === undefined
                    ? translate('app.inventory.invalidNumber')
                    : translate(reason === 'adjustment' ? 'app.inventory.deltaHelp' : 'app.inventory.countedHelp')
                }
                error={Boolean(text) && value === undefined}
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoFocus
                required
                slotProps={{ htmlInput: { inputMode: reason === 'adjustment' ? 'text' : 'numeric' } }}
              />
              <MuiTextField
                label={translate('app.inventory.note')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                multiline
                minRows={2}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={close} />
            <Button label="ra.action.save" type="submit" variant="contained" disabled={busy || value === undefined} />
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
