import {
  Create,
  Edit,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  maxLength,
} from 'react-admin';
import { NAME_MAX, TEXT_MAX } from '@domain/limits';
import { errorMessage } from '../httpClient';
import { StaleEditAlert, withStaleEdit, withVersion } from '../layout/StaleEditAlert';

function CategoryForm() {
  return (
    <SimpleForm warnWhenUnsavedChanges sx={{ maxWidth: '40em' }}>
      <StaleEditAlert />
      <TextInput source="name" validate={[required(), maxLength(NAME_MAX)]} fullWidth />
      <TextInput source="slug" fullWidth />
      <ReferenceInput source="parentId" reference="categories" sort={{ field: 'name', order: 'ASC' }} perPage={500} filter={{}}>
        {/* The server refuses a parent that would make a cycle (itself or a descendant). */}
        <SelectInput optionText="name" emptyText="app.categories.root" />
      </ReferenceInput>
      <NumberInput source="position" />
      <TextInput source="description" multiline minRows={3} validate={maxLength(TEXT_MAX)} fullWidth />
    </SimpleForm>
  );
}

const CategoryTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.categories.name', { smart_count: 1 })} „${record.name}“` : ''}</span>;
};

export function CategoryEdit() {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Edit
      title={<CategoryTitle />}
      mutationMode="pessimistic"
      transform={withVersion(({ name, slug, parentId, position, description }: any) => ({
        name,
        slug,
        parentId: parentId ?? null,
        position,
        description,
      }))}
      mutationOptions={{
        onSuccess: () => {
          notify('app.categories.updated', { type: 'success' });
          redirect('list', 'categories');
        },
        onError: withStaleEdit((e: unknown) => notify(errorMessage(e, translate('app.categories.updateFailed')), { type: 'error' })),
      }}
    >
      <CategoryForm />
    </Edit>
  );
}

export function CategoryCreate() {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Create
      transform={(d: any) => ({ ...d, parentId: d.parentId ?? null })}
      mutationOptions={{
        onSuccess: () => {
          notify('app.categories.created', { type: 'success' });
          redirect('list', 'categories');
        },
        onError: (e: unknown) => notify(errorMessage(e, translate('app.categories.createFailed')), { type: 'error' }),
      }}
    >
      <CategoryForm />
    </Create>
  );
}
