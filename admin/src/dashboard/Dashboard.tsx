// The dashboard, as the react-admin demo's: KPI cards, a 30-day revenue chart, the latest and the
// pending orders, the variants running low, and the trade customers' tobacco permits to look at.
import CurrencyIcon from '@mui/icons-material/Payments';
import OrdersIcon from '@mui/icons-material/ShoppingCart';
import PendingIcon from '@mui/icons-material/HourglassTop';
import CustomersIcon from '@mui/icons-material/PersonAdd';
import InventoryIcon from '@mui/icons-material/Inventory2';
import MailIcon from '@mui/icons-material/Mail';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
  Button,
  Chip,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useBasename, useDataProvider, useGetList, useTranslate, Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { periodLabel } from '@domain/dates';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardData, ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { queryKeys } from '../queryKeys';
import { money, dateTime, StatusChip } from '../common/fields';
import { SalesModeCard } from './SalesModeCard';
import { PermitsCard } from './PermitsCard';
import { QuotesCard } from './QuotesCard';

function Kpi({ icon, title, value, to, note }: { icon: ReactNode; title: string; value: ReactNode; to?: string; note?: string }) {
  const body = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 40 } }}>{icon}</Box>
      <Box sx={{ textAlign: 'right', flex: 1 }}>
        <Typography color="text.secondary" variant="body2">
          {title}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
        {note && (
          <Typography variant="caption" color="text.secondary" component="p">
            {note}
          </Typography>
        )}
      </Box>
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <Box component={RouterLink} to={to} sx={{ color: 'inherit', textDecoration: 'none', display: 'block' }}>
          {body}
        </Box>
      ) : (
        body
      )}
    </Card>
  );
}

