// The analysis page's monthly sales CSV for the accountant: pick a month, download.
import { Button, Card, CardContent, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { isMonth } from '../../../domain/invoices';
import { invoicesApi } from './api';

function lastMonth(): string {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Sofia' });
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export function SalesReportCard() {
  const translate = useTranslate();
  const [month, setMonth] = useState(lastMonth);
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ flex: '1 1 16em' }}>{translate('app.invoices.salesReport')}</Typography>
        <TextField type="month" label={translate('app.invoices.month')} value={month} onChange={(e) => setMonth(e.target.value)} size="small" fullWidth={false} sx={{ width: 180 }} slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="outlined" startIcon={<DownloadIcon />} component="a" href={isMonth(month) ? invoicesApi.salesCsvUrl(month) : undefined} disabled={!isMonth(month)} download>
          {translate('app.invoices.salesReportDownload')}
        </Button>
      </CardContent>
    </Card>
  );
}
