// Вземания: what each company owes — unpaid and overdue totals, the oldest due date, its credit
// (money paid and not allocated yet) and the balance after it, where its dunning stands and how
// many days it is overdue — with links to its statement of account and its unpaid orders (where a
// payment is marked paid, through the payments' path). On a phone each company is one row that
// opens its statement.
import { Box, Button, Typography } from '@mui/material';
import {
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useNotify,
  useRefresh,
  useTranslate,
  useDataProvider,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { formatMoney } from '@domain/money';
import { formatDate } from '@domain/dates';
import type { DunningStage } from '@domain/dunning';
import type { ShopDataProvider } from '../dataProvider';
import { useIsSmall, useIsWide } from '../common/fields';
import { statementPath } from '../companies/statementPath';
import { DunningStageChip } from './DunningStageChip';

export interface ReceivableRecord {
  id: number;
  companyId: number;
  companyName: string;
  eik: string;
  contactEmail: string;
  creditLimit: number | null;
  paymentTermsDays: number;
  unpaidCount: number;
  unpaidTotal: number;
  overdueCount: number;
  overdueTotal: number;
  oldestDueAt: string | null;
  /** Paid and not allocated yet; the balance is what it owes less this. */
  credit: number;
  balance: number;
  dunningStage: DunningStage;
  daysOverdue: number;
  currency: string;
  ordersLink: string;
}

function RemindButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const remind = async () => {
    try {
      const { message } = await dataProvider.remindReceivables();
      notify(message, { type: 'info' });
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

/** An amount that calls for action (overdue, days overdue) in bold red; nothing owed stays plain. */
function Alarming({ when, children }: { when: boolean; children: string | number }) {
  return (
    <Typography component="span" variant="body2" color={when ? 'error' : undefined} fontWeight={when ? 700 : undefined}>
      {children}
    </Typography>
  );
}

export function ReceivableList() {
  const translate = useTranslate();
  const isSmall = useIsSmall();
  const isWide = useIsWide();
  return (
    <List
      filters={filters}
      sort={{ field: 'overdueTotal', order: 'DESC' }}
      exporter={false}
      actions={<RemindButton />}
      sx={{ contain: 'inline-size', '& .RaList-main': { minWidth: 0 } }}
    >
      <Typography variant="body2" sx={{ px: 2, pt: 1 }}>
        {translate('app.receivables.help')}
      </Typography>
      {isSmall ? (
        <SimpleList<ReceivableRecord>
          primaryText={(r) => r.companyName}
          secondaryText={(r) =>
            [
              `${translate('resources.receivables.fields.balance')}: ${formatMoney(r.balance, r.currency)}`,
              translate(`app.receivables.stage.${r.dunningStage}`),
              r.daysOverdue > 0 ? translate('app.receivables.daysOverdue', { smart_count: r.daysOverdue }) : null,
            ]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={() => translate('app.receivables.statement')}
          rowClick={(_id, _resource, r) => statementPath(r.companyId)}
        />
      ) : (
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          sx={{
            '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
            '& td': { verticalAlign: 'middle' },
            '& .column-companyName': { minWidth: '11em' },
            '& .column-oldestDueAt': { whiteSpace: 'nowrap' },
          }}
        >
          <TextField source="companyName" />
          {isWide && <TextField source="eik" sortable={false} />}
          {isWide && <NumberField source="unpaidCount" />}
          <FunctionField<ReceivableRecord> source="unpaidTotal" textAlign="right" render={(r) => formatMoney(r.unpaidTotal, r.currency)} />
          <FunctionField<ReceivableRecord> source="credit" textAlign="right" render={(r) => formatMoney(r.credit, r.currency)} />
          <FunctionField<ReceivableRecord>
            source="balance"
            textAlign="right"
            render={(r) => (
              <Typography component="span" variant="body2" fontWeight={700}>
                {formatMoney(r.balance, r.currency)}
              </Typography>
            )}
          />
          <FunctionField<ReceivableRecord>
            source="overdueTotal"
            textAlign="right"
            render={(r) => <Alarming when={r.overdueTotal > 0}>{formatMoney(r.overdueTotal, r.currency)}</Alarming>}
          />
          <FunctionField<ReceivableRecord> source="oldestDueAt" render={(r) => (r.oldestDueAt ? formatDate(r.oldestDueAt) : '—')} />
          <FunctionField<ReceivableRecord>
            source="dunningStage"
            sortable={false}
            render={(r) => <DunningStageChip stage={r.dunningStage} />}
          />
          <FunctionField<ReceivableRecord>
            source="daysOverdue"
            textAlign="right"
            render={(r) => <Alarming when={r.daysOverdue > 0}>{r.daysOverdue}</Alarming>}
          />
          {isWide && (
            <FunctionField<ReceivableRecord>
              source="creditLimit"
              sortable={false}
              render={(r) => (r.creditLimit === null ? translate('app.receivables.noLimit') : formatMoney(r.creditLimit, r.currency))}
            />
          )}
          <FunctionField<ReceivableRecord>
            label=""
            render={(r) => (
              <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, whiteSpace: 'nowrap' }}>
                <Link to={statementPath(r.companyId)}>{translate('app.receivables.statement')}</Link>
                <Link to={r.ordersLink}>{translate('app.receivables.openOrders')}</Link>
              </Box>
            )}
          />
        </Datagrid>
      )}
    </List>
  );
}
