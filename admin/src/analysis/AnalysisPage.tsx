// /admin/analysis: a date range and a granularity; revenue, orders and average order value over
// time, top products, TWINS vs TRIPLES, revenue by category, orders by status, new customers.
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Grid,
  MenuItem,
  Skeleton,
  TextField,
  Typography,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { periodLabel } from '@domain/dates';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsData, Granularity, ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { queryKeys } from '../queryKeys';
import { money } from '../common/fields';
import { SalesReportCard } from '../invoices/SalesReportCard';
import { BgDateField, useBgDateState } from '../common/BgDateInput';

const COLORS = ['#1f6f5c', '#e07a5f', '#3d5a80', '#f2cc8f', '#81b29a', '#9c6644', '#6d597a'];

export function isoDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Revenue of the two lines, from the category breakdown (categories named TWINS / TRIPLES). */
export function linesOf(byCategory: AnalyticsData['byCategory']) {
  const sum = (line: string) =>
    byCategory
      .filter((c) => c.category.toUpperCase().includes(line))
      .reduce((a, c) => ({ revenue: a.revenue + c.revenue, quantity: a.quantity + c.quantity }), { revenue: 0, quantity: 0 });
  return [
    { name: 'TWINS', ...sum('TWINS') },
    { name: 'TRIPLES', ...sum('TRIPLES') },
  ];
}

