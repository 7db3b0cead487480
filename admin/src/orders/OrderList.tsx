// Orders as in the react-admin demo: a tab per status with its count, a search box and filters
// above, a filter sidebar, sortable columns and CSV export; a SimpleList on phones.
import { Card, CardContent, Divider, Tab, Tabs } from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import PaymentIcon from '@mui/icons-material/Payment';
import { startOfDay, startOfMonth, startOfWeek, subMonths } from './dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, type ChangeEvent } from 'react';
import {
  CreateButton,
  DatagridConfigurable,
  ExportButton,
  FilterButton,
  FilterList,
  FilterListItem,
  List,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  FunctionField,
  useDataProvider,
  useListContext,
  useTranslate,
} from 'react-admin';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '@domain/orderStatus';
import type { ShopDataProvider } from '../dataProvider';
import { queryKeys } from '../queryKeys';
import { MoneyInput } from '../common/MoneyInput';
import {
  RecordLinkField,
  choicesOf,
  money,
  MoneyField,
  StatusChip,
  StatusChipField,
  useIsSmall,
  useIsWide,
  dateTime,
  DateTimeField,
} from '../common/fields';
import { csvExporter, csvValue } from '../common/exporter';
import { BulkShipmentButton } from './BulkShipmentButton';
import { BulkPackingSlipsButton } from './PackingSlips';
import { BgDateInput } from '../common/BgDateInput';

const orderFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BgDateInput key="gte" source="createdAt_gte" />,
  <BgDateInput key="lte" source="createdAt_lte" />,
  <MoneyInput key="tgte" source="total_gte" />,
  <MoneyInput key="tlte" source="total_lte" />,
  <SelectInput key="ps" source="paymentStatus" choices={choicesOf(PAYMENT_STATUSES, 'paymentStatus')} />,
  <SelectInput key="pm" source="paymentMethod" choices={choicesOf(PAYMENT_METHODS, 'paymentMethod')} />,
];

const customerName = (r: any) => [r.customer?.firstName, r.customer?.lastName].filter(Boolean).join(' ') || r.customer?.email || '';

const exporter = csvExporter<any>(
  'orders',
  (o) => ({
    number: o.number,
    createdAt: csvValue.dateTime(o.createdAt),
    status: csvValue.label('orderStatus', o.status),
    paymentStatus: csvValue.label('paymentStatus', o.paymentStatus),
    paymentMethod: csvValue.label('paymentMethod', o.paymentMethod),
    customer: customerName(o),
    'customer.email': o.customer?.email,
    'customer.phone': o.customer?.phone,
    'shipping.method': csvValue.label('shippingMethod', o.shipping?.method),
    'shipping.city': o.shipping?.city,
    'shipping.address': o.shipping?.address,
    itemCount: o.itemCount,
    subtotal: csvValue.money(o.subtotal),
    discountTotal: csvValue.money(o.discountTotal),
    shippingTotal: csvValue.money(o.shippingTotal),
    total: csvValue.money(o.total),
    trackingNumber: o.trackingNumber,
  }),
  {
    number: 'identifier',
    'customer.phone': 'identifier',
    trackingNumber: 'identifier',
    itemCount: 'number',
    subtotal: 'number',
    discountTotal: 'number',
    shippingTotal: 'number',
    total: 'number',
  },
);

function OrderListActions() {
  return (
    <TopToolbar>
      <CreateButton label="app.orders.createTitle" />
      <FilterButton />
      <SelectColumnsButton />
      <ExportButton />
    </TopToolbar>
  );
}

/** The filter sidebar (the demo's Aside): search, dates, payment. */
function OrderFilterSidebar() {
  const translate = useTranslate();
  const today = new Date();
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 220, flexShrink: 0, display: { xs: 'none', lg: 'block' } }}>
      <CardContent sx={{ pt: 1 }}>
        <FilterList label="resources.orders.fields.createdAt" icon={<AccessTimeIcon />}>
          <FilterListItem
            label={translate('app.filters.today')}
            value={{ createdAt_gte: startOfDay(today).toISOString(), createdAt_lte: undefined }}
          />
          <FilterListItem
            label={translate('app.filters.thisWeek')}
            value={{ createdAt_gte: startOfWeek(today).toISOString(), createdAt_lte: undefined }}
          />
          <FilterListItem
            label={translate('app.filters.thisMonth')}
            value={{ createdAt_gte: startOfMonth(today).toISOString(), createdAt_lte: undefined }}
          />
          <FilterListItem
            label={translate('app.filters.lastMonth')}
            value={{ createdAt_gte: subMonths(startOfMonth(today), 1).toISOString(), createdAt_lte: startOfMonth(today).toISOString() }}
          />
        </FilterList>
        <FilterList label="resources.orders.fields.paymentStatus" icon={<PaymentIcon />}>
          {PAYMENT_STATUSES.map((s) => (
            <FilterListItem key={s} label={translate(`app.paymentStatus.${s}`)} value={{ paymentStatus: s }} />
          ))}
        </FilterList>
        <FilterList label="resources.orders.fields.paymentMethod" icon={<PaymentIcon />}>
          {PAYMENT_METHODS.map((m) => (
            <FilterListItem key={m} label={translate(`app.paymentMethod.${m}`)} value={{ paymentMethod: m }} />
          ))}
        </FilterList>
      </CardContent>
    </Card>
  );
}

