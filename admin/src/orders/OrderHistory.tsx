// The order's timeline: status moves and other events, who made them and when.
import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { dateTime } from '../common/fields';
import type { OrderRecord } from './orderRecord';

export function History() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const label = (s?: string | null) => (s ? translate(`app.orderStatus.${s}`, { _: s }) : '—');
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
      {(record.events ?? []).map((e, i) => (
        <Box
          component="li"
          key={i}
          sx={{
            position: 'relative',
            pl: 2,
            pb: 1.5,
            '&::before': {
              content: '""',
              position: 'absolute',
              left: -6,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: 'primary.main',
            },
          }}
        >
          <Typography variant="body2" fontWeight={600}>
            {e.toStatus
              ? e.fromStatus
                ? translate('app.orders.event.status', { from: label(e.fromStatus), to: label(e.toStatus) })
                : label(e.toStatus)
              : translate(`app.orders.event.${e.type}`, { _: e.type })}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {dateTime(e.createdAt)}
            {e.actorLabel ? ` · ${e.actorLabel}` : ''}
          </Typography>
          {e.note && <Typography variant="body2">{e.note}</Typography>}
        </Box>
      ))}
    </Box>
  );
}
