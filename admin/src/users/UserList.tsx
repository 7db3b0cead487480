import { Card, CardContent } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import {
  BooleanField,
  CreateButton,
  DatagridConfigurable,
  EmailField,
  ExportButton,
  FilterButton,
  FilterList,
  FilterListItem,
  FilterLiveSearch,
  List,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { ROLES } from '@domain/limits';
import { RecordLinkField, choicesOf, dateTime, StatusChipField, useIsSmall, useIsWide, DateTimeField } from '../common/fields';
import { csvExporter, csvValue } from '../common/exporter';
import { startOfMonth, startOfWeek } from '../orders/dates';
import { BgDateInput } from '../common/BgDateInput';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={choicesOf(ROLES, 'role')} />,
  <BgDateInput key="gte" source="createdAt_gte" />,
  <BgDateInput key="lte" source="createdAt_lte" />,
];

const exporter = csvExporter<any>(
  'users',
  (u) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    role: csvValue.label('role', u.role),
    createdAt: csvValue.dateTime(u.createdAt),
    lastLoginAt: csvValue.dateTime(u.lastLoginAt),
  }),
  { id: 'number', phone: 'identifier' },
);

function UserFilterSidebar() {
  const translate = useTranslate();
  const now = new Date();
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 220, flexShrink: 0, display: { xs: 'none', lg: 'block' } }}>
      <CardContent sx={{ pt: 1 }}>
        <FilterLiveSearch source="q" />
        <FilterList label="resources.users.fields.role" icon={<PersonIcon />}>
          {ROLES.map((r) => (
            <FilterListItem key={r} label={translate(`app.role.${r}`)} value={{ role: r }} />
          ))}
        </FilterList>
        <FilterList label="resources.users.fields.createdAt" icon={<AccessTimeIcon />}>
          <FilterListItem label={translate('app.filters.thisWeek')} value={{ createdAt_gte: startOfWeek(now).toISOString() }} />
          <FilterListItem label={translate('app.filters.thisMonth')} value={{ createdAt_gte: startOfMonth(now).toISOString() }} />
        </FilterList>
      </CardContent>
    </Card>
  );
}

export function UserList() {
  const isSmall = useIsSmall();
  const isWide = useIsWide();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      exporter={exporter}
      aside={<UserFilterSidebar />}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton />
          <SelectColumnsButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email}
          secondaryText={(r: any) => r.email}
          tertiaryText={(r: any) => dateTime(r.createdAt)}
          linkType="edit"
        />
      ) : (
        <DatagridConfigurable rowClick="edit" bulkActionButtons={false}>
          <RecordLinkField source="lastName" render={(r: any) => r.lastName || r.firstName || r.email} />
          <TextField source="firstName" sortable={false} />
          <EmailField source="email" />
          <TextField source="phone" sortable={false} />
          <StatusChipField source="role" group="role" sortable={false} />
          <BooleanField source="emailVerified" sortable={false} />
          {isWide && <BooleanField source="twoFactorEnabled" sortable={false} />}
          <DateTimeField source="createdAt" />
          {isWide && <DateTimeField source="lastLoginAt" sortable={false} />}
        </DatagridConfigurable>
      )}
    </List>
  );
}
