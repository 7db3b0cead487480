// The audit log: every change made in the panel, read-only, newest first, with the record
// before and after (opened from Настройки).
import HistoryIcon from '@mui/icons-material/History';
import { Box, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, SelectInput, Show, SimpleShowLayout, TextField, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../common/fields';

const ENTITIES = ['orders', 'products', 'categories', 'users', 'admins', 'payments', 'discounts', 'settings', 'notifications', 'contact-messages'].map((id) => ({ id, name: `resources.${id}.name` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Имейл" />,
  <SelectInput key="entity" source="entity" choices={ENTITIES} translateChoice />,
  <TextInput key="entityId" source="entityId" />,
];

function Json({ source }: { source: 'before' | 'after' }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  return (
    <Box>
      <Typography variant="subtitle2">{translate(`resources.audit-log.fields.${source}`)}</Typography>
      <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, maxHeight: 420, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}

export function AuditLogList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={50} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="createdAt" />
        <TextField source="actorEmail" />
        <FunctionField source="entity" render={(r: { entity: string; entityId: string }) => `${r.entity}${r.entityId ? ` #${r.entityId}` : ''}`} />
        <TextField source="action" />
        <TextField source="ip" />
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
        <TextField source="action" />
        <TextField source="ip" />
        <Json source="before" />
        <Json source="after" />
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: AuditLogList, show: AuditLogShow, icon: HistoryIcon, recordRepresentation: (r: { action: string; entity: string }) => `${r.entity} · ${r.action}` };
