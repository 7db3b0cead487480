// The analysis page's month for the accountant: pick a month, download the orders of the month
// (CSV), the sales ledger of its invoices and credit notes (CSV) or the NRA's PRODAGBI.TXT.
import { Button, Card, CardContent, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { isMonth } from '@domain/invoices';
import { invoicesApi } from './api';
import { BgDateField, useBgDateState } from '../common/BgDateInput';

function lastMonth(): string {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Sofia' });
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export function SalesReportCard() {
  const translate = useTranslate();
  // Typed as мм.гггг whatever the browser's language (a native month input shows "October 2026").
  const typed = useBgDateState(lastMonth(), 'month');
  const month = typed.valid ? typed.value! : '';
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ flex: '1 1 16em' }}>{translate('app.invoices.salesReport')}</Typography>
        <BgDateField
          kind="month"
          label={translate('app.invoices.month')}
          value={typed.value}
          onChange={typed.setValue}
          error={Boolean(typed.error)}
          helperText={typed.error}
          size="small"
          sx={{ width: 180 }}
        />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={isMonth(month) ? invoicesApi.salesCsvUrl(month) : undefined}
          disabled={!isMonth(month)}
          download
        >
          {translate('app.invoices.salesReportDownload')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={isMonth(month) ? invoicesApi.salesLedgerCsvUrl(month) : undefined}
          disabled={!isMonth(month)}
          download
        >
          {translate('app.invoices.salesLedgerDownload')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={isMonth(month) ? invoicesApi.prodagbiUrl(month) : undefined}
          disabled={!isMonth(month)}
          download
        >
          {translate('app.invoices.prodagbiDownload')}
        </Button>
      </CardContent>
    </Card>
  );
}
