// The audit log: every change made in the panel, read-only, newest first, with the record
// before and after (opened from Настройки).
import HistoryIcon from '@mui/icons-material/History';
import { Box, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateTimeField, RecordLinkField, dateTime } from '../common/fields';
import { BgDateInput } from '../common/BgDateInput';

const ENTITIES = [
  'orders',
  'products',
  'categories',
  'users',
  'admins',
  'payments',
  'discounts',
  'settings',
  'notifications',
  'contact-messages',
  'flavour-lists',
].map((id) => ({ id, name: `resources.${id}.name` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Имейл" />,
  <SelectInput key="entity" source="entity" choices={ENTITIES} translateChoice />,
  <TextInput key="entityId" source="entityId" />,
  <BgDateInput key="gte" source="createdAt_gte" />,
  <BgDateInput key="lte" source="createdAt_lte" />,
];

function Json({ source }: { source: 'before' | 'after' }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  return (
    <Box>
      <Typography variant="subtitle2">{translate(`resources.audit-log.fields.${source}`)}</Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 12,
          maxHeight: 420,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}

interface AuditRow {
  entity: string;
  entityId: string;
  action: string;
  ip?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** An IPv4 address as people write it: "::ffff:127.0.0.1" → "127.0.0.1". */
export function plainIp(ip: string | null | undefined): string {
  return String(ip ?? '').replace(/^::ffff:/i, '') || '—';
}

/** "Поръчка №91 — промяна": the record in words, with its number when it has one. */
export function AuditWhat({ record }: { record: AuditRow }) {
  const translate = useTranslate();
  const resource =
    record.entity.endsWith('s') || record.entity === 'settings' || record.entity === 'audit-log' ? record.entity : `${record.entity}s`;
  const name = translate(`resources.${resource}.name`, { smart_count: 1, _: record.entity });
  const action = translate(`app.audit.${record.action}`, { _: record.action });
  return <span>{`${name}${record.entityId ? ` №${record.entityId}` : ''} — ${action}`}</span>;
}

export function AuditLogList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={50} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <RecordLinkField source="createdAt" type="show" render={(r: AuditRow & { createdAt?: string }) => dateTime(r.createdAt)} />
        <TextField source="actorEmail" />
        <FunctionField source="entity" render={(r: AuditRow) => <AuditWhat record={r} />} />
        <FunctionField source="ip" render={(r: AuditRow) => plainIp(r.ip)} />
      </Datagrid>
    </List>
  );
}

export function AuditLogShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateTimeField source="createdAt" />
        <TextField source="actorEmail" />
        <TextField source="entity" />
        <TextField source="entityId" />
        <FunctionField source="action" render={(r: AuditRow) => <AuditWhat record={r} />} />
        <FunctionField source="ip" render={(r: AuditRow) => plainIp(r.ip)} />
        <Json source="before" />
        <Json source="after" />
      </SimpleShowLayout>
    </Show>
  );
}

export default {
  list: AuditLogList,
  show: AuditLogShow,
  icon: HistoryIcon,
  recordRepresentation: (r: { action: string; entity: string }) => `${r.entity} · ${r.action}`,
};
