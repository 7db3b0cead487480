// Deleting an order from its page, with the reason the audit log keeps.
import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { useState } from 'react';
import type { ShopDataProvider } from '../dataProvider';
import { keepFocusAfter } from '../common/focus';
import { errorMessage } from '../httpClient';
import { ReasonDialog } from './OrderDialogs';
import type { OrderRecord } from './orderRecord';

/** Delete, after a confirmation with the reason (kept in the audit log). */
export function DeleteOrderButton() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: ({ id, reason }: { id: OrderRecord['id']; reason: string }) => dataProvider.deleteOrder(id, reason),
    onSuccess: () => {
      notify('app.orders.deleted', { type: 'success' });
      redirect('list', 'orders');
      // The order's page is gone: focus goes to the list's heading.
      keepFocusAfter(null);
    },
    onError: (error) => notify(errorMessage(error, translate('app.orders.deleteFailed')), { type: 'error' }),
  });
  // Once deleted the page leaves: the dialog stays busy until it does.
  const busy = remove.isPending || remove.isSuccess;
  if (!record) return null;
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setAsking(true)} sx={{ alignSelf: 'flex-start' }}>
        {translate('app.orders.delete')}
      </Button>
      {asking && (
        <ReasonDialog
          open
          title={translate('app.orders.deleteTitle', { number: record.number })}
          help={translate('app.orders.deleteHelp')}
          confirmLabel={translate('app.orders.confirmDelete')}
          busy={busy}
          onClose={() => setAsking(false)}
          onConfirm={(reason) => remove.mutate({ id: record.id, reason })}
        />
      )}
    </>
  );
}
