// The product form (create and edit): details, variants, attributes and their values, images
// (uploaded by the dataProvider before saving) and SEO, in tabs. A saved variant's stock is shown,
// not edited: the form's figure would be stale once an order is taken, so stock changes through a
// correction or a count (StockAdjustButton) and the product's page lists its history. A new
// variant's figure is its first stock.
import { DISPOSABLE_TEXT } from '@domain/salesModeTexts';
import { PRODUCT_WEIGHT_MAX_GRAMS } from '@domain/couriers';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  useRecordContext,
  useTranslate,
  ImageField,
  ImageInput,
  maxValue,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextInput,
  maxLength,
} from 'react-admin';
import { PRICE_MAX, PRODUCT_STATUSES, QUANTITY_MAX, SKU_MAX, STOCK_MAX, TANK_COUNT_MAX, TITLE_MAX, VOLUME_MAX_ML } from '@domain/limits';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { directiveErrors, isProductKind, PRODUCT_KINDS, PRODUCT_KIND_LABELS, TANK_KINDS } from '@domain/productKinds';
import { FlavourPicker } from './FlavourPicker';
import { choicesOf } from '../common/fields';
import { MoneyInput } from '../common/MoneyInput';
import { isValidGtin } from '@domain/gtin';
import { PACK_SIZE_MAX } from '@domain/schemas/catalogue';
import { PRODUCT_DATA } from '@domain/messages';
import { StaleEditToolbar } from '../layout/StaleEditAlert';
import { Box, Typography } from '@mui/material';
import { StockAdjustButton } from '../inventory/StockAdjustDialog';
import { ProductStockHistory } from '../stock-movements/StockMovements';

/** Optional; when given, 8, 12, 13 or 14 digits with the GS1 check digit (the server checks the same). */
const gtin = (value: unknown) => (typeof value === 'string' && value !== '' && !isValidGtin(value) ? PRODUCT_DATA.gtinInvalid : undefined);

const KIND_CHOICES = PRODUCT_KINDS.map((id) => ({ id, name: PRODUCT_KIND_LABELS[id] }));

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v));

/** The tobacco directive's rule for one field, on the whole form: the server's rule and words
 *  (domain/productKinds), shown under the field before anything is sent. */
const directive = (field: 'nicotineMgMl' | 'volumeMl') => (_value: unknown, values: any) =>
  directiveErrors({
    kind: isProductKind(values?.kind) ? values.kind : 'device',
    tankCount: numberOrNull(values?.tankCount),
    nicotineMgMl: numberOrNull(values?.nicotineMgMl),
    volumeMl: numberOrNull(values?.volumeMl),
    variants: variantStrengths(values?.variants),
  })[field];

const variantStrengths = (variants: unknown): Array<{ nicotineMgMl: number | null }> =>
  Array.isArray(variants) ? variants.map((v) => ({ nicotineMgMl: numberOrNull(v?.nicotineMgMl) })) : [];

/** A variant's own strength, by the same rule (and words) as the server's. */
const variantNicotine = (value: unknown, values: any) =>
  directiveErrors({
    kind: isProductKind(values?.kind) ? values.kind : 'device',
    variants: [{ nicotineMgMl: numberOrNull(value) }],
  })['variants.0.nicotineMgMl'];

/** Stored images ({ url, alt }) as ImageInput values ({ src, title }); new files pass through. */
const formatImages = (value: any) =>
  Array.isArray(value)
    ? value.map((img) => (img?.rawFile ? img : { ...img, src: img?.src ?? img?.url, title: img?.title ?? img?.alt }))
    : value;

/** A disposable device may never be active (banned since 2025; the server refuses it too). */
const notActiveIfDisposable = (value: unknown, values: { disposable?: boolean }) =>
  values?.disposable && value === 'active' ? DISPOSABLE_TEXT.cannotBeActive : undefined;

/** A saved variant's stock as the server has it now (the page's record, refreshed after a
 *  correction), with the correction; a new variant's first stock as an input. */
interface SavedProduct {
  name: string;
  variants?: Array<{ id: number; name: string; stock: number }>;
}

/** `product`: the page's record, read outside the variants' list (inside it, the record is the variant). */
function VariantStock({ product }: { source?: string; label?: string; product: SavedProduct | undefined }) {
  const translate = useTranslate();
  return (
    <FormDataConsumer>
      {({ scopedFormData }) => {
        const saved = scopedFormData?.id ? product?.variants?.find((v) => v.id === scopedFormData.id) : undefined;
        if (!saved)
          return (
            <NumberInput
              source="stock"
              label="app.inventory.initialStock"
              defaultValue={0}
              validate={[minValue(0), maxValue(STOCK_MAX)]}
              helperText={false}
            />
          );
        const name = `${product!.name} ${saved.name}`;
        return (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: '12em' }}>
            <Box>
              <Typography variant="caption" color="text.secondary" component="div">
                {translate('resources.inventory.fields.stock')}
              </Typography>
              <Typography
                component="output"
                aria-label={translate('app.inventory.stockOf', { name })}
                title={translate('app.inventory.readOnly')}
              >
                {saved.stock}
              </Typography>
            </Box>
            <StockAdjustButton variantId={saved.id} name={name} stock={saved.stock} />
          </Box>
        );
      }}
    </FormDataConsumer>
  );
}

