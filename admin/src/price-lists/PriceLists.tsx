// Trade price lists („Ценови листи“): a discount off the retail price without VAT and
// fixed net prices per variant, each from a quantity („От количество“: 1 is the base, more is a
// quantity break; several rows per variant), given to approved companies (Търговци). Beside each
// fixed price the variant's retail price and what the discount alone would make it, so staff see
// what they change.
import { Box, InputAdornment, Typography } from '@mui/material';
import {
  ArrayInput,
  AutocompleteInput,
  Create,
  CreateButton,
  Datagrid,
  DeleteButton,
  Edit,
  FormDataConsumer,
  FunctionField,
  List,
  maxLength,
  maxValue,
  minValue,
  NumberField,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SearchInput,
  SimpleForm,
  SimpleFormIterator,
  SimpleList,
  TextInput,
  Toolbar,
  TopToolbar,
  useGetOne,
  useNotify,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { parseMoneyInput, toMinor, fromMinor } from '@domain/money';
import { PRICE_MAX, QUANTITY_MAX } from '@domain/limits';
import { tradeUnitNet } from '@domain/trade';
import { SHOP_VAT_PERCENT } from '@domain/pricing';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { PRICE_LIST_NAME_MAX } from '@domain/schemas/priceLists';
import { RecordLinkField, DateTimeField, money, useIsSmall } from '../common/fields';
import { MoneyInput } from '../common/MoneyInput';
import { useSaveThenList } from '../common/saveThenList';
import { errorMessage } from '../httpClient';
import { StaleEditAlert, withStaleEdit, withVersion } from '../layout/StaleEditAlert';

const percentText = (n: number) => String(n).replace('.', ',');

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function PriceListList() {
  const isSmall = useIsSmall();
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => r.name}
          secondaryText={(r: any) =>
            `${translate('app.priceLists.percent', { value: percentText(r.discountPercent) })} · ${r.priceCount} · ${r.companyCount}`
          }
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <RecordLinkField source="name" />
          <FunctionField
            source="discountPercent"
            render={(r: any) => translate('app.priceLists.percent', { value: percentText(r.discountPercent) })}
          />
          <NumberField source="priceCount" sortable={false} />
          <NumberField source="companyCount" sortable={false} />
          <DateTimeField source="updatedAt" />
        </Datagrid>
      )}
    </List>
  );
}

/** "12,5" or "12.5" → 12.5; what cannot be read stays text and is refused. */
const parsePercent = (text: string) => (text.trim() === '' ? null : (parseMoneyInput(text) ?? text));
const formatPercent = (v: unknown) => (typeof v === 'number' ? percentText(v) : typeof v === 'string' ? v : '');
const percentRule: Validator = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? undefined
    : typeof v !== 'number' || v < 0 || v > 100
      ? PRICE_LIST_TEXTS.discountInvalid
      : undefined;

/** The variant's retail price and the price by the list's discount alone, beside a fixed price. */
function VariantPrices({ variantId }: { variantId?: number }) {
  const translate = useTranslate();
  const discount = useWatch({ name: 'discountPercent' });
  const { data } = useGetOne('inventory', { id: variantId! }, { enabled: !!variantId });
  if (!variantId || !data || typeof data.price !== 'number') return null;
  const gross = toMinor(data.price);
  const discountBp = typeof discount === 'number' ? Math.round(discount * 100) : 0;
  return (
    <Box sx={{ alignSelf: 'center', minWidth: '14em' }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.priceLists.retail', { gross: money(data.price), net: money(fromMinor(tradeUnitNet(gross, SHOP_VAT_PERCENT, 0))) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.priceLists.computed', { net: money(fromMinor(tradeUnitNet(gross, SHOP_VAT_PERCENT, discountBp))) })}
      </Typography>
    </Box>
  );
}

/** A quantity is whole units. */
const wholeUnits: Validator = (v: unknown) =>
  typeof v === 'number' && !Number.isInteger(v) ? PRICE_LIST_TEXTS.minQuantityInvalid : undefined;

