// The status moves the order allows now, as the server lists them (record.allowedTransitions):
// the irreversible ones and the shipping ask first.
import { Box, Button, Card, CardContent, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { OrderStatus } from '@domain/orderStatus';
import { StatusChip } from '../common/fields';
import { ReasonDialog, ShipDialog } from './OrderDialogs';
import type { OrderRecord } from './orderRecord';
import { useOrderUpdate, type OrderChange } from './useOrderUpdate';

/** The moves to offer: the server's list, which knows the order's whole state (none while it is not there). */
export function allowedMoves(record: Pick<OrderRecord, 'allowedTransitions'>): OrderStatus[] {
  return [...(record.allowedTransitions ?? [])];
}

const IRREVERSIBLE = new Set<OrderStatus>(['cancelled', 'returned']);

export function StatusActions() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const form = useFormContext();
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const { send, isPending } = useOrderUpdate();
  if (!record) return null;
  const moves = allowedMoves(record);
  const close = () => setAsking(null);
  const move = (status: OrderStatus, extra: OrderChange = {}) =>
    send({ status, ...(note.trim() ? { statusNote: note.trim() } : {}), ...extra }, () => {
      setNote('');
      close();
    });
  const click = (s: OrderStatus) => {
    if (IRREVERSIBLE.has(s)) setAsking(s);
    else if (s === 'shipped') setAsking(s);
    else move(s);
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.orders.changeStatus')}
        </Typography>
        <Box sx={{ mb: 1 }}>
          <StatusChip value={record.status} group="orderStatus" size="medium" />
        </Box>
        {moves.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.orders.noTransitions')}
          </Typography>
        ) : (
          <>
            <MuiTextField
              label={translate('app.orders.statusNote')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              size="small"
              fullWidth
              multiline
              sx={{ mb: 1 }}
            />
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="status-actions">
              {moves.map((s) => (
                <Button
                  key={s}
                  variant={IRREVERSIBLE.has(s) ? 'outlined' : 'contained'}
                  color={IRREVERSIBLE.has(s) ? 'error' : 'primary'}
                  disabled={isPending}
                  onClick={() => click(s)}
                >
                  {translate(`app.orderStatus.${s}`)}
                </Button>
              ))}
            </Stack>
          </>
        )}
      </CardContent>
      {asking === 'shipped' && (
        <ShipDialog
          open
          number={record.number}
          initial={String(form?.getValues('trackingNumber') ?? record.trackingNumber ?? '')}
          busy={isPending}
          onClose={close}
          onConfirm={(trackingNumber) => {
            form?.setValue('trackingNumber', trackingNumber, { shouldDirty: true });
            move('shipped', { trackingNumber });
          }}
        />
      )}
      {asking && IRREVERSIBLE.has(asking) && (
        <ReasonDialog
          open
          title={translate(asking === 'cancelled' ? 'app.orders.cancelTitle' : 'app.orders.returnTitle', { number: record.number })}
          help={translate(asking === 'cancelled' ? 'app.orders.cancelHelp' : 'app.orders.returnHelp')}
          confirmLabel={translate(asking === 'cancelled' ? 'app.orders.confirmCancel' : 'app.orders.confirmReturn')}
          busy={isPending}
          onClose={close}
          onConfirm={(reason) => move(asking, { statusNote: reason })}
        />
      )}
    </Card>
  );
}
