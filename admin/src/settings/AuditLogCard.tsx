// A way from the settings to the audit log.
import { Button, Card, CardContent, CardHeader } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export function AuditLogCard() {
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