function ChartCard({ title, children, height = 280 }: { title: string; children: React.ReactElement; height?: number }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={title} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent>
        <Box sx={{ width: '100%', height }}>
          <ResponsiveContainer>{children}</ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

export function AnalysisPage() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const translate = useTranslate();
  const today = useMemo(() => new Date(), []);
  // Typed as dd.mm.yyyy; the range asked for changes only with a real day (a wrong one says so).
  const fromTyped = useBgDateState(isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)));
  const toTyped = useBgDateState(isoDate(today));
  const [from, setFrom] = useState(fromTyped.value!);
  const [to, setTo] = useState(toTyped.value!);
  useEffect(() => {
    if (fromTyped.valid) setFrom(fromTyped.value!);
    if (toTyped.valid) setTo(toTyped.value!);
  }, [fromTyped.valid, fromTyped.value, toTyped.valid, toTyped.value]);
  const [granularity, setGranularity] = useState<Granularity>('day');
  // Another range keeps the last figures on screen until its own arrive.
  const query = useQuery({
    queryKey: queryKeys.analytics({ from, to, granularity }),
    queryFn: () => dataProvider.analytics({ from, to, granularity }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data: AnalyticsData | null = query.data ?? null;
  const error = query.error ? errorMessage(query.error, translate('app.analysis.loadFailed')) : null;

  const t = (k: string) => translate(`app.analysis.${k}`);
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="app.analysis.title" />
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <BgDateField
            label={t('from')}
            value={fromTyped.value}
            onChange={fromTyped.setValue}
            error={Boolean(fromTyped.error)}
            helperText={fromTyped.error}
            size="small"
            sx={{ width: 180 }}
          />
          <BgDateField
            label={t('to')}
            value={toTyped.value}
            onChange={toTyped.setValue}
            error={Boolean(toTyped.error)}
            helperText={toTyped.error}
            size="small"
            sx={{ width: 180 }}
          />
          <TextField
            select
            label={t('granularity')}
            value={granularity}
            onChange={(e) => setGranularity(e.target.value as Granularity)}
            size="small"
            fullWidth={false}
            sx={{ width: 180 }}
          >
            {(['day', 'week', 'month'] as const).map((g) => (
              <MenuItem key={g} value={g}>
                {t(g)}
              </MenuItem>
            ))}
          </TextField>
        </CardContent>
      </Card>
      <SalesReportCard />
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <Skeleton variant="rounded" height={300} />}
      {data && (
        <Grid container spacing={2}>
          {[
            ['revenue', money(data.totals.revenue, data.currency)],
            ['orders', data.totals.orders],
            ['aov', money(data.totals.averageOrderValue, data.currency)],
            ['newCustomers', data.totals.newCustomers],
          ].map(([k, v]) => (
            <Grid key={k as string} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card>
                <CardContent>
                  <Typography color="text.secondary" variant="body2">
                    {t(k as string)}
                  </Typography>
                  <Typography variant="h5">{v}</Typography>
                  {data.mixedCurrencies && (k === 'revenue' || k === 'aov') && (
                    <Typography variant="caption" color="text.secondary">
                      {translate('app.money.mixedNote')}
                    </Typography>
                  )}
                </CardContent>
              </Card>
            </Grid>
          ))}
          <Grid size={{ xs: 12, lg: 8 }}>
            <ChartCard title={t('revenue')}>
              <BarChart data={data.series}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="period" tickFormatter={(p: string) => periodLabel(p)} />
                <YAxis width={70} />
                <Tooltip formatter={(v) => money(v, data.currency)} labelFormatter={(p) => periodLabel(String(p))} />
                <Bar dataKey="revenue" name={t('revenue')} fill={COLORS[0]} />
              </BarChart>
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <ChartCard title={t('lines')}>
              <PieChart>
                <Pie
                  data={linesOf(data.byCategory)}
                  dataKey="revenue"
                  nameKey="name"
                  outerRadius={90}
                  label={(e: { name?: string }) => e.name ?? ''}
                >
                  {linesOf(data.byCategory).map((_, i) => (
                    <Cell key={i} fill={COLORS[i]} />
                  ))}
                </Pie>
                <Tooltip formatter={(v) => money(v, data.currency)} labelFormatter={(p) => periodLabel(String(p))} />
                <Legend />
              </PieChart>
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={t('orders')}>
              <LineChart data={data.series}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="period" tickFormatter={(p: string) => periodLabel(p)} />
                <YAxis allowDecimals={false} />
                <Tooltip labelFormatter={(p) => periodLabel(String(p))} />
                <Line type="monotone" dataKey="orders" name={t('orders')} stroke={COLORS[2]} />
              </LineChart>
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={t('aov')}>
              <LineChart data={data.series}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="period" tickFormatter={(p: string) => periodLabel(p)} />
                <YAxis width={70} />
                <Tooltip formatter={(v) => money(v, data.currency)} labelFormatter={(p) => periodLabel(String(p))} />
                <Line type="monotone" dataKey="averageOrderValue" name={t('aov')} stroke={COLORS[1]} />
              </LineChart>
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardHeader title={t('topProducts')} titleTypographyProps={{ variant: 'h6' }} />
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('resources.products.name', { smart_count: 1 })}</TableCell>
                    <TableCell align="right">{t('quantity')}</TableCell>
                    <TableCell align="right">{t('revenue')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.topProducts.map((p) => (
                    <TableRow key={p.productId}>
                      <TableCell>{p.name}</TableCell>
                      <TableCell align="right">{p.quantity}</TableCell>
                      <TableCell align="right">{money(p.revenue, data.currency)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {data.topProducts.length === 0 && <CardContent>{t('noData')}</CardContent>}
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={t('byStatus')}>
              <BarChart
                data={data.byStatus.map((s) => ({ ...s, label: translate(`app.orderStatus.${s.status}`, { _: s.label }) }))}
                layout="vertical"
              >
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="label" width={100} />
                <Tooltip labelFormatter={(p) => periodLabel(String(p))} />
                <Bar dataKey="count" name={t('orders')} fill={COLORS[4]} />
              </BarChart>
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={t('byCategory')}>
              <BarChart data={data.byCategory}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="category" />
                <YAxis width={70} />
                <Tooltip formatter={(v) => money(v, data.currency)} labelFormatter={(p) => periodLabel(String(p))} />
                <Bar dataKey="revenue" name={t('revenue')} fill={COLORS[3]} />
              </BarChart>
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={t('newCustomers')}>
              <BarChart data={data.newCustomers}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="period" tickFormatter={(p: string) => periodLabel(p)} />
                <YAxis allowDecimals={false} />
                <Tooltip labelFormatter={(p) => periodLabel(String(p))} />
                <Bar dataKey="count" name={t('newCustomers')} fill={COLORS[5]} />
              </BarChart>
            </ChartCard>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
