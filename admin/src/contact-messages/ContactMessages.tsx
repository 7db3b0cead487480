// Messages from the distributors' form: list (unread in bold), show, mark read/unread. Reached
// from the notifications and the dashboard, not from the ten-item menu.
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { Typography } from '@mui/material';
import { useRef } from 'react';
import {
  BooleanField,
  BooleanInput,
  Button,
  Datagrid,
  DeleteButton,
  EmailField,
  FunctionField,
  List,
  SearchInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  ListButton,
  type RaRecord,
} from 'react-admin';
import { csvExporter, csvValue } from '../common/exporter';

const messageExporter = csvExporter<any>(
  'contact-messages',
  (m) => ({
    createdAt: csvValue.dateTime(m.createdAt),
    name: m.name,
    company: m.company,
    email: m.email,
    phone: m.phone,
    message: m.message,
    isRead: csvValue.yesNo(m.isRead),
  }),
  { phone: 'identifier' },
);
import { RecordLinkField, dateTime, useIsSmall, DateTimeField } from '../common/fields';
import { errorMessage } from '../httpClient';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="r" source="isRead" />];

export function ContactMessageList() {
  const isSmall = useIsSmall();
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} exporter={messageExporter}>
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => (r.subject ? `${r.subject}: ${r.name}` : r.name)}
          secondaryText={(r: any) => String(r.message ?? '').slice(0, 80)}
          tertiaryText={(r: any) => dateTime(r.createdAt)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" rowSx={(r: any) => ({ '& td': { fontWeight: r.isRead ? 400 : 600 } })}>
          <RecordLinkField source="name" type="show" />
          {/* Empty for the distributors' form; „Бариера за достъпност“ for a report from /accessibility. */}
          <TextField source="subject" sortable={false} />
          <TextField source="company" />
          <EmailField source="email" />
          <TextField source="phone" sortable={false} />
          <FunctionField source="message" sortable={false} render={(r: any) => String(r.message ?? '').slice(0, 80)} />
          <BooleanField source="isRead" />
          <DateTimeField source="createdAt" />
        </Datagrid>
      )}
    </List>
  );
}

function ToggleReadButton() {
  const record = useRecordContext();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Button
      label={record.isRead ? 'app.common.markUnread' : 'app.common.markRead'}
      disabled={isPending}
      onClick={() =>
        update(
          'contact-messages',
          { id: record.id, data: { isRead: !record.isRead }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => refresh(),
            onError: (e) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' }),
          },
        )
      }
    >
      {record.isRead ? <MarkEmailUnreadIcon /> : <MarkEmailReadIcon />}
    </Button>
  );
}

/** Opening an unread message marks it read, once per opening: after the message is read from the
 *  server (the show's query), not from an effect; "mark unread" afterwards stays unread. */
function useMarkReadOnOpen() {
  const [update] = useUpdate();
  const done = useRef(false);
  return (record: RaRecord) => {
    if (record && !record.isRead && !done.current) {
      done.current = true;
      update('contact-messages', { id: record.id, data: { isRead: true }, previousData: record }, { mutationMode: 'pessimistic' });
    }
  };
}

const Actions = () => (
  <TopToolbar>
    <ListButton />
    <ToggleReadButton />
    <DeleteButton mutationMode="pessimistic" />
  </TopToolbar>
);

const MessageTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <span>{record ? translate('app.contact.title', { name: record.name }) : ''}</span>;
};

export function ContactMessageShow() {
  const markRead = useMarkReadOnOpen();
  return (
    <Show actions={<Actions />} title={<MessageTitle />} queryOptions={{ onSuccess: markRead }}>
      <SimpleShowLayout>
        <TextField source="subject" emptyText="—" />
        <TextField source="name" />
        <TextField source="company" />
        <EmailField source="email" />
        <TextField source="phone" />
        <DateTimeField source="createdAt" />
        <FunctionField source="message" render={(r: any) => <Typography sx={{ whiteSpace: 'pre-wrap' }}>{r.message}</Typography>} />
      </SimpleShowLayout>
    </Show>
  );
}
