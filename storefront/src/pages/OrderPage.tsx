// The order page after checkout (/orders/:id) and in the profile (/account/orders/:id).
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { shopApi } from '../api/shop';
import { Seo } from '../components/Seo';
import { OrderDetails } from '../components/OrderDetails';
import { InvoiceDownload } from '../components/InvoiceDownload';
import { NotFoundContent } from './NotFound';
import type { ApiOrder } from '@domain/api';
import { MEMBER_TEXT } from '@domain/companyMembers';
import { MEMBER_SCREEN_TEXT } from '@domain/memberScreens';

export default function OrderPage() {
  const { id } = useParams();
  const location = useLocation();
  const justPlaced = Boolean((location.state as { justPlaced?: boolean } | null)?.justPlaced);
  const [order, setOrder] = useState<ApiOrder | null | 'missing'>(null);
  useEffect(() => {
    const n = Number(id);
    if (!Number.isInteger(n) || n < 1) return setOrder('missing');
    shopApi.order(n).then(
      (r) => setOrder(r.order),
      () => setOrder('missing'),
    );
  }, [id]);
  if (order === 'missing') return <NotFoundContent what="Поръчката не е намерена." />;
  if (order === null)
    return (
      <div className="page narrow" aria-busy="true">
        <div className="skeleton skeleton-block" />
      </div>
    );
  return (
    <div className="page narrow order-page">
      <Seo title={`Поръчка ${order.number}`} />
      {justPlaced && order.status === 'awaiting_approval' ? (
        // Above the buyer's limit: not placed with the shop until an owner of the company approves it.
        <div className="thanks card" role="status">
          <h2>{MEMBER_SCREEN_TEXT.heldSentTitle}</h2>
          <p>{MEMBER_TEXT.heldForApproval(order.number)}</p>
        </div>
      ) : (
        justPlaced && (
          <div className="thanks card" role="status">
            <h2>Благодарим Ви за поръчката!</h2>
            <p>
              Номерът на поръчката е <strong>{order.number}</strong>. Изпратихме потвърждение на {order.customer.email}.
            </p>
          </div>
        )
      )}
      <OrderDetails order={order} onChange={setOrder} />
      <InvoiceDownload orderId={order.id} />
      <p>
        <Link to={location.pathname.startsWith('/account') ? '/account' : '/products'} className="link-arrow">
          {location.pathname.startsWith('/account') ? '← Към профила' : '← Продължи пазаруването'}
        </Link>
      </p>
    </div>
  );
}
