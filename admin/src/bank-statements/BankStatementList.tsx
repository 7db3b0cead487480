// „Банкови извлечения“: the statements staff uploaded, newest first, with how many credits each
// brought and how many still wait to be confirmed; each opens to its lines.
import { Box, Chip, Typography } from '@mui/material';
import { CreateButton, Datagrid, FunctionField, List, NumberField, SimpleList, TextField, TopToolbar, useTranslate } from 'react-admin';
import { dateTime, DateTimeField, RecordLinkField, useIsSmall } from '../common/fields';

export interface BankStatementRow {
  id: number;
  format: string;
  accountIban: string;
  statementRef: string;
  fileName: string;
  createdBy: string;
  createdAt: string;
  lineCount: number;
  toConfirm: number;
}

/** CAMT.053 or MT940, as banks name them. */
export const formatLabel = (format: string) => (format === 'camt053' ? 'CAMT.053' : format === 'mt940' ? 'MT940' : format);

/** No statement yet: what the page is for, and the way to the first upload. */
function NoStatements() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, textAlign: 'center', width: '100%' }}>
      <Typography sx={{ mb: 2 }}>{translate('app.bankStatements.empty')}</Typography>
      <CreateButton label="app.bankStatements.upload" variant="contained" />
    </Box>
  );
}

function ToConfirm({ record }: { record: BankStatementRow }) {
  if (!record.toConfirm) return <>0</>;
  return <Chip size="small" color="warning" label={record.toConfirm} />;
}

export function BankStatementList() {
  const isSmall = useIsSmall();
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
      empty={<NoStatements />}
      actions={
        <TopToolbar>
          <CreateButton label="app.bankStatements.upload" />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList<BankStatementRow>
          primaryText={(r) => r.fileName || formatLabel(r.format)}
          secondaryText={(r) =>
            `${formatLabel(r.format)} · ${translate('resources.bank-statements.fields.lineCount')}: ${r.lineCount} · ${translate(
              'resources.bank-statements.fields.toConfirm',
            )}: ${r.toConfirm}`
          }
          tertiaryText={(r) => dateTime(r.createdAt)}
          linkType="show"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="show">
          <DateTimeField source="createdAt" sortable={false} />
          <RecordLinkField source="fileName" type="show" sortable={false} render={(r: BankStatementRow) => r.fileName || `№ ${r.id}`} />
          <FunctionField<BankStatementRow> source="format" sortable={false} render={(r) => formatLabel(r.format)} />
          <TextField source="accountIban" sortable={false} />
          <NumberField source="lineCount" sortable={false} />
          <FunctionField<BankStatementRow> source="toConfirm" sortable={false} render={(r) => <ToConfirm record={r} />} />
        </Datagrid>
      )}
    </List>
  );
}
