// One order as the shopper sees it, with the withdrawal (EU, 14 days) behind a confirm step.
import { useEffect, useRef, useState } from 'react';
import { shopApi } from '../api/shop';
import { useSettings } from '../state/settings';
import { toast } from '../state/toast';
import { Price } from './Price';
import { formatDate, formatDateTime, DAY_MS } from '@domain/dates';
import { PAYMENT_METHOD_LABELS, SHIPPING_METHOD_LABELS, CANCELLABLE_BY_SHOPPER, WITHDRAWABLE, WITHDRAWAL_DAYS } from '@domain/orderStatus';
import type { ApiOrder } from '@domain/api';
import { TradeOrderPanel } from './TradeOrderPanel';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { MEMBER_SCREEN_TEXT } from '@domain/memberScreens';
import { HeldOrderPanel } from './account/HeldOrderPanel';
import type { MemberOrder } from '../api/shop';

const PAYMENT_STATUS_LABELS: Record<string, string> = { unpaid: 'Неплатена', paid: 'Платена', refunded: 'Възстановена' };

export function canWithdraw(order: ApiOrder, now = Date.now()): boolean {
  if (order.withdrawnAt) return false;
  if (CANCELLABLE_BY_SHOPPER.includes(order.status)) return true;
  if (!WITHDRAWABLE.includes(order.status)) return false;
  return order.status !== 'delivered' || !order.deliveredAt || now - Date.parse(order.deliveredAt) <= WITHDRAWAL_DAYS * DAY_MS;
}

export function OrderDetails({ order, onChange }: { order: MemberOrder; onChange(o: ApiOrder): void }) {
  const { bank } = useSettings();
  return (
    <div className="order-details">
      <div className="order-head">
        <div>
          <h1>Поръчка {order.number}</h1>
          <p className="muted">от {formatDateTime(order.createdAt)}</p>
          {order.placedBy && <p className="muted">{MEMBER_SCREEN_TEXT.placedBy(order.placedBy.name)}</p>}
        </div>
        {/* Focused once an owner has decided a held order: its new status is read. */}
        <span id="order-status" tabIndex={-1} className={`status status-${order.status}`}>
          {order.statusLabel}
        </span>
      </div>

      {order.status === 'awaiting_approval' && order.companyId && <HeldOrderPanel order={order} onChange={onChange} />}

      {/* Nothing to pay yet for an order still waiting for its company's approval. */}
      {order.paymentMethod === 'bank_transfer' &&
        order.paymentStatus === 'unpaid' &&
        !['cancelled', 'returned', 'awaiting_approval'].includes(order.status) && (
          <section className="card bank-details" aria-labelledby="bank-title">
            <h2 id="bank-title">Плащане с банков превод</h2>
            <dl>
              <dt>Получател</dt>
              <dd>{bank.beneficiary}</dd>
              <dt>IBAN</dt>
              <dd className="mono">{bank.iban}</dd>
              <dt>BIC</dt>
              <dd className="mono">{bank.bic}</dd>
              <dt>Банка</dt>
              <dd>{bank.bankName}</dd>
              <dt>Сума</dt>
              <dd>
                <Price amount={order.total} currency={order.currency} />
              </dd>
              <dt>Основание</dt>
              <dd className="mono">{order.number}</dd>
            </dl>
            {order.companyId && order.paymentDueAt && Date.parse(order.paymentDueAt) - Date.parse(order.createdAt) > 60_000 ? (
              // A company on payment terms: shipped now, paid by the due date.
              <p className="muted small">{TRADE_ORDER_TEXT.dueOn(formatDate(order.paymentDueAt))}</p>
            ) : (
              <p className="muted small">Изпращаме поръчката след получаване на плащането.</p>
            )}
          </section>
        )}

      {order.companyId && <TradeOrderPanel order={order} />}

      <div className="order-grid">
        <section className="card" aria-labelledby="items-title">
          <h2 id="items-title">Продукти</h2>
          <ul className="summary-lines">
            {order.items.map((i, n) => (
              <li key={n}>
                <span>
                  {i.productName}
                  {(i.variantName || i.attributes.length > 0) && (
                    <span className="muted small block">
                      {[i.variantName, ...i.attributes.map((a) => `${a.name}: ${a.value}`)].filter(Boolean).join(' · ')}
                    </span>
                  )}
                  {i.personalization && <span className="muted small block">Надпис: „{i.personalization}“</span>}
                  <span className="muted small block">
                    {i.quantity} × <Price amount={i.unitPrice} currency={order.currency} />
                    {order.pricesInclude === 'net' && ` ${TRADE_ORDER_TEXT.withoutVat}`}
                  </span>
                </span>
                <Price amount={i.lineTotal} currency={order.currency} />
              </li>
            ))}
          </ul>
          <dl className="totals">
            <dt>Междинна сума{order.pricesInclude === 'net' && ' (с ДДС)'}</dt>
            <dd>
              <Price amount={order.subtotal} currency={order.currency} />
            </dd>
            {order.discountTotal > 0 && (
              <>
                <dt>Отстъпка ({order.discountCode})</dt>
                <dd>
                  −<Price amount={order.discountTotal} currency={order.currency} />
                </dd>
              </>
            )}
            <dt>Доставка</dt>
            <dd>{order.shippingTotal === 0 ? 'Безплатна' : <Price amount={order.shippingTotal} currency={order.currency} />}</dd>
            <dt className="total">Общо</dt>
            <dd className="total">
              <Price amount={order.total} currency={order.currency} />
            </dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="delivery-title">
          <h2 id="delivery-title">Доставка и плащане</h2>
          <p>
            {order.customer.firstName} {order.customer.lastName}
            <br />
            {order.customer.phone}
            <br />
            {order.customer.email}
          </p>
          <p>
            {SHIPPING_METHOD_LABELS[order.shipping.method]}
            {order.companyShopName && (
              <>
                <br />
                {TRADE_ORDER_TEXT.deliveryToShop(order.companyShopName)}
              </>
            )}
            <br />
            {order.shipping.city} {order.shipping.postcode}
            <br />
            {order.shipping.address}
          </p>
          {order.trackingNumber && (
            <p>
              Номер на пратката: <strong className="mono">{order.trackingNumber}</strong>
              {order.trackingUrl && (
                <>
                  <br />
                  <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                    Проследете пратката при куриера
                  </a>
                </>
              )}
            </p>
          )}
          <p>
            {PAYMENT_METHOD_LABELS[order.paymentMethod]} · {PAYMENT_STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus}
          </p>
          {order.purchaseOrderNumber && <p>{TRADE_ORDER_TEXT.purchaseOrderOnInvoice(order.purchaseOrderNumber)}</p>}
          {order.note && <p className="muted">Бележка: {order.note}</p>}
        </section>
      </div>
      {order.withdrawnAt && (
        <p className="notice" id="withdrawn-notice" tabIndex={-1}>
          Отказът е получен на {formatDateTime(order.withdrawnAt)}.
        </p>
      )}
      {canWithdraw(order) && <WithdrawButton order={order} onDone={onChange} />}
    </div>
  );
}