const TABS = ['all', ...ORDER_STATUSES] as const;

function TabbedDatagrid() {
  const listContext = useListContext();
  const { filterValues, setFilters, displayedFilters } = listContext;
  const translate = useTranslate();
  const isSmall = useIsSmall();
  const isWide = useIsWide();
  const dataProvider = useDataProvider<ShopDataProvider>();
  // Asked again whenever the list shows other orders or other statuses (a move, a bulk action, a
  // refresh); the last counts stay on the tabs meanwhile.
  const shown = (listContext.data ?? []).map((o) => `${o.id}:${o.status}`).join(',');
  const { data: counts = {} } = useQuery({
    queryKey: [...queryKeys.orderCounts, shown],
    queryFn: () => dataProvider.orderCounts(),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const current = (filterValues.status as string | undefined) ?? 'all';
  const handleChange = useCallback(
    (_: ChangeEvent<unknown>, value: string) => {
      const { status: _omit, ...rest } = filterValues;
      setFilters(value === 'all' ? rest : { ...rest, status: value }, displayedFilters);
    },
    [displayedFilters, filterValues, setFilters],
  );
  const total = Object.values(counts).reduce((a, b) => a + b, 0);

  return (
    <>
      <Tabs variant="scrollable" scrollButtons="auto" value={current} indicatorColor="primary" onChange={handleChange}>
        {TABS.map((s) => {
          const label = s === 'all' ? translate('app.orders.all') : translate(`app.orderStatus.${s}`);
          const n = s === 'all' ? total : counts[s];
          return <Tab key={s} value={s} label={n !== undefined ? `${label} (${n})` : label} />;
        })}
      </Tabs>
      <Divider />
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => `${r.number} · ${customerName(r)}`}
          secondaryText={(r: any) => `${dateTime(r.createdAt)} · ${translate(`app.orderStatus.${r.status}`, { _: r.status })}`}
          tertiaryText={(r: any) => money(r.total, r.currency)}
          linkType="edit"
        />
      ) : (
        <DatagridConfigurable
          rowClick="edit"
          bulkActionButtons={
            <>
              <BulkPackingSlipsButton />
              {current === 'confirmed' && <BulkShipmentButton />}
            </>
          }
          omit={['paymentMethod']}
          sx={{
            '& .column-number, & .column-createdAt, & .column-total': { whiteSpace: 'nowrap' },
            '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
          }}
        >
          <RecordLinkField source="number" />
          <DateTimeField source="createdAt" />
          <FunctionField
            source="customer"
            sortable={false}
            render={(r: any) => (
              <span>
                {customerName(r)}
                <br />
                <small style={{ opacity: 0.7, overflowWrap: 'anywhere' }}>{r.customer?.email}</small>
              </span>
            )}
          />
          {/* Columns by width, as the demo: the status and the money always; the rest when there is room. */}
          {isWide && <FunctionField source="shipping.city" sortable={false} render={(r: any) => r.shipping?.city ?? ''} />}
          {isWide && <TextField source="itemCount" sortable={false} />}
          <MoneyField source="total" />
          <FunctionField source="status" render={(r: any) => <StatusChip value={r.status} group="orderStatus" />} />
          <StatusChipField source="paymentStatus" group="paymentStatus" sortable={false} />
          {isWide && (
            <FunctionField
              source="paymentMethod"
              sortable={false}
              render={(r: any) => translate(`app.paymentMethod.${r.paymentMethod}`, { _: r.paymentMethod })}
            />
          )}
        </DatagridConfigurable>
      )}
    </>
  );
}

export function OrderList() {
  return (
    <List
      sx={{ contain: 'inline-size', '& .RaList-main': { minWidth: 0 } }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={orderFilters}
      actions={<OrderListActions />}
      aside={<OrderFilterSidebar />}
      exporter={exporter}
    >
      <TabbedDatagrid />
    </List>
  );
}
