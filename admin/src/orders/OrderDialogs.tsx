// The confirmations of the order page: every move that cannot be undone (cancel, return, refund,
// delete) asks first and asks why; shipping asks for the waybill number. Plain MUI dialogs whose
// answers the page sends in one request with whatever else is typed on it.
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  TextField,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatMoney, parseMoneyInput } from '@domain/money';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  help: string;
  confirmLabel: string;
  onClose(): void;
  onConfirm(reason: string): void;
  busy?: boolean;
  children?: ReactNode;
}

/** Asks to confirm an irreversible action, with the reason (required) that goes into the history. */
export function ReasonDialog({ open, title, help, confirmLabel, onClose, onConfirm, busy, children }: ReasonDialogProps) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = !reason.trim();
  const confirm = () => {
    setTried(true);
    if (!missing) onConfirm(reason.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reason-dialog-title">
      <DialogTitle id="reason-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{help}</DialogContentText>
        {children}
        <TextField
          label={translate('app.orders.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          autoFocus
          error={tried && missing}
          helperText={tried && missing ? translate('app.orders.reasonRequired') : ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.orders.keep')}</Button>
        <Button variant="contained" color="error" onClick={confirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Shipping: the waybill number, prefilled with what is typed on the page. */
export function ShipDialog({
  open,
  number,
  initial,
  onClose,
  onConfirm,
  busy,
}: {
  open: boolean;
  number: string;
  initial: string;
  onClose(): void;
  onConfirm(tracking: string): void;
  busy?: boolean;
}) {
  const translate = useTranslate();
  const [tracking, setTracking] = useState(initial);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="ship-dialog-title">
      <DialogTitle id="ship-dialog-title">{translate('app.orders.shipTitle', { number })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('app.orders.shipHelp')}</DialogContentText>
        <TextField
          label={translate('resources.orders.fields.trackingNumber')}
          value={tracking}
          onChange={(e) => setTracking(e.target.value)}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{translate('app.orders.keep')}</Button>
        <Button onClick={() => onConfirm('')} disabled={busy}>
          {translate('app.orders.shipWithoutNumber')}
        </Button>
        <Button variant="contained" onClick={() => onConfirm(tracking.trim())} disabled={busy || !tracking.trim()}>
          {translate('app.orders.shipWithNumber')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface RefundAnswer {
  amount: number;
  reason: string;
  restock: boolean;
}

/** A refund: how much (all by default, typed Bulgarian style), why, and whether the goods come back. */
export function RefundDialog({
  open,
  number,
  paid,
  stockBack,
  offerRestock = true,
  onClose,
  onConfirm,
  busy,
}: {
  open: boolean;
  number: string;
  paid: number;
  stockBack: boolean;
  offerRestock?: boolean;
  onClose(): void;
  onConfirm(answer: RefundAnswer): void;
  busy?: boolean;
}) {
  const translate = useTranslate();
  const [amountText, setAmountText] = useState(paid.toFixed(2).replace('.', ','));
  const [restock, setRestock] = useState(false);
  const amount = parseMoneyInput(amountText);
  const bad = amount === null || amount <= 0 || amount > paid;
  return (
    <ReasonDialog
      open={open}
      title={translate('app.orders.refundTitle', { number })}
      help={translate('app.orders.refundHelp', { amount: formatMoney(paid) })}
      confirmLabel={translate('app.orders.confirmRefund')}
      onClose={onClose}
      busy={busy}
      onConfirm={(reason) => !bad && onConfirm({ amount: amount!, reason, restock: restock && !stockBack })}
    >
      <TextField
        label={translate('app.orders.refundAmount')}
        value={amountText}
        onChange={(e) => setAmountText(e.target.value)}
        fullWidth
        inputMode="decimal"
        error={bad}
        helperText={bad ? translate('app.orders.refundAmountInvalid', { max: formatMoney(paid) }) : ' '}
        sx={{ mb: 1 }}
      />
      {!offerRestock ? null : stockBack ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.orders.stockAlreadyBack')}
        </Alert>
      ) : (
        <FormControlLabel
          sx={{ mb: 1 }}
          control={<Checkbox checked={restock} onChange={(e) => setRestock(e.target.checked)} />}
          label={translate('app.orders.restock')}
        />
      )}
    </ReasonDialog>
  );
}
