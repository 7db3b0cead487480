// An order taken by phone: the customer, the delivery, the payment method and the lines (product,
// variant, flavours, quantity). The server prices it and takes the stock exactly as at checkout.
import { Box, Typography } from '@mui/material';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  Create,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  email,
  maxLength,
  minValue,
  required,
  useGetOne,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { PAYMENT_METHODS, SHIPPING_METHODS } from '@domain/orderStatus';
import { PURCHASE_ORDER_NUMBER_MAX, TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { choicesOf } from '../common/fields';
import { fieldRule } from '../common/fieldRule';
import { phoneField, postcodeField } from '@domain/schemas/checkout';
import { errorMessage } from '../httpClient';

interface ProductChoice {
  id: number;
  name: string;
  variants?: { id: number; name: string; stock: number }[];
  attributes?: { id: number; name: string; values: { id: number; value: string }[] }[];
}

/** The variant and flavour choices of the product picked on this line (sources scoped to the line). */
function LineChoices({ productId }: { productId?: number }) {
  const translate = useTranslate();
  const { data: product } = useGetOne<ProductChoice>('products', { id: productId! }, { enabled: Boolean(productId) });
  if (!product) return null;
  const variants = (product.variants ?? []).map((v) => ({ id: v.id, name: `${v.name} (${v.stock} бр.)`, disabled: v.stock <= 0 }));
  return (
    <>
      {variants.length > 1 && (
        <SelectInput source="variantId" label={translate('app.orders.variant')} choices={variants} validate={required()} />
      )}
      {(product.attributes ?? []).map((a, i) => (
        <SelectInput
          key={a.id}
          source={`attributeValues.${i}`}
          label={a.name || translate('app.orders.flavour')}
          choices={a.values.map((v) => ({ id: `${a.id}:${v.id}`, name: v.value }))}
        />
      ))}
    </>
  );
}

/** Form lines → the checkout's `items` (attributes as { attributeId, attributeValueId }). */
export function phoneOrderPayload(data: Record<string, any>): Record<string, any> {
  const { items = [], ...rest } = data;
  return {
    ...rest,
    items: (items as any[]).map(({ productId, variantId, quantity, attributeValues }) => ({
      productId,
      ...(variantId ? { variantId } : {}),
      quantity,
      attributes: ((attributeValues ?? []) as (string | undefined)[])
        .filter((v): v is string => typeof v === 'string' && v.includes(':'))
        .map((v) => {
          const [attributeId, attributeValueId] = v.split(':').map(Number);
          return { attributeId, attributeValueId };
        }),
    })),
  };
}

export function OrderCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return (
    <Create
      title="app.orders.createTitle"
      transform={phoneOrderPayload}
      mutationOptions={{
        onSuccess: (data: any) => {
          notify('app.orders.created', { type: 'success' });
          redirect('edit', 'orders', data.id);
        },
        onError: (error: unknown) => notify(errorMessage(error, translate('app.orders.createFailed')), { type: 'error' }),
      }}
    >
      <SimpleForm
        warnWhenUnsavedChanges
        defaultValues={{ paymentMethod: 'cod', shipping: { method: 'econt_office' }, items: [{ quantity: 1 }] }}
        sx={{ maxWidth: '60em' }}
      >
        <Typography variant="h6" component="h2">
          {translate('app.orders.customer')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <TextInput source="customer.firstName" label="resources.users.fields.firstName" validate={required()} />
          <TextInput source="customer.lastName" label="resources.users.fields.lastName" validate={required()} />
          <TextInput
            source="customer.phone"
            label="resources.orders.fields.customer.phone"
            validate={[required(), fieldRule(phoneField)]}
            type="tel"
          />
          <TextInput source="customer.email" label="resources.orders.fields.customer.email" validate={[required(), email()]} type="email" />
        </Box>
        <Typography variant="h6" component="h2">
          {translate('app.orders.delivery')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <SelectInput
            source="shipping.method"
            label="resources.orders.fields.shipping.method"
            choices={choicesOf(SHIPPING_METHODS, 'shippingMethod')}
            validate={required()}
          />
          <TextInput source="shipping.city" label="resources.orders.fields.shipping.city" validate={required()} />
          <TextInput source="shipping.postcode" label="resources.orders.fields.shipping.postcode" validate={fieldRule(postcodeField)} />
        </Box>
        <TextInput source="shipping.address" label="resources.orders.fields.shipping.address" validate={required()} fullWidth />
        <SelectInput
          source="paymentMethod"
          label="resources.orders.fields.paymentMethod"
          choices={choicesOf(PAYMENT_METHODS, 'paymentMethod')}
          validate={required()}
        />
        <Typography variant="h6" component="h2">
          {translate('app.orders.items')}
        </Typography>
        <ArrayInput source="items" label={false} validate={required()}>
          <SimpleFormIterator inline disableReordering>
            <ReferenceInput source="productId" reference="products" filter={{ status: 'active' }} sort={{ field: 'name', order: 'ASC' }}>
              <AutocompleteInput optionText="name" label={translate('app.orders.product')} validate={required()} sx={{ minWidth: 240 }} />
            </ReferenceInput>
            <FormDataConsumer>
              {/* Inside the iterator react-admin scopes these sources to the line. */}
              {({ scopedFormData }: any) => <LineChoices productId={scopedFormData?.productId} />}
            </FormDataConsumer>
            <NumberInput
              source="quantity"
              label="resources.orders.fields.quantity"
              min={1}
              validate={[required(), minValue(1)]}
              sx={{ width: 110 }}
            />
          </SimpleFormIterator>
        </ArrayInput>
        <TextInput source="discountCode" label="resources.orders.fields.discountCode" />
        {/* A company's order by phone: the buyer's own number (required when the company says so). */}
        <TextInput
          source="purchaseOrderNumber"
          label={TRADE_ORDER_TEXT.purchaseOrderNumber}
          validate={maxLength(PURCHASE_ORDER_NUMBER_MAX)}
          helperText={false}
        />
        <TextInput source="note" label="resources.orders.fields.note" multiline fullWidth />
        <TextInput source="staffNote" label="resources.orders.fields.staffNote" multiline fullWidth />
        <BooleanInput source="ageConfirmed" label="app.orders.ageConfirmed" validate={required()} />
      </SimpleForm>
    </Create>
  );
}
