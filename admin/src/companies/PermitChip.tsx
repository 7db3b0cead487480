// How a company's tobacco trade permit stands today, as staff read it beside its date: a red chip
// once it has expired (regulated orders stop), an amber one within the 30-day notice, plain text
// otherwise. The words say it, not only the colour.
import { Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatBgDate } from '@domain/dateInput';
import { shopDay } from '@domain/dates';
import { permitStanding } from '@domain/trade';

export function PermitChip({ expiresAt, quiet = false }: { expiresAt?: string | null; quiet?: boolean }) {
  const translate = useTranslate();
  const standing = permitStanding(expiresAt, shopDay(new Date()));
  const date = formatBgDate(expiresAt);
  if (standing === 'expired' || standing === 'expiring')
    return (
      <Chip
        size="small"
        color={standing === 'expired' ? 'error' : 'warning'}
        label={translate(`app.companies.permit.${standing}`, { date })}
      />
    );
  // Beside a form's own field the date needs no repeating.
  if (quiet) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      color={standing === 'missing' ? 'text.secondary' : undefined}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate(`app.companies.permit.${standing}`, { date })}
    </Typography>
  );
}
