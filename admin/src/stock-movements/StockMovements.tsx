// The stock's history: every movement of every variant (a sale, stock back, a count, a
// correction, an import, a first figure), newest first, with its reason in words, the order, who
// and the note. The whole list (filters by product, variant, reason and dates) and the history of
// one product or variant on its own page.
import { Chip } from '@mui/material';
import {
  AutocompleteInput,
  Datagrid,
  FunctionField,
  Link,
  List,
  Pagination,
  ReferenceInput,
  ReferenceManyField,
  SelectInput,
  TextField,
  useCreatePath,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { STOCK_REASONS, type ApiStockMovement } from '@domain/stock';
import { BgDateInput } from '../common/BgDateInput';
import { choicesOf, DateTimeField, useIsSmall } from '../common/fields';

type MovementRecord = ApiStockMovement & RaRecord;

/** Taken in red with its minus, added in green with a plus. */
export function DeltaField(_props: { label?: string; source?: string; sortable?: boolean }) {
  return (
    <FunctionField<MovementRecord>
      source="delta"
      render={(r) => (
        <Chip
          size="small"
          variant="outlined"
          color={r.delta < 0 ? 'error' : r.delta > 0 ? 'success' : 'default'}
          label={r.delta > 0 ? `+${r.delta}` : String(r.delta)}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        />
      )}
    />
  );
}

function ReasonField(_props: { label?: string; source?: string }) {
  const translate = useTranslate();
  return <FunctionField<MovementRecord> source="reason" render={(r) => translate(`app.stockReason.${r.reason}`)} />;
}

function OrderField(_props: { label?: string; source?: string; sortable?: boolean }) {
  const createPath = useCreatePath();
  return (
    <FunctionField<MovementRecord>
      source="orderNumber"
      sortable={false}
      render={(r) =>
        r.orderId ? (
          <Link
            to={createPath({ resource: 'orders', id: r.orderId, type: 'edit' })}
            onClick={(e: { stopPropagation(): void }) => e.stopPropagation()}
          >
            {r.orderNumber}
          </Link>
        ) : (
          ''
        )
      }
    />
  );
}

/** The movements' columns; `withProduct` adds which product (the list of every product). */
function MovementGrid({ withProduct }: { withProduct: boolean }) {
  const isSmall = useIsSmall();
  const translate = useTranslate();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyHistory />}>
      {isSmall ? (
        // A phone: when, why and what in one cell, so the change and the stock after fit beside them.
        <FunctionField<MovementRecord>
          source="createdAt"
          render={(r) => (
            <>
              <DateTimeField source="createdAt" />
              <br />
              <small>
                {translate(`app.stockReason.${r.reason}`)} · {withProduct ? `${r.productName} · ${r.variantName}` : r.variantName}
              </small>
            </>
          )}
        />
      ) : (
        <DateTimeField source="createdAt" />
      )}
      {!isSmall && withProduct && (
        <FunctionField<MovementRecord> source="productName" render={(r) => `${r.productName} · ${r.variantName}`} />
      )}
      {!isSmall && !withProduct && <TextField source="variantName" sortable={false} />}
      {!isSmall && <TextField source="sku" />}
      {!isSmall && <ReasonField source="reason" />}
      <DeltaField source="delta" />
      <TextField source="stockAfter" />
      {!isSmall && <OrderField source="orderNumber" />}
      {!isSmall && <TextField source="userEmail" sortable={false} />}
      {!isSmall && <TextField source="note" sortable={false} />}
    </Datagrid>
  );
}

function EmptyHistory() {
  const translate = useTranslate();
  return <p style={{ padding: '1em' }}>{translate('app.inventory.noHistory')}</p>;
}

const filters = [
  <SelectInput key="reason" source="reason" choices={choicesOf(STOCK_REASONS, 'stockReason')} alwaysOn />,
  <ReferenceInput key="productId" source="productId" reference="products" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <ReferenceInput key="variantId" source="variantId" reference="inventory" sort={{ field: 'productName', order: 'ASC' }}>
    <AutocompleteInput
      optionText={(r: { productName: string; variantName: string; sku: string }) => `${r.productName} ${r.variantName} (${r.sku})`}
      filterToQuery={(q: string) => ({ q })}
    />
  </ReferenceInput>,
  <BgDateInput key="gte" source="createdAt_gte" />,
  <BgDateInput key="lte" source="createdAt_lte" />,
];

export function StockMovementList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} perPage={50} filters={filters} exporter={false}>
      <MovementGrid withProduct />
    </List>
  );
}

/** The history of one product (its page), newest first. */
export function ProductStockHistory() {
  return (
    <ReferenceManyField
      reference="stock-movements"
      target="productId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
    >
      <MovementGrid withProduct={false} />
    </ReferenceManyField>
  );
}