export function ProductForm({ stockHistory = false }: { stockHistory?: boolean }) {
  const product = useRecordContext<SavedProduct>();
  return (
    <TabbedForm
      warnWhenUnsavedChanges
      sx={{ maxWidth: '60em' }}
      // The tabs take only tabs: a stale save's alert sits above the save button.
      toolbar={<StaleEditToolbar />}
      defaultValues={{
        status: 'draft',
        featured: false,
        disposable: false,
        tradeMinimumQuantity: 1,
        tradeMultiple: null,
        kind: 'device',
        tankCount: 1,
        variants: [],
        attributes: [],
        images: [],
      }}
    >
      <TabbedForm.Tab label="app.products.details">
        <TextInput source="name" validate={[required(), maxLength(TITLE_MAX)]} fullWidth />
        <TextInput source="slug" helperText={false} fullWidth />
        <TextInput source="description" multiline minRows={4} fullWidth />
        <SelectInput
          source="status"
          choices={choicesOf(PRODUCT_STATUSES, 'productStatus')}
          validate={[required(), notActiveIfDisposable]}
        />
        <ReferenceInput source="categoryId" reference="categories" sort={{ field: 'name', order: 'ASC' }} perPage={200}>
          <SelectInput optionText="name" />
        </ReferenceInput>
        <MoneyInput source="price" validate={[required(), minValue(0), maxValue(PRICE_MAX)]} />
        <MoneyInput source="compareAtPrice" validate={[minValue(0), maxValue(PRICE_MAX)]} />
        <SelectInput source="kind" choices={KIND_CHOICES} validate={required()} translateChoice={false} />
        <FormDataConsumer>
          {({ formData }) =>
            TANK_KINDS.includes(formData?.kind) ? (
              <NumberInput
                source="tankCount"
                validate={[required(), minValue(1), maxValue(TANK_COUNT_MAX)]}
                helperText="app.products.tankCountHelp"
              />
            ) : null
          }
        </FormDataConsumer>
        <NumberInput source="nicotineMgMl" validate={[minValue(0), directive('nicotineMgMl')]} />
        <NumberInput
          source="volumeMl"
          validate={[minValue(0), maxValue(VOLUME_MAX_ML), directive('volumeMl')]}
          helperText="app.products.volumeHelp"
        />
        <NumberInput
          source="weightGrams"
          label="Тегло за куриера (г)"
          helperText="Празно: теглото по подразбиране от Настройки → Куриери"
          validate={[minValue(1), maxValue(PRODUCT_WEIGHT_MAX_GRAMS)]}
        />
        <BooleanInput source="featured" />
        <BooleanInput source="disposable" label={DISPOSABLE_TEXT.label} helperText={DISPOSABLE_TEXT.hint} />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="app.products.variants" path="variants">
        {/* What a trade line of the product must be: at least the minimum, in its multiple (or packs). */}
        <Typography variant="subtitle1" component="h2">
          {PRICE_LIST_TEXTS.tradeSection}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <NumberInput
            source="tradeMinimumQuantity"
            label={PRICE_LIST_TEXTS.tradeMinimumLabel}
            min={1}
            step={1}
            validate={[required(), minValue(1), maxValue(QUANTITY_MAX)]}
            helperText={false}
          />
          <NumberInput
            source="tradeMultiple"
            label={PRICE_LIST_TEXTS.tradeMultipleLabel}
            min={1}
            step={1}
            validate={[minValue(1), maxValue(QUANTITY_MAX)]}
            helperText={PRICE_LIST_TEXTS.tradeMultipleHelp}
          />
        </Box>
        <ArrayInput source="variants" label={false}>
          <SimpleFormIterator inline>
            <TextInput source="name" validate={required()} helperText={false} />
            <TextInput source="sku" validate={[required(), maxLength(SKU_MAX)]} helperText={false} />
            <MoneyInput source="price" validate={[minValue(0), maxValue(PRICE_MAX)]} helperText={false} />
            <VariantStock source="stock" product={product} />
            {/* Empty: the product's strength. */}
            <NumberInput source="nicotineMgMl" min={0} step={0.1} validate={[minValue(0), variantNicotine]} helperText={false} />
            <NumberInput
              source="packSize"
              defaultValue={1}
              min={1}
              step={1}
              validate={[minValue(1), maxValue(PACK_SIZE_MAX)]}
              helperText={false}
            />
            <TextInput source="gtin" label="GTIN (баркод)" validate={gtin} parse={(v: string) => v.replace(/\s/g, '')} helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="app.products.attributes" path="attributes">
        <FlavourPicker />
        <ArrayInput source="attributes" label={false}>
          <SimpleFormIterator>
            <TextInput source="name" validate={required()} helperText={false} />
            <ArrayInput source="values">
              <SimpleFormIterator inline>
                <TextInput source="value" label="app.products.value" validate={required()} helperText={false} />
              </SimpleFormIterator>
            </ArrayInput>
          </SimpleFormIterator>
        </ArrayInput>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="app.products.images" path="images">
        <ImageInput
          source="images"
          multiple
          accept={{ 'image/*': ['.jpg', '.jpeg', '.png', '.webp', '.gif'] }}
          format={formatImages}
          label={false}
        >
          <ImageField source="src" title="title" />
        </ImageInput>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="app.products.seo" path="seo">
        <TextInput source="seoTitle" validate={maxLength(TITLE_MAX)} fullWidth />
        <TextInput source="seoDescription" validate={maxLength(500)} multiline fullWidth />
      </TabbedForm.Tab>
      {stockHistory && (
        <TabbedForm.Tab label="app.inventory.history" path="stock">
          <ProductStockHistory />
        </TabbedForm.Tab>
      )}
    </TabbedForm>
  );
}
