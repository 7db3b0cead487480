// Customers as in the react-admin demo: registered customers and guest buyers (one row per e-mail)
// with their orders, spending and last order; search by name in either order or by phone written
// any way; a SimpleList on phones. A row opens the customer's page (CustomerShow).
import { Card, CardContent, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import PersonIcon from '@mui/icons-material/Person';
import {
  BooleanField,
  DatagridConfigurable,
  ExportButton,
  FilterList,
  FilterListItem,
  List,
  NumberField,
  SearchInput,
  SelectColumnsButton,
  SimpleList,
  TextField,
  TopToolbar,
  useBasename,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { csvExporter, csvValue } from '../common/exporter';
import { RecordLinkField, DateTimeField, money, MoneyField, useIsSmall, useIsWide } from '../common/fields';
import type { ApiCustomer } from '@domain/api';
import { PrivacyRequestButton } from './PrivacyRequest';

export type CustomerRecord = ApiCustomer & RaRecord;

const fullName = (c: CustomerRecord) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email;

const exporter = csvExporter<CustomerRecord>(
  'customers',
  (c) => ({
    name: fullName(c),
    email: c.email,
    phone: c.phone,
    registered: csvValue.yesNo(c.registered),
    orderCount: c.orderCount,
    totalSpent: csvValue.money(c.totalSpent),
    lastOrderAt: csvValue.dateTime(c.lastOrderAt),
  }),
  { phone: 'identifier', orderCount: 'number', totalSpent: 'number' },
);

/** A customer's page (their id is the e-mail). */
export const customerPath = (c: CustomerRecord, basename = '/admin') => `${basename}/customers/${encodeURIComponent(c.id)}`;

/** A customer's orders: the order list filtered by the e-mail. */
export const ordersOf = (c: CustomerRecord, basename = '/admin') =>
  `${basename}/orders?${new URLSearchParams({ filter: JSON.stringify({ customerEmail: c.email }) })}`;

function CustomerFilterSidebar() {
  const translate = useTranslate();
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 220, flexShrink: 0, display: { xs: 'none', lg: 'block' } }}>
      <CardContent sx={{ pt: 1 }}>
        <FilterList label="resources.customers.fields.registered" icon={<PersonIcon />}>
          <FilterListItem label={translate('app.customers.registered')} value={{ registered: true }} />
          <FilterListItem label={translate('app.customers.guests')} value={{ registered: false }} />
        </FilterList>
      </CardContent>
    </Card>
  );
}

export function CustomerList() {
  const isSmall = useIsSmall();
  const isWide = useIsWide();
  const translate = useTranslate();
  // A row click's path is taken as written: it needs the /admin basename.
  const basename = useBasename();
  return (
    <List
      sort={{ field: 'lastOrderAt', order: 'DESC' }}
      perPage={25}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('app.customers.searchHelp')} />]}
      aside={<CustomerFilterSidebar />}
      exporter={exporter}
      actions={
        <TopToolbar>
          <SelectColumnsButton />
          <ExportButton />
          <PrivacyRequestButton />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList<CustomerRecord>
          rowClick={false}
          primaryText={(c) => (
            <Link component={RouterLink} to={customerPath(c, basename)} underline="none" color="inherit" sx={{ display: 'block' }}>
              {fullName(c)}
            </Link>
          )}
          secondaryText={(c) => [c.phone, c.email].filter(Boolean).join(' · ')}
          tertiaryText={(c) => `${c.orderCount} · ${money(c.totalSpent)}`}
        />
      ) : (
        <DatagridConfigurable rowClick="edit" bulkActionButtons={false}>
          <RecordLinkField source="lastName" label="resources.customers.fields.name" render={(c: CustomerRecord) => fullName(c)} />
          <TextField source="email" sx={{ overflowWrap: 'anywhere' }} />
          <TextField source="phone" sortable={false} />
          {isWide && <BooleanField source="registered" sortable={false} />}
          <NumberField source="orderCount" />
          <MoneyField source="totalSpent" />
          <DateTimeField source="lastOrderAt" />
        </DatagridConfigurable>
      )}
    </List>
  );
}
