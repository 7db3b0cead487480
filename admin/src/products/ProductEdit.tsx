import { useParams } from 'react-router-dom';
import { Create, Edit, ListButton, TopToolbar, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { DuplicateProductButton } from './DuplicateProductButton';
import { errorMessage } from '../httpClient';
import { ProductForm } from './ProductForm';
import { withStaleEdit } from '../layout/StaleEditAlert';

const ProductTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.products.name', { smart_count: 1 })} „${record.name}“` : ''}</span>;
};

const ProductEditActions = () => (
  <TopToolbar>
    <DuplicateProductButton />
    <ListButton />
  </TopToolbar>
);

export function ProductEdit() {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  // Keyed by the product: after "Дублирай" the copy's page is a new form that waits for the copy,
  // never the original's fields under the copy's address.
  const { id } = useParams();
  return (
    <Edit
      key={id}
      title={<ProductTitle />}
      actions={<ProductEditActions />}
      mutationMode="pessimistic"
      queryOptions={{
        // The fixed 'Failed to get product' (or the server's message), not react-admin's stock text.
        onError: (error: unknown) => {
          notify(errorMessage(error, translate('app.products.getFailed')), { type: 'error' });
          redirect('list', 'products');
        },
      }}
      mutationOptions={{
        onSuccess: () => {
          notify('app.products.updated', { type: 'success' });
          redirect('list', 'products');
        },
        onError: withStaleEdit((error: unknown) => notify(errorMessage(error, translate('app.products.updateFailed')), { type: 'error' })),
      }}
    >
      <ProductForm stockHistory />
    </Edit>
  );
}

export function ProductCreate() {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Create
      mutationOptions={{
        onSuccess: (data: any) => {
          notify('app.products.created', { type: 'success' });
          redirect('edit', 'products', data.id);
        },
        onError: (error: unknown) => notify(errorMessage(error, translate('app.products.createFailed')), { type: 'error' }),
      }}
    >
      <ProductForm />
    </Create>
  );
}
