// The app bar's bell: a badge with the unread count; resting the pointer on it for 200 ms (or a
// click, on touch screens) opens the panel with the latest notifications. Clicking one marks it
// read and follows its link; "mark all read" clears the badge.
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, Divider, IconButton, List, ListItemButton, ListItemText, Paper, Popper, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useBasename, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { queryKeys } from '../queryKeys';
import { NOTIFICATIONS_HOVER_DELAY_MS, NOTIFICATIONS_MAX_HEIGHT_PX, NOTIFICATIONS_PANEL_SIZE, NOTIFICATIONS_POLL_MS } from './constants';

export interface NotificationRecord {
  id: Identifier;
  type?: string;
  message: string;
  link?: string | null;
  isRead: boolean;
  createdAt: string;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleString('bg-BG');
}

/** A notification's link ("/admin/orders/5", or "/orders/5" relative to the panel) as a route. */
export function panelPath(link: string, basename: string): string {
  return link === basename || link.startsWith(`${basename}/`) ? link : `${basename}${link.startsWith('/') ? '' : '/'}${link}`;
}

export function NotificationsPanel() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const anchor = useRef<HTMLButtonElement | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  // The badge asks every NOTIFICATIONS_POLL_MS; a failed ask keeps the last count.
  const { data: count = 0 } = useQuery({
    queryKey: queryKeys.unreadCount,
    queryFn: () => dataProvider.unreadCount(),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    retry: false,
  });
  // The latest notifications, asked for each time the panel opens.
  const latest = useQuery({
    queryKey: queryKeys.latestNotifications,
    queryFn: async () =>
      (
        await dataProvider.getList<NotificationRecord>('notifications', {
          pagination: { page: 1, perPage: NOTIFICATIONS_PANEL_SIZE },
          sort: { field: 'unreadFirst', order: 'ASC' },
          filter: {},
        })
      ).data,
    enabled: open,
    retry: false,
  });
  const items: NotificationRecord[] | null = latest.data ?? (latest.isError ? [] : null);
  const setCount = (next: (c: number) => number) => queryClient.setQueryData<number>(queryKeys.unreadCount, (c) => next(c ?? 0));
  const setItems = (next: (list: NotificationRecord[] | undefined) => NotificationRecord[] | undefined) =>
    queryClient.setQueryData<NotificationRecord[]>(queryKeys.latestNotifications, next);

  useEffect(
    () => () => {
      if (hoverTimer.current) clearTimeout(hoverTimer.current);
    },
    [],
  );

  const onEnter = () => {
    if (hoverTimer.current) clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setOpen(true), NOTIFICATIONS_HOVER_DELAY_MS);
  };
  const onLeave = () => {
    if (hoverTimer.current) clearTimeout(hoverTimer.current);
    hoverTimer.current = null;
    setOpen(false);
  };

  const follow = async (n: NotificationRecord) => {
    if (!n.isRead) {
      try {
        await dataProvider.update('notifications', { id: n.id, data: { isRead: true }, previousData: n });
        setCount((c) => Math.max(0, c - 1));
        setItems((list) => list?.map((x) => (x.id === n.id ? { ...x, isRead: true } : x)));
      } catch (error) {
        notify(errorMessage(error, translate('ra.notification.http_error')), { type: 'error' });
      }
    }
    if (n.link) {
      setOpen(false);
      if (/^https?:\/\//.test(n.link)) window.location.assign(n.link);
      else navigate(panelPath(n.link, basename));
    }
  };

  const readAll = async () => {
    try {
      const { message } = await dataProvider.readAllNotifications();
      setCount(() => 0);
      setItems((list) => list?.map((x) => ({ ...x, isRead: true })));
      if (message) notify(message, { type: 'info' });
    } catch (error) {
      notify(errorMessage(error, translate('ra.notification.http_error')), { type: 'error' });
    }
  };

  const title = translate('app.notifications.title');
  return (
    <Box onMouseEnter={onEnter} onMouseLeave={onLeave} sx={{ display: 'inline-flex' }}>
      {/* Named by its own text, not an aria-label: the count it shows is part of its name. */}
      <IconButton ref={anchor} color="inherit" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Badge badgeContent={count} color="error" max={99} data-testid="notifications-badge" slotProps={{ badge: { 'aria-hidden': true } }}>
          <NotificationsIcon />
        </Badge>
        <Box component="span" sx={visuallyHidden}>
          {count > 0 ? `${title}, ${translate('app.notifications.unread', { smart_count: count })}` : title}
        </Box>
      </IconButton>
      <Popper open={open} anchorEl={anchor.current} placement="bottom-end" sx={{ zIndex: (theme) => theme.zIndex.appBar + 1 }}>
        <Paper elevation={8} sx={{ width: 360, maxWidth: '100vw' }} role="dialog" aria-label={title}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
            <Typography variant="subtitle1" component="h2" fontWeight={600}>
              {title}
            </Typography>
          </Box>
          <Divider />
          <Box sx={{ maxHeight: NOTIFICATIONS_MAX_HEIGHT_PX, overflowY: 'auto' }} data-testid="notifications-list">
            {items && items.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
                {translate('app.notifications.empty')}
              </Typography>
            )}
            {items && items.length > 0 && (
              <List dense disablePadding>
                {items.map((n) => (
                  <ListItemButton
                    key={n.id}
                    onClick={() => follow(n)}
                    sx={{ alignItems: 'flex-start', bgcolor: n.isRead ? undefined : 'action.hover' }}
                  >
                    <ListItemText
                      primary={n.message}
                      secondary={formatDateTime(n.createdAt)}
                      slotProps={{ primary: { fontWeight: n.isRead ? 400 : 600, variant: 'body2' } }}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
          </Box>
          {count > 0 && (
            <>
              <Divider />
              <Button size="small" fullWidth onClick={readAll} sx={{ py: 1 }}>
                {translate('app.notifications.markAllRead')}
              </Button>
            </>
          )}
        </Paper>
      </Popper>
    </Box>
  );
}
