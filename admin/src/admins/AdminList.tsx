// Administrators: the list, adding one (an existing email is promoted, a new one created) and
// removing the rights (DELETE /admins/:id; the server refuses one's own with 403, shown as sent).
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Box, Typography } from '@mui/material';
import {
  BooleanField,
  Button,
  Confirm,
  Create,
  CreateButton,
  Datagrid,
  email,
  EmailField,
  List,
  minLength,
  PasswordInput,
  required,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useDelete,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useState } from 'react';
import { ADMIN_PASSWORD_MIN } from '@domain/limits';
import { dateTime, useIsSmall, DateTimeField } from '../common/fields';
import { errorMessage } from '../httpClient';

function RemoveRightsButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const name = [record.firstName, record.lastName].filter(Boolean).join(' ') || record.email;
  return (
    <>
      <Button
        label="app.admins.remove"
        color="error"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <PersonRemoveIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.admins.removeTitle"
        content={translate('app.admins.removeContent', { name })}
        onConfirm={() =>
          remove(
            'admins',
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setOpen(false);
                notify('app.admins.removed', { type: 'success' });
              },
              onError: (e) => {
                setOpen(false);
                notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });
              },
            },
          )
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function AdminList() {
  const isSmall = useIsSmall();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton label="app.admins.add" />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email}
          secondaryText={(r: any) => r.email}
          tertiaryText={(r: any) => dateTime(r.lastLoginAt)}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="firstName" />
          <TextField source="lastName" />
          <EmailField source="email" />
          <BooleanField source="twoFactorEnabled" sortable={false} />
          <DateTimeField source="createdAt" />
          <DateTimeField source="lastLoginAt" />
          <RemoveRightsButton />
        </Datagrid>
      )}
    </List>
  );
}

export function AdminCreate() {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Create
      title="app.admins.add"
      transform={(d: any) => ({
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        ...(d.password ? { password: d.password } : {}),
      })}
      mutationOptions={{
        onSuccess: () => {
          notify('app.admins.added', { type: 'success' });
          redirect('list', 'admins');
        },
        onError: (e: unknown) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' }),
      }}
    >
      <SimpleForm warnWhenUnsavedChanges sx={{ maxWidth: '40em' }}>
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.admins.addHelp')}
          </Typography>
        </Box>
        <TextInput source="email" validate={[required(), email()]} />
        <TextInput source="firstName" />
        <TextInput source="lastName" />
        <PasswordInput source="password" validate={[required(), minLength(ADMIN_PASSWORD_MIN)]} autoComplete="new-password" />
      </SimpleForm>
    </Create>
  );
}
