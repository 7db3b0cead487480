// /admin/settings: the shop's single settings record (<Edit resource="settings" id={1}>) and the
// signed-in admin's personal API tokens.
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  BooleanInput,
  Edit,
  NumberInput,
  TabbedForm,
  SaveButton,
  TextInput,
  Toolbar,
  maxValue,
  minValue,
  required,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { ApiToken, ShopDataProvider } from '../dataProvider';
import { API_URL, errorMessage, httpClient } from '../httpClient';
import { setShopMoney, useShopMoney } from '../common/shopCurrency';
import { dateTime } from '../common/fields';
import { LegalIdentityCard } from '../invoices/LegalIdentityCard';
import { RETENTION_YEARS_MAX, RETENTION_YEARS_MIN } from '@domain/privacy';
import { AccessibilityCard } from './AccessibilityCard';
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_EXPIRY_DEFAULT_DAYS } from '@domain/limits';
import { MoneyInput } from '../common/MoneyInput';
import { CourierSettingsTab } from './CourierSettingsTab';
import { GuestOrderSettingsTab } from './GuestOrderSettingsTab';
import { SalesSettingsTab } from './SalesSettingsTab';
import { fieldRule } from '../common/fieldRule';
import { bankFields } from '@domain/schemas/settings';
import { StaleEditAlert, withStaleEdit } from '../layout/StaleEditAlert';

/** Sent when something revoked every token of the signed-in admin (two-factor turned off). */
const TOKENS_REVOKED = 'vapsolo:tokens-revoked';

export function SettingsForm() {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Edit
      resource="settings"
      id={1}
      redirect={false}
      mutationMode="pessimistic"
      title="app.settings.title"
      actions={false}
      transform={
        ({ id: _id, updatedAt: _u, legal: _legal, invoices: _invoices, accessibility: _accessibility, ...rest }: any) =>
          rest /* legal, invoices: LegalIdentityCard; accessibility: AccessibilityCard */
      }
      mutationOptions={{
        onSuccess: () => notify('app.settings.saved', { type: 'success' }),
        onError: withStaleEdit((e: unknown) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' })),
      }}
    >
      <TabbedForm
        warnWhenUnsavedChanges
        toolbar={
          <>
            <StaleEditAlert />
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </>
        }
        sx={{ maxWidth: '60em' }}
      >
        <TabbedForm.Tab label="app.settings.general">
          <TextInput source="brand" />
          <BooleanInput source="dualCurrency" />
          <TextInput source="locale" />
          <NumberInput source="lowStockThreshold" validate={minValue(0)} />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="app.settings.contacts" path="contacts">
          <TextInput source="contacts.email" />
          <TextInput source="contacts.phone" />
          <TextInput source="contacts.address" fullWidth />
          <TextInput source="contacts.city" />
          <TextInput source="contacts.hours" />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="app.settings.shipping" path="shipping">
          <MoneyInput source="shippingFees.econt_office" validate={[required(), minValue(0)]} />
          <MoneyInput source="shippingFees.speedy_office" validate={[required(), minValue(0)]} />
          <MoneyInput source="shippingFees.address" validate={[required(), minValue(0)]} />
          <MoneyInput source="freeShippingThreshold" validate={minValue(0)} helperText="app.settings.freeShippingHelp" />
        </TabbedForm.Tab>
        <CourierSettingsTab />
        <GuestOrderSettingsTab />
        <SalesSettingsTab path="sales" />
        <TabbedForm.Tab label="app.settings.bank" path="bank">
          <TextInput source="bank.beneficiary" fullWidth />
          <TextInput source="bank.iban" validate={fieldRule(bankFields.iban)} fullWidth />
          <TextInput source="bank.bic" validate={fieldRule(bankFields.bic)} />
          <TextInput source="bank.bankName" fullWidth />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="app.settings.security" path="security">
          <BooleanInput source="twoFactorRequiredForAdmins" />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="app.privacy.settingsTab" path="privacy">
          <NumberInput
            source="privacy.retentionYears"
            label="app.privacy.retentionYears"
            helperText="app.privacy.retentionHelp"
            validate={[required(), minValue(RETENTION_YEARS_MIN), maxValue(RETENTION_YEARS_MAX)]}
          />
          <NumberInput
            source="privacy.contactRetentionYears"
            label="app.privacy.contactRetentionYears"
            validate={[required(), minValue(RETENTION_YEARS_MIN), maxValue(RETENTION_YEARS_MAX)]}
          />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}

export function TokensCard() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const [tokens, setTokens] = useState<ApiToken[]>([]);
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(API_TOKEN_EXPIRY_DEFAULT_DAYS);
  const [created, setCreated] = useState<string | null>(null);

  const load = useCallback(() => {
    dataProvider.tokens().then(setTokens, (e) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' }));
  }, [dataProvider, notify, translate]);
  useEffect(load, [load]);
  useEffect(() => {
    window.addEventListener(TOKENS_REVOKED, load);
    return () => window.removeEventListener(TOKENS_REVOKED, load);
  }, [load]);

  const create = async () => {
    try {
      const { token, message } = await dataProvider.createToken(name.trim(), days);
      setCreated(token.token);
      setName('');
      if (message) notify(message, { type: 'success' });
      load();
    } catch (e) {
      notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });
    }
  };
  const revoke = async (id: number) => {
    try {
      await dataProvider.revokeToken(id);
      load();
    } catch (e) {
      notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });
    }
  };

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
          <Button variant="contained" disabled={!name.trim()} onClick={create} sx={{ whiteSpace: 'nowrap' }}>
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
                  <IconButton edge="end" aria-label={translate('app.settings.revoke')} onClick={() => revoke(tk.id)}>
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

