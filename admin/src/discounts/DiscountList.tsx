import {
  BooleanField,
  BooleanInput,
  Create,
  CreateButton,
  Datagrid,
  Edit,
  ExportButton,
  FilterButton,
  FormDataConsumer,
  FunctionField,
  List,
  maxValue,
  minValue,
  NumberInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  TopToolbar,
  useNotify,
  useRedirect,
  useTranslate,
  useRecordContext,
} from 'react-admin';
import { csvExporter, csvValue } from '../common/exporter';

const discountExporter = csvExporter<any>(
  'discounts',
  (d) => ({
    code: d.code,
    type: csvValue.label('discountType', d.type),
    value: d.type === 'percent' ? d.value : csvValue.money(d.value),
    minSubtotal: csvValue.money(d.minSubtotal),
    startsAt: csvValue.dateTime(d.startsAt),
    endsAt: csvValue.dateTime(d.endsAt),
    usageLimit: d.usageLimit ?? '',
    perCustomerLimit: d.perCustomerLimit ?? '',
    usedCount: d.usedCount,
    active: csvValue.yesNo(d.active),
  }),
  { code: 'identifier', value: 'number', minSubtotal: 'number', usageLimit: 'number', perCustomerLimit: 'number', usedCount: 'number' },
);
import { Box } from '@mui/material';
import { RecordLinkField, choicesOf, money, MoneyField, useIsSmall, DateOnlyField } from '../common/fields';
import { MoneyInput } from '../common/MoneyInput';
import { fieldRule } from '../common/fieldRule';
import { discountCodeField } from '@domain/schemas/discounts';
import { errorMessage } from '../httpClient';
import { BgDateTimeInput } from '../common/BgDateInput';
import { StaleEditAlert, withStaleEdit, withVersion } from '../layout/StaleEditAlert';

const TYPES = ['percent', 'fixed', 'free_shipping'] as const;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="t" source="type" choices={choicesOf(TYPES, 'discountType')} />,
  <BooleanInput key="a" source="active" />,
];

export function discountValue(r: { type: string; value?: number | null }): string {
  if (r.type === 'percent') return `${r.value ?? 0}%`;
  if (r.type === 'fixed') return money(r.value);
  return '—';
}

export function DiscountList() {
  const isSmall = useIsSmall();
  const translate = useTranslate();
  return (
    <List
      exporter={discountExporter}
      sort={{ field: 'id', order: 'DESC' }}
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => r.code}
          secondaryText={(r: any) => `${translate(`app.discountType.${r.type}`)} · ${discountValue(r)}`}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit">
          <RecordLinkField source="code" />
          <FunctionField source="type" render={(r: any) => translate(`app.discountType.${r.type}`, { _: r.type })} />
          <FunctionField source="value" render={(r: any) => discountValue(r)} />
          <MoneyField source="minSubtotal" />
          <DateOnlyField source="startsAt" />
          <DateOnlyField source="endsAt" />
          <FunctionField source="usedCount" render={(r: any) => `${r.usedCount ?? 0}${r.usageLimit ? ` / ${r.usageLimit}` : ''}`} />
          <BooleanField source="active" />
        </Datagrid>
      )}
    </List>
  );
}

function DiscountForm() {
  return (
    <SimpleForm warnWhenUnsavedChanges defaultValues={{ type: 'percent', active: true }} sx={{ maxWidth: '40em' }}>
      <StaleEditAlert />
      <TextInput source="code" validate={[required(), fieldRule(discountCodeField)]} parse={(v: string) => v?.toUpperCase()} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <SelectInput source="type" choices={choicesOf(TYPES, 'discountType')} validate={required()} />
        <FormDataConsumer>
          {({ formData }) =>
            formData.type === 'free_shipping' ? null : formData.type === 'percent' ? (
              <NumberInput source="value" validate={[required(), minValue(1), maxValue(100)]} helperText="1–100 %" />
            ) : (
              <MoneyInput source="value" validate={[required(), minValue(0.01)]} />
            )
          }
        </FormDataConsumer>
      </Box>
      <MoneyInput source="minSubtotal" validate={minValue(0)} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <BgDateTimeInput source="startsAt" />
        <BgDateTimeInput source="endsAt" />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput source="usageLimit" validate={minValue(1)} />
        <NumberInput source="perCustomerLimit" validate={minValue(1)} />
      </Box>
      <BooleanInput source="active" />
    </SimpleForm>
  );
}

const clean = ({ code, type, value, minSubtotal, startsAt, endsAt, usageLimit, perCustomerLimit, active }: any) => ({
  code,
  type,
  value: type === 'free_shipping' ? null : value,
  minSubtotal: minSubtotal === '' ? null : (minSubtotal ?? null),
  startsAt: startsAt || null,
  endsAt: endsAt || null,
  usageLimit: usageLimit || null,
  perCustomerLimit: perCustomerLimit || null,
  active: Boolean(active),
});

const DiscountTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.discounts.name', { smart_count: 1 })} ${record.code}` : ''}</span>;
};

function useHandlers() {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      redirect('list', 'discounts');
    },
    onError: (e: unknown) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' }),
  };
}

export function DiscountEdit() {
  const handlers = useHandlers();
  return (
    <Edit
      title={<DiscountTitle />}
      mutationMode="pessimistic"
      transform={withVersion(clean)}
      mutationOptions={{ ...handlers, onError: withStaleEdit(handlers.onError) }}
    >
      <DiscountForm />
    </Edit>
  );
}

export function DiscountCreate() {
  return (
    <Create transform={clean} mutationOptions={useHandlers()}>
      <DiscountForm />
    </Create>
  );
}
