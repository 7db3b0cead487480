import { Avatar, Box, Chip } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  BulkDeleteButton,
  CreateButton,
  DatagridConfigurable,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { PRODUCT_STATUSES } from '@domain/limits';
import { PRODUCT_KINDS, PRODUCT_KIND_LABELS, isProductKind } from '@domain/productKinds';
import { MoneyInput } from '../common/MoneyInput';
import { RecordLink, choicesOf, money, MoneyField, useIsSmall } from '../common/fields';
import { csvExporter, csvValue } from '../common/exporter';
import { BulkStatusButton, ProductStatusField } from './ProductStatus';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={choicesOf(PRODUCT_STATUSES, 'productStatus')} alwaysOn />,
  <SelectInput
    key="kind"
    source="kind"
    choices={PRODUCT_KINDS.map((id) => ({ id, name: PRODUCT_KIND_LABELS[id] }))}
    translateChoice={false}
  />,
  <ReferenceInput key="cat" source="categoryId" reference="categories" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <MoneyInput key="pg" source="price_gte" />,
  <MoneyInput key="pl" source="price_lte" />,
  <BooleanInput key="f" source="featured" />,
  <BooleanInput key="ls" source="lowStock" />,
  <NumberInput key="sl" source="stock_lte" />,
];

const exporter = csvExporter<any>(
  'products',
  (p) => ({
    id: p.id,
    name: p.name,
    slug: p.slug,
    status: csvValue.label('productStatus', p.status),
    category: p.category?.name,
    kind: isProductKind(p.kind) ? PRODUCT_KIND_LABELS[p.kind as keyof typeof PRODUCT_KIND_LABELS] : '',
    price: csvValue.money(p.price),
    compareAtPrice: csvValue.money(p.compareAtPrice),
    stock: p.stock,
    skus: (p.variants ?? []).map((v: any) => v.sku).join(' '),
    nicotineMgMl: p.nicotineMgMl,
    volumeMl: p.volumeMl,
    featured: csvValue.yesNo(p.featured),
    createdAt: csvValue.dateTime(p.createdAt),
  }),
  {
    id: 'number',
    price: 'number',
    compareAtPrice: 'number',
    stock: 'number',
    skus: 'identifier',
    nicotineMgMl: 'number',
    volumeMl: 'number',
  },
);

const Thumbnail = ({ record }: { record: any }) => (
  <Avatar variant="rounded" src={record.images?.[0]?.url} alt={record.images?.[0]?.alt ?? record.name} sx={{ width: 48, height: 48 }}>
    {String(record.name ?? '?').slice(0, 1)}
  </Avatar>
);

const BulkActions = () => (
  <>
    <BulkStatusButton />
    <BulkDeleteButton mutationMode="pessimistic" />
  </>
);

function StockChip({ stock }: { stock: number }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={stock === 0 ? 'error' : stock <= 5 ? 'warning' : 'default'}
      label={stock}
      title={stock <= 5 ? translate('app.products.lowStock') : undefined}
    />
  );
}

export function ProductList() {
  const isSmall = useIsSmall();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      exporter={exporter}
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
          leftAvatar={(r: any) => <Thumbnail record={r} />}
          primaryText={(r: any) => r.name}
          secondaryText={(r: any) => `${money(r.price)} · ${r.stock ?? 0} бр.`}
          tertiaryText={(r: any) => r.status}
          linkType="edit"
        />
      ) : (
        <DatagridConfigurable rowClick="edit" bulkActionButtons={<BulkActions />}>
          <FunctionField label="resources.products.fields.image" sortable={false} render={(r: any) => <Thumbnail record={r} />} />
          <FunctionField
            source="name"
            render={(r: any) => (
              <Box>
                <RecordLink>{r.name}</RecordLink>
                <Box component="small" sx={{ display: 'block', opacity: 0.7 }}>
                  {(r.variants ?? []).length} вар. · {r.slug}
                </Box>
              </Box>
            )}
          />
          <TextField source="category.name" label="resources.products.fields.category" sortable={false} />
          <MoneyField source="price" />
          <FunctionField source="stock" render={(r: any) => <StockChip stock={Number(r.stock ?? 0)} />} />
          <BooleanField source="featured" />
          <ProductStatusField label="resources.products.fields.status" source="status" />
        </DatagridConfigurable>
      )}
    </List>
  );
}
