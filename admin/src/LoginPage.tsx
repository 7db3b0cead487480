// The sign-in page: email and password (the shop signs in with an email), Bulgarian texts, and the
// server's refusal shown as it comes (a customer reads 'Достъпът е само за администратори.').
import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Button, Card, CardActions, CardContent, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, TextInput, required, email as emailRule, useLogin, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from './httpClient';
import { TwoFactorRequired } from './authProvider';

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const [codeStep, setCodeStep] = useState(false);

  const submit = async (values: Record<string, any>) => {
    setLoading(true);
    try {
      await login(codeStep ? { code: String(values.code ?? '').trim() } : { email: values.email, password: values.password });
    } catch (error) {
      if (error instanceof TwoFactorRequired) setCodeStep(true);
      else notify(errorMessage(error, translate('app.auth.loginFailed')), { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg, #14213d 0%, #1f6f5c 100%)' }}>
      <Card sx={{ width: 360, maxWidth: '92vw' }}>
        <Form onSubmit={submit} noValidate>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 3 }}>
            <Avatar sx={{ bgcolor: 'secondary.main', mb: 1 }}>
              <LockIcon />
            </Avatar>
            <Typography variant="h6" component="h1">
              VAP SOLO
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.title')}
            </Typography>
          </Box>
          <CardContent>
            {codeStep ? (
              <>
                <Typography variant="body2" sx={{ mb: 1 }}>{translate('app.auth.codeHelp')}</Typography>
                <TextInput source="code" label="app.auth.code" autoComplete="one-time-code" autoFocus validate={required()} disabled={loading} fullWidth />
              </>
            ) : (
              <>
                <TextInput source="email" type="email" label="ra.auth.email" autoComplete="username" autoFocus validate={[required(), emailRule()]} disabled={loading} fullWidth />
                <PasswordInput source="password" label="ra.auth.password" autoComplete="current-password" validate={required()} disabled={loading} fullWidth />
              </>
            )}
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button variant="contained" type="submit" color="primary" disabled={loading} fullWidth>
              {loading ? <CircularProgress size={22} thickness={2} /> : translate('ra.auth.sign_in')}
            </Button>
          </CardActions>
        </Form>
      </Card>
    </Box>
  );
}
