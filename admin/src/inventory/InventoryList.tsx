// Stock at a glance: every variant of every product, with the stock counted in place (Enter or
// leaving the field saves the figure found; Escape puts the saved number back), a correction or a
// count with a note, and each variant's history. Low stock is one click away.
import LowStockIcon from '@mui/icons-material/WarningAmber';
import HistoryIcon from '@mui/icons-material/ManageHistory';
import { TextField as MuiTextField } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import {
  Datagrid,
  ExportButton,
  FunctionField,
  List,
  SearchInput,
  TextField,
  Button,
  useListContext,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
  useCreatePath,
  type RaRecord,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { StockAdjustButton } from './StockAdjustDialog';
import { csvExporter, csvValue } from '../common/exporter';
import { MoneyField, StatusChipField, useIsSmall } from '../common/fields';
import { errorMessage } from '../httpClient';
import { ImportButton } from './ImportDialog';

export interface InventoryRecord extends RaRecord {
  productId: number;
  productName: string;
  productStatus: string;
  variantName: string;
  sku: string;
  stock: number;
  /** Pieces in a trade pack. */
  packSize?: number;
  /** The variant's own strength (mg/ml); null: the product's. */
  nicotineMgMl?: number | null;
  price: number;
  productSlug: string;
  categoryName: string | null;
}

// The columns the import reads back (ImportDialog), its optional pack size and nicotine strength
// included: edit in Excel, import, done.
const exporter = csvExporter<InventoryRecord>(
  'inventory',
  (r) => ({
    productName: r.productName,
    productSlug: r.productSlug,
    variantName: r.variantName,
    sku: r.sku,
    price: csvValue.money(r.price),
    stock: r.stock,
    packSize: r.packSize ?? 1,
    nicotineMgMl: csvValue.decimal(r.nicotineMgMl),
    productStatus: csvValue.label('productStatus', r.productStatus),
    categoryName: r.categoryName ?? '',
  }),
  { sku: 'identifier', price: 'number', stock: 'number', packSize: 'number', nicotineMgMl: 'number' },
);

/** The stock of one variant, saved where it is typed. */
export function StockCell() {
  const record = useRecordContext<InventoryRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<InventoryRecord>();
  const [text, setText] = useState<string | null>(null);
  if (!record) return null;
  const value = text ?? String(record.stock);
  const valid = /^\d{1,7}$/.test(value.trim());
  const save = () => {
    if (text === null || !valid || Number(text) === record.stock) {
      setText(null);
      return;
    }
    update(
      'inventory',
      { id: record.id, data: { stock: Number(text) }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.inventory.saved', { type: 'success', messageArgs: { name: `${record.productName} ${record.variantName}` } });
          setText(null);
        },
        onError: (e) => notify(errorMessage(e, translate('app.inventory.saveFailed')), { type: 'error' }),
      },
    );
  };
  const key = (e: KeyboardEvent) => {
    if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
    if (e.key === 'Escape') setText(null);
  };
  return (
    <MuiTextField
      value={value}
      onChange={(e) => setText(e.target.value)}
      onBlur={save}
      onKeyDown={key}
      onClick={(e) => e.stopPropagation()}
      size="small"
      error={!valid}
      disabled={isPending}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          'aria-label': translate('app.inventory.stockOf', { name: `${record.productName} ${record.variantName}` }),
          style: { textAlign: 'right', width: '5em' },
        },
      }}
    />
  );
}

/** A correction or count with a note, and the variant's history (the movements list, filtered). */
function StockActions() {
  const record = useRecordContext<InventoryRecord>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  const name = `${record.productName} ${record.variantName}`;
  const history = `${createPath({ resource: 'stock-movements', type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ variantId: record.id }))}`;
  return (
    <span style={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
      <StockAdjustButton variantId={Number(record.id)} name={name} stock={record.stock} />
      <Button
        component={RouterLink}
        to={history}
        label="app.inventory.history"
        aria-label={translate('app.inventory.historyOf', { name })}
        onClick={(e) => e.stopPropagation()}
      >
        <HistoryIcon />
      </Button>
    </span>
  );
}

/** The whole stock's history. */
function HistoryButton() {
  const createPath = useCreatePath();
  return (
    <Button component={RouterLink} to={createPath({ resource: 'stock-movements', type: 'list' })} label="app.menu.stockMovements">
      <HistoryIcon />
    </Button>
  );
}

/** Only the variants at or under the low-stock threshold, and back. */
function LowStockButton() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const on = Boolean(filterValues.lowStock);
  const { lowStock: _off, ...rest } = filterValues;
  return (
    <Button
      label="app.products.lowStock"
      variant={on ? 'contained' : 'text'}
      aria-pressed={on}
      onClick={() => setFilters(on ? rest : { ...rest, lowStock: true }, displayedFilters)}
    >
      {/* On a phone react-admin shows a toolbar button by its icon alone. */}
      <LowStockIcon />
    </Button>
  );
}

export function InventoryList() {
  const isSmall = useIsSmall();
  return (
    <List
      sort={{ field: 'productName', order: 'ASC' }}
      perPage={50}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      exporter={exporter}
      actions={
        <TopToolbar>
          <LowStockButton />
          <HistoryButton />
          <ExportButton />
          <ImportButton />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        {isSmall ? (
          <FunctionField source="productName" render={(r: InventoryRecord) => `${r.productName} · ${r.variantName}`} />
        ) : (
          <TextField source="productName" />
        )}
        {!isSmall && <TextField source="variantName" />}
        {!isSmall && <TextField source="sku" />}
        {!isSmall && <MoneyField source="price" />}
        {!isSmall && <StatusChipField source="productStatus" group="productStatus" sortable={false} />}
        <FunctionField source="stock" render={() => <StockCell />} />
        <FunctionField label="" render={() => <StockActions />} />
      </Datagrid>
    </List>
  );
}