/** One price per variant and quantity: the second row of a pair says so before anything is sent
 *  (the server refuses it too). */
const oneRowPerQuantity: Validator = (prices: unknown) => {
  if (!Array.isArray(prices)) return undefined;
  const seen = new Set<string>();
  for (const p of prices) {
    if (!p?.variantId) continue;
    const pair = `${p.variantId} ${p.minQuantity ?? 1}`;
    if (seen.has(pair)) return PRICE_LIST_TEXTS.breakTwice;
    seen.add(pair);
  }
  return undefined;
};

const variantText = (r: any) => (r ? `${r.sku} · ${r.productName} – ${r.variantName}` : '');

function PriceListForm() {
  const translate = useTranslate();
  return (
    <SimpleForm warnWhenUnsavedChanges sx={{ maxWidth: '64em' }} toolbar={<PriceListToolbar />}>
      <StaleEditAlert />
      <TextInput source="name" validate={[required(), maxLength(PRICE_LIST_NAME_MAX)]} fullWidth />
      <TextInput
        source="discountPercent"
        format={formatPercent}
        parse={parsePercent}
        validate={percentRule}
        helperText="app.priceLists.discountHelp"
        slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {translate('app.priceLists.pricesHelp')}
      </Typography>
      <ArrayInput source="prices" label={false} validate={oneRowPerQuantity}>
        <SimpleFormIterator inline disableReordering>
          <ReferenceInput source="variantId" reference="inventory" sort={{ field: 'productName', order: 'ASC' }} perPage={20}>
            <AutocompleteInput
              optionText={variantText}
              filterToQuery={(q: string) => ({ q })}
              validate={required()}
              helperText="app.priceLists.variantHelp"
              sx={{ minWidth: '22em' }}
            />
          </ReferenceInput>
          <NumberInput
            source="minQuantity"
            defaultValue={1}
            min={1}
            step={1}
            validate={[required(), minValue(1), maxValue(QUANTITY_MAX), wholeUnits]}
            helperText={false}
            sx={{ maxWidth: '9em' }}
          />
          <MoneyInput source="netPrice" validate={[required(), maxValue(PRICE_MAX)]} helperText={false} />
          <FormDataConsumer>{({ scopedFormData }) => <VariantPrices variantId={scopedFormData?.variantId} />}</FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

/** Delete asks first, and says which companies would be left without a list. */
function PriceListToolbar() {
  const record = useRecordContext();
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record?.id !== undefined && (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle={translate('app.priceLists.deleteTitle')}
          confirmContent={PRICE_LIST_TEXTS.deleteConfirm(String(record.name), Number(record.companyCount ?? 0))}
          mutationOptions={{
            onSuccess: () => notify('app.priceLists.deleted', { type: 'success' }),
            onError: (e: unknown) => notify(errorMessage(e, translate('app.priceLists.deleteFailed')), { type: 'error' }),
          }}
        />
      )}
    </Toolbar>
  );
}

const PriceListTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.price-lists.name', { smart_count: 1 })} „${record.name}“` : ''}</span>;
};

/** Only what the server takes (the read-outs beside each price are dropped there anyway). */
const toPayload = ({ name, discountPercent, prices }: any) => ({
  name,
  discountPercent: discountPercent ?? 0,
  prices: (prices ?? []).map((p: any) => ({ variantId: p.variantId, netPrice: p.netPrice, minQuantity: p.minQuantity ?? 1 })),
});

export function PriceListEdit() {
  const saving = useSaveThenList('price-lists', 'app.priceLists.updated', 'app.priceLists.saveFailed');
  return (
    <Edit
      title={<PriceListTitle />}
      mutationMode="pessimistic"
      transform={withVersion(toPayload)}
      mutationOptions={{ ...saving, onError: withStaleEdit(saving.onError) }}
    >
      <PriceListForm />
    </Edit>
  );
}

export function PriceListCreate() {
  const saving = useSaveThenList('price-lists', 'app.priceLists.created', 'app.priceLists.saveFailed');
  return (
    <Create transform={toPayload} mutationOptions={saving}>
      <PriceListForm />
    </Create>
  );
}