function WithdrawButton({ order, onDone }: { order: ApiOrder; onDone(o: ApiOrder): void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [ack, setAck] = useState<string | null>(null);
  const beforeShipping = CANCELLABLE_BY_SHOPPER.includes(order.status);
  const label = beforeShipping ? 'Откажи поръчката' : 'Откажи се от поръчката (14 дни)';
  // The box replaces its button and back: focus goes into it, and back to the button.
  const openerRef = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (open) document.getElementById('withdraw-reason')?.focus();
    else if (opened.current) openerRef.current?.focus();
    opened.current = open;
  }, [open]);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const r = await shopApi.withdraw(order.id, reason.trim());
      toast.success(r.message);
      setAck(r.acknowledgement.text);
      opened.current = false;
      setOpen(false);
      onDone(r.order);
      // The box is gone: focus to what says the withdrawal was received.
      setTimeout(() => (document.getElementById('withdrawn-notice') ?? document.getElementById('withdraw-ack'))?.focus(), 0);
    } catch {
      /* toast shown by the client */
    } finally {
      setBusy(false);
    }
  };

  if (ack)
    return (
      <p className="notice" role="status" id="withdraw-ack" tabIndex={-1}>
        {ack}
      </p>
    );
  return (
    <div className="withdraw">
      {!open ? (
        <button ref={openerRef} type="button" className="button button-ghost" onClick={() => setOpen(true)}>
          {label}
        </button>
      ) : (
        <div className="card confirm-box" role="alertdialog" aria-labelledby="withdraw-title" aria-describedby="withdraw-text">
          <h2 id="withdraw-title">{beforeShipping ? 'Да откажем ли поръчката?' : 'Отказ от договора'}</h2>
          <p id="withdraw-text">
            {beforeShipping
              ? `Поръчка ${order.number} ще бъде отказана и няма да бъде изпратена.`
              : `Имате право да се откажете в ${WITHDRAWAL_DAYS} дни от получаването${order.deliveredAt ? ` (получена на ${formatDate(order.deliveredAt)})` : ''}. Върнете стоката и ще възстановим сумата.`}
          </p>
          <div className="field">
            <label htmlFor="withdraw-reason">
              Причина <span className="muted">(по желание)</span>
            </label>
            <textarea id="withdraw-reason" rows={2} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <div className="dialog-actions">
            <button type="button" className="button button-danger" aria-disabled={busy || undefined} onClick={() => void confirm()}>
              {busy ? 'Изпращане…' : 'Потвърждавам отказа'}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
              Назад
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
