// The one-way switch to the euro (POST /api/admin/settings/euro), behind a confirmation that says
// what changes; afterwards only the date it happened.
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { setShopMoney, useShopMoney } from '../common/shopCurrency';

export function EuroCard() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { currency, euroSince } = useShopMoney();
  const [asking, setAsking] = useState(false);
  const [converted, setConverted] = useState<Record<string, number> | null>(null);
  const switchNow = useMutation({
    mutationFn: () => dataProvider.switchToEuro(),
    onSuccess: (done) => {
      setConverted(done.converted);
      // Every money field shows euro at once; the refresh asks every query on the page again.
      setShopMoney({ currency: 'EUR', euroSince: done.euroSince });
      notify(done.message, { type: 'success' });
      refresh();
    },
    onError: (e) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' }),
    onSettled: () => setAsking(false),
  });
  const busy = switchNow.isPending;
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('app.settings.euroTitle')} />
      <CardContent>
        {currency === 'EUR' ? (
          <Typography data-testid="euro-since">
            {translate('app.settings.euroDone', { date: euroSince ? new Date(euroSince).toLocaleDateString('bg-BG') : '—' })}
          </Typography>
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>{translate('app.settings.euroInLeva')}</Typography>
            <Button variant="contained" color="warning" onClick={() => setAsking(true)}>
              {translate('app.settings.euroButton')}
            </Button>
          </>
        )}
        {converted && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {translate('app.settings.euroConverted', converted)}
          </Alert>
        )}
        <Dialog open={asking} onClose={() => !busy && setAsking(false)} aria-labelledby="euro-title">
          <DialogTitle id="euro-title">{translate('app.settings.euroConfirmTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('app.settings.euroConfirmContent')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)} disabled={busy}>
              {translate('ra.action.cancel')}
            </Button>
            <Button onClick={() => switchNow.mutate()} disabled={busy} color="warning" variant="contained">
              {translate('app.settings.euroConfirm')}
            </Button>
          </DialogActions>
        </Dialog>
      </CardContent>
    </Card>
  );
}
