import { Box, Typography } from '@mui/material';
import {
  Create,
  Datagrid,
  Edit,
  email,
  FunctionField,
  Labeled,
  minLength,
  Pagination,
  PasswordInput,
  ReferenceManyField,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  DeleteButton,
  Toolbar,
  SaveButton,
  BooleanField,
} from 'react-admin';
import { PASSWORD_MIN, ROLES } from '@domain/limits';
import { choicesOf, dateTime, MoneyField, StatusChip, DateTimeField } from '../common/fields';
import { errorMessage } from '../httpClient';
import { StaleEditAlert, withStaleEdit, withVersion } from '../layout/StaleEditAlert';

function UserOrders() {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', mt: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.users.orders')}
      </Typography>
      <ReferenceManyField
        reference="orders"
        target="userId"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination />}
      >
        <Datagrid
          rowClick="edit"
          bulkActionButtons={false}
          empty={<Typography color="text.secondary">{translate('app.dashboard.noOrders')}</Typography>}
        >
          <TextField source="number" label="resources.orders.fields.number" />
          <DateTimeField source="createdAt" label="resources.orders.fields.createdAt" />
          <MoneyField source="total" label="resources.orders.fields.total" />
          <FunctionField label="resources.orders.fields.status" render={(r: any) => <StatusChip value={r.status} group="orderStatus" />} />
        </Datagrid>
      </ReferenceManyField>
    </Box>
  );
}

const Meta = ({ label, value }: { label: string; value: string }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2">{value}</Typography>
  </Box>
);

function UserMeta() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
      <Meta label={translate('resources.users.fields.createdAt')} value={dateTime(record.createdAt)} />
      <Meta label={translate('resources.users.fields.lastLoginAt')} value={dateTime(record.lastLoginAt)} />
      {/* Until the owner opens the mailed link, the account reaches only what it did itself. */}
      <Labeled label="resources.users.fields.emailVerified">
        <BooleanField source="emailVerified" />
      </Labeled>
      {record.emailVerifiedAt && (
        <Meta label={translate('resources.users.fields.emailVerifiedAt')} value={dateTime(record.emailVerifiedAt)} />
      )}
      <Labeled label="resources.users.fields.twoFactorEnabled">
        <BooleanField source="twoFactorEnabled" />
      </Labeled>
    </Box>
  );
}

const UserTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.users.name', { smart_count: 1 })} ${record.email}` : ''}</span>;
};

function useUserMessages() {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  return { notify, translate, redirect };
}

const EditToolbar = () => {
  const { notify, translate } = useUserMessages();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        mutationMode="pessimistic"
        mutationOptions={{
          onSuccess: () => notify('app.users.deleted', { type: 'success' }),
          onError: (e: unknown) => notify(errorMessage(e, translate('app.users.deleteFailed')), { type: 'error' }),
        }}
      />
    </Toolbar>
  );
};

export function UserEdit() {
  const { notify, translate, redirect } = useUserMessages();
  return (
    <Edit
      title={<UserTitle />}
      mutationMode="pessimistic"
      queryOptions={{
        // The fixed 'Failed to get user' (or the server's message), not react-admin's stock text.
        onError: (e: unknown) => {
          notify(errorMessage(e, translate('app.users.getFailed')), { type: 'error' });
          redirect('list', 'users');
        },
      }}
      transform={withVersion(({ email: e, firstName, lastName, phone, role, password }: any) => ({
        email: e,
        firstName,
        lastName,
        phone: phone || null,
        role,
        ...(password ? { password } : {}),
      }))}
      mutationOptions={{
        onSuccess: () => {
          notify('app.users.updated', { type: 'success' });
          redirect('list', 'users');
        },
        onError: withStaleEdit((e: unknown) => notify(errorMessage(e, translate('app.users.updateFailed')), { type: 'error' })),
      }}
    >
      <SimpleForm warnWhenUnsavedChanges toolbar={<EditToolbar />} sx={{ maxWidth: '60em' }}>
        <StaleEditAlert />
        <UserMeta />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <TextInput source="firstName" />
          <TextInput source="lastName" />
        </Box>
        <TextInput source="email" validate={[required(), email()]} />
        <TextInput source="phone" />
        <SelectInput source="role" choices={choicesOf(ROLES, 'role')} validate={required()} />
        <PasswordInput source="password" validate={minLength(PASSWORD_MIN)} autoComplete="new-password" />
        <UserOrders />
      </SimpleForm>
    </Edit>
  );
}

export function UserCreate() {
  const { notify, translate, redirect } = useUserMessages();
  return (
    <Create
      mutationOptions={{
        onSuccess: () => {
          notify('app.users.created', { type: 'success' });
          redirect('list', 'users');
        },
        onError: (e: unknown) => notify(errorMessage(e, translate('app.users.createFailed')), { type: 'error' }),
      }}
    >
      <SimpleForm warnWhenUnsavedChanges defaultValues={{ role: 'customer' }} sx={{ maxWidth: '40em' }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <TextInput source="firstName" validate={required()} />
          <TextInput source="lastName" validate={required()} />
        </Box>
        <TextInput source="email" validate={[required(), email()]} />
        <TextInput source="phone" />
        <SelectInput source="role" choices={choicesOf(ROLES, 'role')} validate={required()} />
        <PasswordInput source="password" validate={[required(), minLength(PASSWORD_MIN)]} autoComplete="new-password" />
      </SimpleForm>
    </Create>
  );
}
