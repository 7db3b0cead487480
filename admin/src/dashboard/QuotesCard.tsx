// „Запитвания за оферта“ on the dashboard: how many members' requests wait for a price, and the
// newest few, each opening the request; a link to the list of those waiting. Read through the
// quote-requests list's own filter.
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
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
import { formatDateTime } from '@domain/dates';
import type { ApiQuoteRequest } from '@domain/api';

/** How many requests the card lists; the rest are behind the link. */
export const QUOTES_CARD_SIZE = 5;

export function QuotesCard() {
  const translate = useTranslate();
  const b = useBasename();
  const { data, total, isPending, error } = useGetList<ApiQuoteRequest>('quote-requests', {
    filter: { status: 'requested' },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: QUOTES_CARD_SIZE },
  });
  const rows = data ?? [];
  const listLink = `${b}/quote-requests?filter=${encodeURIComponent(JSON.stringify({ status: 'requested' }))}`;
  return (
    <Card data-testid="quotes-card">
      <CardHeader
        slotProps={{ title: { component: 'h2' } }}
        avatar={<RequestQuoteIcon color="primary" />}
        title={translate('app.quoteRequests.dashboardTitle')}
        subheader={total ? translate('app.quoteRequests.waiting', { count: total }) : undefined}
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Skeleton variant="rounded" height={48} />
        ) : error || rows.length === 0 ? (
          <Typography>{translate('app.quoteRequests.dashboardEmpty')}</Typography>
        ) : (
          <List dense disablePadding aria-label={translate('app.quoteRequests.dashboardTitle')}>
            {rows.map((q) => (
              <ListItem key={q.id} disablePadding>
                <ListItemButton component={RouterLink} to={`${b}/quote-requests/${q.id}`}>
                  <ListItemText
                    primary={`${q.number} · ${q.companyName}`}
                    secondary={`${translate('app.quoteRequests.lines', { count: q.lines.length })} · ${formatDateTime(q.createdAt)}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Box sx={{ mt: 1 }}>
          <Button component={RouterLink} to={listLink} size="small">
            {translate('app.quoteRequests.dashboardAll')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
