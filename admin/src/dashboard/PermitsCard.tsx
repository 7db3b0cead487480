// „Разрешения за тютюневи изделия“ on the dashboard: the approved trade customers whose permit has
// expired or expires within the 30-day notice (soonest first; their regulated orders stop after the
// date), and those with no expiry date on record (not stopped: staff should ask for it). Each opens
// the company's page, where the date is recorded. Read through the companies list's own filters.
import GavelIcon from '@mui/icons-material/Gavel';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useBasename, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PermitChip } from '../companies/PermitChip';

/** How many companies each part lists; the rest are a link to the filtered list. */
export const PERMITS_CARD_SIZE = 8;

interface PermitRow {
  id: number;
  name: string;
  eik: string;
  tobaccoPermit: string;
  tobaccoPermitExpiresAt: string | null;
}

function listLink(basename: string, permit: string[] | string) {
  const filter = encodeURIComponent(JSON.stringify({ status: 'approved', permit }));
  return `${basename}/companies?filter=${filter}`;
}

function PermitPart({ id, permit, sort }: { id: string; permit: string[] | string; sort: { field: string; order: 'ASC' | 'DESC' } }) {
  const translate = useTranslate();
  const b = useBasename();
  const part = permit === 'missing' ? 'missing' : 'ending';
  const { data, total, isPending, error } = useGetList<PermitRow>('companies', {
    filter: { status: 'approved', permit },
    sort,
    pagination: { page: 1, perPage: PERMITS_CARD_SIZE },
  });
  const rows = data ?? [];
  const more = (total ?? 0) - rows.length;
  return (
    <Box component="section" aria-labelledby={id} sx={{ px: 2, pb: 2 }}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate(`app.companies.permits.${part}Title`)}
        {total ? ` (${total})` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`app.companies.permits.${part}Note`)}
      </Typography>
      {isPending ? (
        <Skeleton variant="rounded" height={48} sx={{ mt: 1 }} />
      ) : error || rows.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{translate(`app.companies.permits.${part}None`)}</Typography>
      ) : (
        <List dense disablePadding aria-labelledby={id}>
          {rows.map((c) => (
            <ListItem key={c.id} disablePadding>
              <ListItemButton component={RouterLink} to={`${b}/companies/${c.id}`}>
                <ListItemText
                  primary={c.name}
                  secondary={`${translate('resources.companies.fields.eik')} ${c.eik} · № ${c.tobaccoPermit}`}
                />
                {part === 'ending' && <PermitChip expiresAt={c.tobaccoPermitExpiresAt} />}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {more > 0 && (
        <Button component={RouterLink} to={listLink(b, permit)} size="small">
          {translate('app.companies.permits.more', { count: more })}
        </Button>
      )}
    </Box>
  );
}

export function PermitsCard() {
  const translate = useTranslate();
  return (
    <Card data-testid="permits-card">
      <CardHeader
        slotProps={{ title: { component: 'h2' } }}
        avatar={<GavelIcon color="primary" />}
        title={translate('app.companies.permits.title')}
      />
      <CardContent sx={{ p: 0 }}>
        <PermitPart id="permits-ending" permit={['expired', 'expiring']} sort={{ field: 'tobaccoPermitExpiresAt', order: 'ASC' }} />
        <PermitPart id="permits-missing" permit="missing" sort={{ field: 'name', order: 'ASC' }} />
      </CardContent>
    </Card>
  );
}
