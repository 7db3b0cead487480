// Flavour lists: named lists of flavours ("Вкусове TWINS", ten flavours) defined once and picked
// on a product's form ("Вкусове") instead of typing the flavours again. One flavour a line.
import { Box } from '@mui/material';
import {
  Create,
  CreateButton,
  Datagrid,
  Edit,
  FunctionField,
  List,
  maxLength,
  required,
  SimpleForm,
  SimpleList,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { NAME_MAX } from '@domain/limits';
import { flavourListErrors, flavoursFromText } from '@domain/flavourLists';
import { RecordLinkField, DateTimeField, useIsSmall } from '../common/fields';
import { useSaveThenList } from '../common/saveThenList';
import { StaleEditAlert, withStaleEdit, withVersion } from '../layout/StaleEditAlert';

const preview = (flavours: string[] = []) => flavours.slice(0, 6).join(', ') + (flavours.length > 6 ? ', …' : '');

export function FlavourListList() {
  const isSmall = useIsSmall();
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => r.name}
          secondaryText={(r: any) => `${translate('app.flavourLists.count', { smart_count: r.flavourCount })} · ${preview(r.flavours)}`}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <RecordLinkField source="name" />
          <FunctionField source="flavourCount" render={(r: any) => translate('app.flavourLists.count', { smart_count: r.flavourCount })} />
          <FunctionField
            source="flavours"
            sortable={false}
            render={(r: any) => (
              <Box component="span" sx={{ opacity: 0.8 }}>
                {preview(r.flavours)}
              </Box>
            )}
          />
          <DateTimeField source="updatedAt" />
        </Datagrid>
      )}
    </List>
  );
}

/** The text box holds one flavour a line (kept as typed while editing); saved trimmed. */
const formatLines = (value: unknown) => (Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : '');
const parseLines = (text: string) => text.split('\n');
const linesRule = (value: unknown) => {
  const errors = flavourListErrors(flavoursFromText(formatLines(value)));
  return Object.values(errors)[0];
};
const toPayload = ({ name, flavours }: any) => ({ name, flavours: flavoursFromText(formatLines(flavours)) });

function FlavourListForm() {
  return (
    <SimpleForm warnWhenUnsavedChanges sx={{ maxWidth: '40em' }}>
      <StaleEditAlert />
      <TextInput source="name" validate={[required(), maxLength(NAME_MAX)]} fullWidth />
      <TextInput
        source="flavours"
        multiline
        minRows={8}
        fullWidth
        format={formatLines}
        parse={parseLines}
        validate={[required(), linesRule]}
        helperText="app.flavourLists.linesHelp"
      />
    </SimpleForm>
  );
}

const FlavourListTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.flavour-lists.name', { smart_count: 1 })} „${record.name}“` : ''}</span>;
};

export function FlavourListEdit() {
  const saving = useSaveThenList('flavour-lists', 'app.flavourLists.updated', 'app.flavourLists.saveFailed');
  return (
    <Edit
      title={<FlavourListTitle />}
      mutationMode="pessimistic"
      transform={withVersion(toPayload)}
      mutationOptions={{ ...saving, onError: withStaleEdit(saving.onError) }}
    >
      <FlavourListForm />
    </Edit>
  );
}

export function FlavourListCreate() {
  const saving = useSaveThenList('flavour-lists', 'app.flavourLists.created', 'app.flavourLists.saveFailed');
  return (
    <Create transform={toPayload} mutationOptions={saving}>
      <FlavourListForm />
    </Create>
  );
}
