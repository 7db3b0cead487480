// The signed-in admin's personal API tokens: the list, a new one (shown once), revoking one.
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { dateTime } from '../common/fields';
import { queryKeys } from '../queryKeys';
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_EXPIRY_DEFAULT_DAYS } from '@domain/limits';

export function TokensCard() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(API_TOKEN_EXPIRY_DEFAULT_DAYS);
  const [created, setCreated] = useState<string | null>(null);
  const fail = (e: unknown) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });

  // Turning two-factor off revokes every token: that card invalidates this same query.
  const { data: tokens = [], error } = useQuery({ queryKey: queryKeys.tokens, queryFn: () => dataProvider.tokens(), retry: false });
  // The refusal is told once, as a toast; the list stays empty.
  useEffect(() => {
    if (error) notify(errorMessage(error, translate('ra.notification.http_error')), { type: 'error' });
  }, [error, notify, translate]);
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens });

  const create = useMutation({
    mutationFn: () => dataProvider.createToken(name.trim(), days),
    onSuccess: ({ token, message }) => {
      setCreated(token.token);
      setName('');
      if (message) notify(message, { type: 'success' });
      void reload();
    },
    onError: fail,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => dataProvider.revokeToken(id),
    onSuccess: () => void reload(),
    onError: fail,
  });

  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('app.settings.tokens')} subheader={translate('app.settings.tokensHelp')} />
      <CardContent>
        {created && (
          <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setCreated(null)}>
            <Typography variant="body2">{translate('app.settings.tokenShownOnce')}</Typography>
            <Typography component="code" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
              {created}
            </Typography>
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.settings.tokensRevokedNote')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <MuiTextField
            size="small"
            fullWidth={false}
            sx={{ width: 280, maxWidth: '100%' }}
            label={translate('app.settings.tokenName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <MuiTextField
            select
            size="small"
            sx={{ width: 160 }}
            label={translate('app.settings.tokenValidity')}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          >
            {API_TOKEN_EXPIRY_DAYS.map((d) => (
              <MenuItem key={d} value={d}>
                {translate('app.settings.tokenDays', { smart_count: d })}
              </MenuItem>
            ))}
          </MuiTextField>
          <Button variant="contained" disabled={!name.trim()} onClick={() => create.mutate()} sx={{ whiteSpace: 'nowrap' }}>
            {translate('app.settings.createToken')}
          </Button>
        </Box>
        {tokens.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {translate('app.settings.noTokens')}
          </Typography>
        ) : (
          <List dense>
            {tokens.map((tk) => (
              <ListItem
                key={tk.id}
                secondaryAction={
                  <IconButton edge="end" aria-label={translate('app.settings.revoke')} onClick={() => revoke.mutate(tk.id)}>
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={tk.name}
                  secondary={[
                    `${translate('app.settings.createdAt')}: ${dateTime(tk.createdAt)}`,
                    tk.expired
                      ? translate('app.settings.tokenExpired')
                      : `${translate('app.settings.tokenExpires')}: ${tk.expiresAt ? dateTime(tk.expiresAt) : '—'}`,
                    `${translate('app.settings.lastUsed')}: ${tk.lastUsedAt ? dateTime(tk.lastUsedAt) : translate('app.settings.never')}`,
                  ].join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
