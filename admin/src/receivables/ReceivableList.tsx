// Вземания: what each company owes — unpaid and overdue totals, the oldest due date —
// with a link to its unpaid orders (where a payment is marked paid, through the payments' path).
import { Button, Typography } from '@mui/material';
import {
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  TextField,
  TextInput,
  TopToolbar,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { formatMoney } from '@domain/money';
import { formatDate } from '@domain/dates';
import { httpClient } from '../httpClient';

export interface ReceivableRecord {
  id: number;
  companyId: number;
  companyName: string;
  eik: string;
  creditLimit: number | null;
  paymentTermsDays: number;
  unpaidCount: number;
  unpaidTotal: number;
  overdueCount: number;
  overdueTotal: number;
  oldestDueAt: string | null;
  currency: string;
  ordersLink: string;
}

function RemindButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const remind = async () => {
    try {
      const { json } = await httpClient('/api/admin/receivables/remind', { method: 'POST', body: '{}' });
      notify((json as { message: string }).message, { type: 'info' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <TopToolbar>
      <Button size="small" onClick={() => void remind()}>
        {translate('app.receivables.remind')}
      </Button>
    </TopToolbar>
  );
}

const filters = [<BooleanInput key="overdue" source="overdue" alwaysOn />, <TextInput key="q" source="q" alwaysOn />];

export function ReceivableList() {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'overdueTotal', order: 'DESC' }} exporter={false} actions={<RemindButton />}>
      <Typography variant="body2" sx={{ px: 2, pt: 1 }}>
        {translate('app.receivables.help')}
      </Typography>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="companyName" />
        <TextField source="eik" sortable={false} />
        <NumberField source="unpaidCount" />
        <FunctionField<ReceivableRecord> source="unpaidTotal" textAlign="right" render={(r) => formatMoney(r.unpaidTotal, r.currency)} />
        <FunctionField<ReceivableRecord>
          source="overdueTotal"
          textAlign="right"
          render={(r) => (
            <Typography component="span" color={r.overdueTotal > 0 ? 'error' : undefined} fontWeight={r.overdueTotal > 0 ? 700 : undefined}>
              {formatMoney(r.overdueTotal, r.currency)}
            </Typography>
          )}
        />
        <FunctionField<ReceivableRecord> source="oldestDueAt" render={(r) => (r.oldestDueAt ? formatDate(r.oldestDueAt) : '—')} />
        <FunctionField<ReceivableRecord>
          source="creditLimit"
          sortable={false}
          render={(r) => (r.creditLimit === null ? translate('app.receivables.noLimit') : formatMoney(r.creditLimit, r.currency))}
        />
        <FunctionField<ReceivableRecord>
          label=""
          render={(r) => <Link to={r.ordersLink}>{translate('app.receivables.openOrders')}</Link>}
        />
      </Datagrid>
    </List>
  );
}
