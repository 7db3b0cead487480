// Two-factor sign-in for the signed-in admin: QR setup, turn on with a code, turn off with a code.
import { Alert, Box, Button, Card, CardContent, CardHeader, TextField as MuiTextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { queryKeys } from '../queryKeys';

export function TwoFactorCard() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const notify = useNotify();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const status = useQuery({ queryKey: queryKeys.twoFactor, queryFn: () => dataProvider.twoFactorStatus(), retry: false });
  // Unknown while asking; a status the server would not tell counts as off.
  const on: boolean | null = status.data ?? (status.isError ? false : null);
  const fail = (e: unknown) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });

  const begin = useMutation({ mutationFn: () => dataProvider.twoFactorSetup(), onSuccess: setSetup, onError: fail });
  const submit = useMutation({
    mutationFn: async (typed: string) => {
      if (on) {
        notify((await dataProvider.twoFactorDisable(typed)).message, { type: 'success' });
        return false;
      }
      const r = await dataProvider.twoFactorEnable(typed);
      notify(r.message, { type: 'success' });
      setCodes(r.backupCodes);
      setSetup(null);
      return true;
    },
    onSuccess: (nowOn) => {
      queryClient.setQueryData(queryKeys.twoFactor, nowOn);
      // Turning it off revoked every personal API token: their list asks again.
      if (!nowOn) void queryClient.invalidateQueries({ queryKey: queryKeys.tokens });
      setCode('');
    },
    onError: fail,
  });

  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('app.settings.twoFactor')} subheader={translate('app.settings.twoFactorHelp')} />
      <CardContent>
        {codes && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('app.settings.backupCodes')}
            <Box component="ul" sx={{ fontFamily: 'monospace', columns: 2, mb: 0 }}>
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </Box>
          </Alert>
        )}
        <Typography sx={{ mb: 1 }}>{on ? translate('app.settings.twoFactorOn') : translate('app.settings.twoFactorOff')}</Typography>
        {setup && (
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2">{translate('app.settings.twoFactorScan')}</Typography>
            <img src={setup.qr} alt="QR" width={200} height={200} />
            <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
              {setup.secret}
            </Typography>
          </Box>
        )}
        {on || setup ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <MuiTextField
              size="small"
              label={translate('app.settings.twoFactorCode')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code' }}
            />
            <Button variant="contained" disabled={!code.trim()} onClick={() => submit.mutate(code.trim())}>
              {translate(on ? 'app.settings.twoFactorDisable' : 'app.settings.twoFactorEnable')}
            </Button>
          </Box>
        ) : (
          on === false && (
            <Button variant="outlined" onClick={() => begin.mutate()}>
              {translate('app.settings.twoFactorEnable')}
            </Button>
          )
        )}
      </CardContent>
    </Card>
  );
}
