// One customer, as in the react-admin demo's customer page: who they are and how to reach them,
// their spending at a glance, where their parcels went, and their orders with links. Guests are
// keyed by e-mail like registered customers (the record's id is the e-mail).
import {
  Avatar,
  Box,
  Card,
  CardContent,
  Chip,
  Divider,
  Grid,
  Link,
  List as MuiList,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import { Link as RouterLink } from 'react-router-dom';
import { Show, useBasename, useCreatePath, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { PrivacyRequestButton } from './PrivacyRequest';
import type { ApiCustomerDetail } from '@domain/api';
import { COURIER_LABELS } from '@domain/couriers';
import { date, dateTime, money, StatusChip, useIsSmall } from '../common/fields';
import { ordersOf, type CustomerRecord } from './CustomerList';

type CustomerDetailRecord = ApiCustomerDetail & CustomerRecord;
type OrderRow = ApiCustomerDetail['orders'][number];
type AddressRow = ApiCustomerDetail['addresses'][number];

const fullName = (c: { firstName: string; lastName: string; email: string }) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email;
const initials = (c: { firstName: string; lastName: string; email: string }) =>
  ([c.firstName[0], c.lastName[0]].filter(Boolean).join('') || c.email[0] || '?').toUpperCase();

function CustomerTitle() {
  const record = useRecordContext<CustomerDetailRecord>();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.customers.name', { smart_count: 1 })} ${fullName(record)}` : ''}</span>;
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

function addressLines(a: AddressRow): [string, string] {
  if (a.office)
    return [
      `${COURIER_LABELS[a.office.courier] ?? a.office.courier} · ${a.office.name} (${a.office.code})`,
      [a.office.city, a.office.address].filter(Boolean).join(', '),
    ];
  return [[a.postcode, a.city].filter(Boolean).join(' '), a.address];
}

function Orders({ record }: { record: CustomerDetailRecord }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const isSmall = useIsSmall();
  const orderPath = (o: OrderRow) => createPath({ resource: 'orders', id: o.id, type: 'edit' });
  if (!record.orders.length) return <Typography color="text.secondary">{translate('app.customers.noOrders')}</Typography>;
  if (isSmall) {
    return (
      <MuiList dense disablePadding aria-label={translate('app.customers.orders')}>
        {record.orders.map((o) => (
          <ListItemButton key={o.id} component={RouterLink} to={orderPath(o)} divider sx={{ px: 0 }}>
            <ListItemText
              primary={
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <span>{o.number}</span>
                  <span>{money(o.total, o.currency)}</span>
                </Box>
              }
              secondary={
                <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                  <span>{dateTime(o.createdAt)}</span>
                  <StatusChip value={o.status} group="orderStatus" />
                  <StatusChip value={o.paymentStatus} group="paymentStatus" />
                </Box>
              }
              secondaryTypographyProps={{ component: 'div' }}
            />
          </ListItemButton>
        ))}
      </MuiList>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.customers.orders')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.orders.fields.number')}</TableCell>
            <TableCell>{translate('resources.orders.fields.createdAt')}</TableCell>
            <TableCell>{translate('resources.orders.fields.status')}</TableCell>
            <TableCell>{translate('resources.orders.fields.paymentStatus')}</TableCell>
            <TableCell align="right">{translate('app.analysis.quantity')}</TableCell>
            <TableCell align="right">{translate('resources.orders.fields.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.orders.map((o) => (
            <TableRow key={o.id} hover>
              <TableCell>
                <Link component={RouterLink} to={orderPath(o)}>
                  {o.number}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(o.createdAt)}</TableCell>
              <TableCell>
                <StatusChip value={o.status} group="orderStatus" />
              </TableCell>
              <TableCell>
                <StatusChip value={o.paymentStatus} group="paymentStatus" />
              </TableCell>
              <TableCell align="right">{o.itemCount}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(o.total, o.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function CustomerDetail() {
  const record = useRecordContext<CustomerDetailRecord>();
  const translate = useTranslate();
  const basename = useBasename();
  const redirect = useRedirect();
  if (!record) return null;
  // react-admin first shows the list's row while the page's own answer (with orders) is on its way.
  if (!Array.isArray(record.orders)) return <Skeleton variant="rounded" height={320} sx={{ maxWidth: '80em' }} />;
  const t = (key: string, options?: object) => translate(`app.customers.${key}`, options);
  return (
    <Box sx={{ maxWidth: '80em', minWidth: 0, '& .MuiTypography-root': { overflowWrap: 'anywhere' } }}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
                <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56 }}>{initials(record)}</Avatar>
                <Box sx={{ minWidth: 0 }}>
                  {/* The page's h1 is the layout's (CustomerTitle); the name beside the picture is its card's heading. */}
                  <Typography variant="h5" component="h2">
                    {fullName(record)}
                  </Typography>
                  <Chip
                    size="small"
                    label={record.registered ? t('registeredOne') : t('guestOne')}
                    color={record.registered ? 'primary' : 'default'}
                    sx={{ mt: 0.5 }}
                  />
                  {record.registered && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={record.emailVerified ? t('emailVerified') : t('emailUnverified')}
                      color={record.emailVerified ? 'success' : 'warning'}
                      sx={{ mt: 0.5, ml: 1 }}
                    />
                  )}
                </Box>
              </Stack>
              <Box
                sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 2 }}
              >
                <Figure label={translate('resources.customers.fields.orderCount')} value={record.orderCount} />
                <Figure label={translate('resources.customers.fields.totalSpent')} value={money(record.totalSpent)} />
                <Figure label={t('averageOrder')} value={money(record.averageOrder)} />
                <Figure label={t('lastOrderAt')} value={record.lastOrderAt ? date(record.lastOrderAt) : '—'} />
              </Box>
              <Divider sx={{ my: 2 }} />
              <Typography variant="h6" component="h3" gutterBottom>
                {t('orders')}
              </Typography>
              <Orders record={record} />
              {record.orderCount > record.orders.length && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('latestShown', { shown: record.orders.length, count: record.orderCount })}
                </Typography>
              )}
              {record.orderCount > 0 && (
                <Link component={RouterLink} to={ordersOf(record, basename)} sx={{ display: 'inline-block', mt: 1 }}>
                  {t('allOrders')}
                </Link>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h3" gutterBottom>
                  {t('contacts')}
                </Typography>
                <Stack spacing={1}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
                    <EmailIcon fontSize="small" color="action" />
                    <Link href={`mailto:${record.email}`} sx={{ overflowWrap: 'anywhere' }}>
                      {record.email}
                    </Link>
                  </Box>
                  {record.phones.map((p) => (
                    <Box key={p} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      <PhoneIcon fontSize="small" color="action" />
                      <Link href={`tel:${p.replace(/\s/g, '')}`}>{p}</Link>
                    </Box>
                  ))}
                  {record.registered && record.createdAt && (
                    <Typography variant="body2" color="text.secondary">
                      {t('registeredSince', { date: date(record.createdAt) })}
                    </Typography>
                  )}
                  {record.firstOrderAt && (
                    <Typography variant="body2" color="text.secondary">{`${t('firstOrderAt')}: ${date(record.firstOrderAt)}`}</Typography>
                  )}
                  <Box>
                    <PrivacyRequestButton
                      email={record.email}
                      label={translate('app.privacy.forCustomer')}
                      onErased={() => redirect('list', 'customers')}
                    />
                  </Box>
                </Stack>
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h3" gutterBottom>
                  {t('addresses')}
                </Typography>
                {record.addresses.length ? (
                  <MuiList dense disablePadding>
                    {record.addresses.map((a, i) => {
                      const [first, second] = addressLines(a);
                      return (
                        <ListItem key={i} disableGutters alignItems="flex-start">
                          <PlaceIcon fontSize="small" color="action" sx={{ mr: 1, mt: 0.75 }} />
                          <ListItemText
                            primary={first}
                            secondary={
                              <>
                                {second}
                                <br />
                                {`${translate(`app.shippingMethod.${a.method}`, { _: a.method })} · ${t('usedTimes', { count: a.orderCount, date: date(a.lastUsedAt) })}`}
                              </>
                            }
                          />
                        </ListItem>
                      );
                    })}
                  </MuiList>
                ) : (
                  <Typography color="text.secondary">{t('noAddresses')}</Typography>
                )}
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}

/** `id` may be given (tests); otherwise it comes from the route. */
export function CustomerShow({ id }: { id?: string } = {}) {
  return (
    <Show id={id} title={<CustomerTitle />} component="div" actions={false}>
      <CustomerDetail />
    </Show>
  );
}
