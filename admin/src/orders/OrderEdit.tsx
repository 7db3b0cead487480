// One order, as the demo's OrderEdit: the page (OrderForm) in an <Edit> that saves the tracking
// number and the staff's note; the status moves come from the server (record.allowedTransitions).
import { Edit, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { errorMessage } from '../httpClient';
import { withStaleEdit, withVersion } from '../layout/StaleEditAlert';
import { OrderForm } from './OrderForm';
import type { OrderRecord } from './orderRecord';

export type { OrderRecord };

const OrderTitle = () => {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.orders.name', { smart_count: 1 })} ${record.number}` : ''}</span>;
};

/** `id` may be given (tests, embedding); otherwise it comes from the route. */
export function OrderEdit({ id }: { id?: string | number } = {}) {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Edit
      id={id}
      title={<OrderTitle />}
      component="div"
      mutationMode="pessimistic"
      transform={withVersion((data: OrderRecord) => ({ trackingNumber: data.trackingNumber ?? null, staffNote: data.staffNote ?? null }))}
      mutationOptions={{
        onSuccess: () => notify('app.orders.updated', { type: 'success' }),
        onError: withStaleEdit((error: unknown) => notify(errorMessage(error, translate('app.orders.updateFailed')), { type: 'error' })),
      }}
      redirect={false}
    >
      <OrderForm />
    </Edit>
  );
}
