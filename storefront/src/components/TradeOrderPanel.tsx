// A company's order in the account: its net amounts, VAT and total, the due date and
// whether it is paid (or overdue), the company's invoice to download (any member of the company
// may), and „Поръчай отново“, which fills the quick order with the order's lines (with the notice
// of the company's permit beside it once it expires: a reorder of tobacco products would be refused).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, apiHref } from '../api/client';
import { Price } from './Price';
import { formatDate } from '@domain/dates';
import { TRADE_ORDER_TEXT as T } from '@domain/tradeOrderTexts';
import type { ApiOrder } from '@domain/api';
import { useAuth } from '../state/auth';
import { PermitNotice } from './PermitNotice';

interface BuyerDocument {
  number: string;
  issuedAt: string;
  currency: string;
  total: number;
  pdfUrl: string;
  dueDate?: string;
}

/** Paid, unpaid or overdue, as the member reads it. */
export function tradePaymentLabel(order: ApiOrder): string {
  if (order.paymentStatus === 'paid') return T.paid;
  return order.overdue ? T.overdue : T.unpaid;
}

export function TradeOrderPanel({ order }: { order: ApiOrder }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [invoice, setInvoice] = useState<BuyerDocument | null>(null);
  useEffect(() => {
    api.get<{ invoice: BuyerDocument | null }>(`/orders/${order.id}/invoices`, { silent: true }).then(
      (r) => setInvoice(r.invoice),
      () => setInvoice(null),
    );
  }, [order.id]);
  const reorder = () =>
    navigate('/trade/quick-order', {
      state: {
        reorder: order.items
          .filter((i) => i.productId && i.variantId)
          .map((i) => ({ productId: i.productId!, variantId: i.variantId!, quantity: i.quantity })),
      },
    });
  return (
    <section className="card trade-order" aria-labelledby="trade-order-title">
      <h2 id="trade-order-title">{T.paymentAndInvoice}</h2>
      <dl className="totals">
        {order.subtotalNet !== undefined && (
          <>
            <dt>{T.subtotalNet}</dt>
            <dd>
              <Price amount={order.subtotalNet} currency={order.currency} />
            </dd>
            <dt>{T.vat}</dt>
            <dd>
              <Price amount={order.vatTotal ?? 0} currency={order.currency} />
            </dd>
          </>
        )}
        <dt className="total">{T.total}</dt>
        <dd className="total">
          <Price amount={order.total} currency={order.currency} />
        </dd>
        {order.paymentDueAt && (
          <>
            <dt>{T.dueDate}</dt>
            <dd id="trade-order-due">{formatDate(order.paymentDueAt)}</dd>
          </>
        )}
        <dt>Плащане</dt>
        <dd className={order.overdue ? 'error-text' : undefined}>{tradePaymentLabel(order)}</dd>
      </dl>
      {invoice && (
        <p>
          <a href={apiHref(invoice.pdfUrl.replace(/^\/api/, ''))} download>
            {T.downloadInvoice(invoice.number)}
          </a>
          {invoice.dueDate && <span className="muted small block">{T.dueOn(formatDate(invoice.dueDate))}</span>}
        </p>
      )}
      <PermitNotice company={user?.company?.id === order.companyId ? user?.company : null} heading={false} />
      <button type="button" className="button button-ghost" onClick={reorder}>
        {T.reorder}
      </button>
    </section>
  );
}
