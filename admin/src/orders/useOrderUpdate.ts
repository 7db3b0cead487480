// An order's move (status, payment) sent from its page, with what is typed beside it.
import { useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { keepFocusAfter, opener } from '../common/focus';
import { errorMessage } from '../httpClient';
import { withStaleEdit } from '../layout/StaleEditAlert';
import type { OrderRecord } from './orderRecord';

/** What the page sends with a move: the tracking number and the staff note as typed, unsaved or not. */
export type OrderChange = Partial<Pick<OrderRecord, 'status' | 'paymentStatus' | 'trackingNumber' | 'staffNote'>> & {
  statusNote?: string;
  refundAmount?: number;
  refundReason?: string;
  restock?: boolean;
};

export function useOrderUpdate() {
  const record = useRecordContext<OrderRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const form = useFormContext();
  const [update, { isPending }] = useUpdate<OrderRecord>();
  const send = (data: OrderChange, onDone?: () => void) => {
    if (!record) return;
    // A move never loses what is typed beside it: the details go in the same request.
    const typed = form?.getValues() ?? {};
    const details: OrderChange = {};
    if (typeof typed.trackingNumber === 'string') details.trackingNumber = typed.trackingNumber;
    if (typeof typed.staffNote === 'string') details.staffNote = typed.staffNote;
    // The button pressed may go with the move (or its dialog closes): focus then goes to the order's heading.
    const from = opener();
    return update(
      'orders',
      // With the version loaded: a move from a page someone else changed since is refused, never applied over it.
      {
        id: record.id,
        data: { ...details, ...data, ...(record.version !== undefined ? { version: record.version } : {}) },
        previousData: record,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => {
          notify('app.orders.updated', { type: 'success' });
          // The typed details are saved now: the form is clean again.
          form?.reset({
            ...form.getValues(),
            trackingNumber: saved?.trackingNumber ?? details.trackingNumber,
            staffNote: saved?.staffNote ?? details.staffNote,
          });
          onDone?.();
          refresh();
          keepFocusAfter(from);
        },
        onError: withStaleEdit((error: unknown) => notify(errorMessage(error, translate('app.orders.updateFailed')), { type: 'error' })),
      },
    );
  };
  return { send, isPending };
}
