// „Оферти“ on a member's account page: the company's requests for a quote with their status, and for
// an answered one its prices, total and validity; a valid answered quote is ordered from here (the
// delivery — one of the company's shops or an address —, the payment method, the purchase-order
// number when the company requires it, the total shown), and then names the order placed, with a
// link to it. Errors are tied to their fields; what happens is read out through the live regions.
import { FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiOrder, ApiQuoteRequest } from '@domain/api';
import { QUOTE_TEXT as Q } from '@domain/quoteTexts';
import { TRADE_ORDER_TEXT as T } from '@domain/tradeOrderTexts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@domain/orderStatus';
import { formatBgDate } from '@domain/dateInput';
import { formatDate } from '@domain/dates';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { announce } from '../state/announce';
import { showFieldErrors } from '../state/formErrors';
import { Price } from './Price';
import {
  CompanyShopChoice,
  NO_TRADE_CHOICE,
  PurchaseOrderField,
  tradeChoiceErrors,
  tradeChoiceInput,
  useTradeCompany,
  type TradeCheckoutChoice,
} from './TradeCheckoutFields';

const TRADE_PAYMENTS: PaymentMethod[] = ['bank_transfer', 'cod'];

export function AccountQuotes() {
  const [quotes, setQuotes] = useState<ApiQuoteRequest[] | null>(null);
  const [ordering, setOrdering] = useState<number | null>(null);
  const [placed, setPlaced] = useState<Record<number, ApiOrder>>({});
  const load = useCallback(() => {
    shopApi.quoteRequests().then(
      (r) => setQuotes(r.quoteRequests),
      () => setQuotes([]),
    );
  }, []);
  useEffect(load, [load]);
  return (
    <section id="quotes" aria-labelledby="quotes-title" className="account-quotes">
      <h2 id="quotes-title">{Q.accountTitle}</h2>
      {quotes === null ? (
        <div className="skeleton skeleton-block" />
      ) : quotes.length === 0 ? (
        <p className="muted">{Q.accountEmpty}</p>
      ) : (
        <ul className="quote-list">
          {quotes.map((q) => (
            <li key={q.id} className="card quote-card">
              <QuoteSummary quote={q} />
              {placed[q.id] ? (
                <p className="ok-text" role="status">
                  {Q.ordered(placed[q.id].number)} <Link to={`/account/orders/${placed[q.id].id}`}>{Q.openOrder}</Link>
                </p>
              ) : q.status === 'answered' && ordering !== q.id ? (
                <button type="button" className="button" onClick={() => setOrdering(q.id)}>
                  {Q.orderTitle}
                </button>
              ) : null}
              {ordering === q.id && !placed[q.id] && (
                <QuoteOrderForm
                  quote={q}
                  onCancel={() => setOrdering(null)}
                  onPlaced={(order) => {
                    setPlaced((p) => ({ ...p, [q.id]: order }));
                    setOrdering(null);
                    load();
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function QuoteSummary({ quote: q }: { quote: ApiQuoteRequest }) {
  const priced = q.total !== null && (q.status === 'answered' || q.status === 'ordered' || q.status === 'expired');
  const currency = q.currency;
  return (
    <>
      <div className="quote-head">
        <h3>{q.number}</h3>
        <span className={`status quote-status-${q.status}`}>{q.statusLabel}</span>
      </div>
      <p className="muted small">
        {Q.requestedOn(formatDate(q.createdAt))}
        {q.validUntil && priced ? ` · ${Q.validUntil(formatBgDate(q.validUntil))}` : ''}
      </p>
      <div className="table-wrap">
        <table className="quote-lines">
          <caption className="sr-only">{q.number}</caption>
          <thead>
            <tr>
              <th scope="col">{Q.colProduct}</th>
              <th scope="col" className="num">
                {Q.colQuantity}
              </th>
              {priced && (
                <>
                  <th scope="col" className="num">
                    {Q.colNetPrice}
                  </th>
                  <th scope="col" className="num">
                    {Q.colLineTotal}
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {q.lines.map((l) => (
              <tr key={l.variantId}>
                <td>
                  {l.productName}
                  {l.variantName ? ` (${l.variantName})` : ''} <span className="muted small">{l.sku}</span>
                </td>
                <td className="num">{l.quantity}</td>
                {priced && (
                  <>
                    <td className="num">
                      <Price amount={l.netPrice ?? 0} currency={currency} />
                    </td>
                    <td className="num">
                      <Price amount={l.lineTotal ?? 0} currency={currency} />
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {priced && (
        <dl className="quote-totals">
          <dt>{Q.subtotalNet}</dt>
          <dd>
            <Price amount={q.subtotalNet ?? 0} currency={currency} />
          </dd>
          <dt>{Q.vat}</dt>
          <dd>
            <Price amount={q.vatTotal ?? 0} currency={currency} />
          </dd>
          <dt>{Q.goodsTotal}</dt>
          <dd>
            <strong>
              <Price amount={q.total ?? 0} currency={currency} />
            </strong>
          </dd>
        </dl>
      )}
      {q.status === 'declined' && q.reason && <p>{Q.declinedReason(q.reason)}</p>}
      {q.status === 'ordered' && q.orderNumber && (
        <p>
          <Link to={`/account/orders/${q.orderId}`}>{Q.orderedAs(q.orderNumber)}</Link>
        </p>
      )}
    </>
  );
}

type OrderField = 'shipping.companyShopId' | 'shipping.city' | 'shipping.address' | 'paymentMethod' | 'purchaseOrderNumber';

function QuoteOrderForm({ quote, onCancel, onPlaced }: { quote: ApiQuoteRequest; onCancel(): void; onPlaced(order: ApiOrder): void }) {
  const company = useTradeCompany(true);
  const [choice, setChoice] = useState<TradeCheckoutChoice>(NO_TRADE_CHOICE);
  const [city, setCity] = useState('');
  const [address, setAddress] = useState('');
  const [payment, setPayment] = useState<PaymentMethod>('bank_transfer');
  const [errors, setErrors] = useState<Partial<Record<OrderField, string>>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const base = `quote-${quote.id}`;
  // The company's first shop is the usual place to deliver to.
  useEffect(() => {
    if (company?.shops.length) setChoice((c) => (c.companyShopId === null ? { ...c, companyShopId: company.shops[0].id } : c));
  }, [company]);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);
  const toShop = choice.companyShopId !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setProblem('');
    const found: Partial<Record<OrderField, string>> = { ...tradeChoiceErrors(company, choice) };
    if (!toShop && !city.trim()) found['shipping.city'] = 'Въведете град.';
    if (!toShop && !address.trim()) found['shipping.address'] = 'Въведете адрес.';
    if (Object.keys(found).length) return showFieldErrors(setErrors, found, formRef.current);
    setErrors({});
    setBusy(true);
    try {
      const { order } = await shopApi.orderByQuote(quote.id, {
        shipping: toShop
          ? { method: 'address', companyShopId: choice.companyShopId! }
          : { method: 'address', city: city.trim(), address: address.trim() },
        paymentMethod: payment,
        ...tradeChoiceInput(choice),
      });
      announce(Q.ordered(order.number));
      onPlaced(order);
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = Object.fromEntries(
          Object.entries(err.errors).filter(([k]) => /^(shipping\.|paymentMethod|purchaseOrderNumber)/.test(k)),
        );
        setProblem(err.message);
        announce(err.message, 'assertive');
        if (Object.keys(fields).length) showFieldErrors(setErrors, fields as Partial<Record<OrderField, string>>, formRef.current);
      } else {
        setProblem(T.quoteFailed);
        announce(T.quoteFailed, 'assertive');
      }
    } finally {
      setBusy(false);
    }
  };

  const described = (field: OrderField) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${base}-${field.replace('.', '-')}-error` } : {};
  const errorText = (field: OrderField) =>
    errors[field] ? (
      <span id={`${base}-${field.replace('.', '-')}-error`} className="error-text">
        {errors[field]}
      </span>
    ) : null;

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="quote-order-form" aria-labelledby={`${base}-order-title`}>
      <h4 id={`${base}-order-title`}>{Q.orderTitle}</h4>
      <CompanyShopChoice company={company} value={choice} onChange={setChoice} error={errors['shipping.companyShopId']} />
      {!toShop && (
        <fieldset className="quote-address">
          <legend>{Q.deliveryLabel}</legend>
          <div className={`field ${errors['shipping.city'] ? 'field-error' : ''}`}>
            <label htmlFor={`${base}-city`}>Град</label>
            <input
              id={`${base}-city`}
              value={city}
              autoComplete="address-level2"
              onChange={(e) => setCity(e.target.value)}
              {...described('shipping.city')}
            />
            {errorText('shipping.city')}
          </div>
          <div className={`field ${errors['shipping.address'] ? 'field-error' : ''}`}>
            <label htmlFor={`${base}-address`}>Адрес</label>
            <input
              id={`${base}-address`}
              value={address}
              autoComplete="street-address"
              onChange={(e) => setAddress(e.target.value)}
              {...described('shipping.address')}
            />
            {errorText('shipping.address')}
          </div>
        </fieldset>
      )}
      <div className="field">
        <label htmlFor={`${base}-payment`}>{Q.paymentLabel}</label>
        <select
          id={`${base}-payment`}
          value={payment}
          onChange={(e) => setPayment(e.target.value as PaymentMethod)}
          {...described('paymentMethod')}
        >
          {TRADE_PAYMENTS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
        {errorText('paymentMethod')}
      </div>
      <PurchaseOrderField company={company} value={choice} onChange={setChoice} error={errors.purchaseOrderNumber} />
      <p className="quote-order-total">
        {Q.goodsTotal}:{' '}
        <strong>
          <Price amount={quote.total ?? 0} currency={quote.currency} />
        </strong>
        <span className="muted small block">{Q.shippingExtra}</span>
      </p>
      {problem && <p className="error-text">{problem}</p>}
      <div className="dialog-actions start">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? Q.ordering : Q.orderButton}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Отказ
        </button>
      </div>
    </form>
  );
}