function RevenueChart({ series, currency }: { series: DashboardData['revenueSeries']; currency?: string }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader slotProps={{ title: { component: 'h2' } }} title={translate('app.dashboard.revenueChart')} />
      <CardContent>
        <Box sx={{ width: '100%', height: 300 }}>
          <ResponsiveContainer>
            <AreaChart data={series}>
              <defs>
                <linearGradient id="revenueFill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="5%" stopColor="#1f6f5c" stopOpacity={0.8} />
                  <stop offset="95%" stopColor="#1f6f5c" stopOpacity={0} />
                </linearGradient>
              </defs>
              <XAxis dataKey="period" tickFormatter={(p: string) => periodLabel(p).slice(0, 5)} />
              <YAxis tickFormatter={(v: number) => money(v, currency).replace(/[,.]00(?=\s)/, '')} width={80} />
              <CartesianGrid strokeDasharray="3 3" />
              <Tooltip formatter={(v) => money(v, currency)} labelFormatter={(p) => periodLabel(String(p))} />
              <Area type="monotone" dataKey="revenue" name={translate('app.analysis.revenue')} stroke="#1f6f5c" fill="url(#revenueFill)" />
            </AreaChart>
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

function OrdersCard({ title, orders }: { title: string; orders: DashboardData['latestOrders'] }) {
  const translate = useTranslate();
  const b = useBasename();
  return (
    <Card>
      <CardHeader
        slotProps={{ title: { component: 'h2' } }}
        title={title}
        action={
          <Button component={RouterLink} to={`${b}/orders`}>
            {translate('app.common.seeAll')}
          </Button>
        }
      />
      {orders.length === 0 ? (
        <CardContent>
          <Typography color="text.secondary">{translate('app.dashboard.noOrders')}</Typography>
        </CardContent>
      ) : (
        <List dense>
          {orders.map((o) => (
            <ListItem key={o.id} disablePadding>
              <ListItemButton component={RouterLink} to={`${b}/orders/${o.id}`}>
                <ListItemText primary={`${o.number} · ${o.customerName}`} secondary={dateTime(o.createdAt)} />
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <StatusChip value={o.status} group="orderStatus" />
                  <Typography variant="body2" sx={{ minWidth: 90, textAlign: 'right' }}>
                    {money(o.total, o.currency)}
                  </Typography>
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}

function PendingOrders() {
  const translate = useTranslate();
  const { data, isPending } = useGetList('orders', {
    filter: { status: ['pending', 'confirmed'] },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: 8 },
  });
  if (isPending) return <Skeleton variant="rounded" height={200} />;
  return (
    <OrdersCard
      title={translate('app.dashboard.pendingList')}
      orders={(data ?? []).map((o: any) => ({
        id: o.id,
        number: o.number,
        customerName: [o.customer?.firstName, o.customer?.lastName].filter(Boolean).join(' '),
        total: o.total,
        status: o.status,
        createdAt: o.createdAt,
      }))}
    />
  );
}

function UnreadMessages() {
  const translate = useTranslate();
  const b = useBasename();
  const { data, total } = useGetList('contact-messages', {
    filter: { isRead: false },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: 5 },
  });
  return (
    <Card>
      <CardHeader
        slotProps={{ title: { component: 'h2' } }}
        avatar={<MailIcon color="primary" />}
        title={translate('app.dashboard.messages')}
        action={<Chip size="small" label={total ?? 0} />}
      />
      <List dense>
        {(data ?? []).map((m: any) => (
          <ListItem key={m.id} disablePadding>
            <ListItemButton component={RouterLink} to={`${b}/contact-messages/${m.id}/show`}>
              <ListItemText primary={`${m.name}${m.company ? ` · ${m.company}` : ''}`} secondary={String(m.message ?? '').slice(0, 80)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Box sx={{ px: 2, pb: 1 }}>
        <Button component={RouterLink} to={`${b}/contact-messages`} size="small">
          {translate('app.common.seeAll')}
        </Button>
      </Box>
    </Card>
  );
}

export function Dashboard() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const b = useBasename();
  const translate = useTranslate();
  const query = useQuery({ queryKey: queryKeys.dashboard, queryFn: () => dataProvider.dashboard(), retry: false });
  const data: DashboardData | null = query.data ?? null;
  const error = query.error ? errorMessage(query.error, translate('app.dashboard.loadFailed')) : null;

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="app.menu.dashboard" />
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <Skeleton variant="rounded" height={120} />}
      {data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
            <Kpi
              icon={<CurrencyIcon />}
              title={translate('app.dashboard.todayRevenue')}
              value={money(data.todayRevenue, data.currency)}
              note={data.mixedCurrencies ? translate('app.money.mixedNote') : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
            <Kpi icon={<OrdersIcon />} title={translate('app.dashboard.todayOrders')} value={data.todayOrders} to={`${b}/orders`} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
            <Kpi
              icon={<CurrencyIcon />}
              title={translate('app.dashboard.monthRevenue')}
              value={money(data.monthRevenue, data.currency)}
              to={`${b}/analysis`}
              note={data.mixedCurrencies ? translate('app.money.mixedNote') : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
            <Kpi icon={<OrdersIcon />} title={translate('app.dashboard.monthOrders')} value={data.monthOrders} to={`${b}/analysis`} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
            <Kpi icon={<PendingIcon />} title={translate('app.dashboard.pendingOrders')} value={data.pendingOrders} to={`${b}/orders`} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
            <Kpi icon={<CustomersIcon />} title={translate('app.dashboard.newCustomers')} value={data.newCustomers} to={`${b}/users`} />
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <RevenueChart series={data.revenueSeries ?? []} currency={data.currency} />
              <OrdersCard title={translate('app.dashboard.latestOrders')} orders={data.latestOrders ?? []} />
            </Box>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <SalesModeCard />
              <QuotesCard />
              <PermitsCard />
              <PendingOrders />
              <Card>
                <CardHeader
                  slotProps={{ title: { component: 'h2' } }}
                  avatar={<InventoryIcon color="warning" />}
                  title={translate('app.dashboard.lowStock')}
                />
                {(data.lowStock ?? []).length === 0 ? (
                  <CardContent>
                    <Typography color="text.secondary">{translate('app.dashboard.noLowStock')}</Typography>
                  </CardContent>
                ) : (
                  <List dense>
                    {data.lowStock.map((v) => (
                      <ListItem key={v.variantId} disablePadding>
                        <ListItemButton component={RouterLink} to={`${b}/products/${v.productId}`}>
                          <ListItemText primary={`${v.productName} · ${v.variantName}`} secondary={v.sku} />
                          <Chip size="small" color={v.stock === 0 ? 'error' : 'warning'} label={v.stock} />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                )}
              </Card>
              <UnreadMessages />
            </Box>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