/** Two-factor sign-in for the signed-in admin: QR setup, turn on with a code, turn off with a code. */
export function TwoFactorCard() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const [on, setOn] = useState<boolean | null>(null);
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  useEffect(() => {
    dataProvider.twoFactorStatus().then(setOn, () => setOn(false));
  }, [dataProvider]);
  const fail = (e: unknown) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });
  const submit = async () => {
    try {
      if (on) {
        notify((await dataProvider.twoFactorDisable(code.trim())).message, { type: 'success' });
        setOn(false);
        window.dispatchEvent(new Event(TOKENS_REVOKED));
      } else {
        const r = await dataProvider.twoFactorEnable(code.trim());
        notify(r.message, { type: 'success' });
        setCodes(r.backupCodes);
        setSetup(null);
        setOn(true);
      }
      setCode('');
    } catch (e) {
      fail(e);
    }
  };
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
            <Button variant="contained" disabled={!code.trim()} onClick={() => void submit()}>
              {translate(on ? 'app.settings.twoFactorDisable' : 'app.settings.twoFactorEnable')}
            </Button>
          </Box>
        ) : (
          on === false && (
            <Button variant="outlined" onClick={() => dataProvider.twoFactorSetup().then(setSetup, fail)}>
              {translate('app.settings.twoFactorEnable')}
            </Button>
          )
        )}
      </CardContent>
    </Card>
  );
}

/** The one-way switch to the euro (POST /api/admin/settings/euro), behind a confirmation that
 *  says what changes; afterwards only the date it happened. */
export function EuroCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { currency, euroSince } = useShopMoney();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [converted, setConverted] = useState<Record<string, number> | null>(null);
  const switchNow = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient(`${API_URL}/admin/settings/euro`, { method: 'POST', body: JSON.stringify({ confirm: true }) });
      setConverted(json.converted);
      setShopMoney({ currency: 'EUR', euroSince: json.euroSince });
      notify(json.message, { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
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
            <Button onClick={() => void switchNow()} disabled={busy} color="warning" variant="contained">
              {translate('app.settings.euroConfirm')}
            </Button>
          </DialogActions>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function AuditLogCard() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('app.settings.auditLog')} subheader={translate('app.settings.auditLogHelp')} />
      <CardContent>
        <Button component={Link} to="/admin/audit-log" variant="outlined">
          {translate('app.settings.auditLog')}
        </Button>
      </CardContent>
    </Card>
  );
}

export function SettingsPage() {
  return (
    <Box sx={{ mb: 4 }}>
      {/* The page's title (its h1) is the settings form's (Edit's title). */}
      <SettingsForm />
      <LegalIdentityCard />
      <AccessibilityCard />
      <EuroCard />
      <TwoFactorCard />
      <TokensCard />
      <AuditLogCard />
    </Box>
  );
}
