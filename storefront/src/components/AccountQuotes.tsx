// „Оферти“ on a member's account page: the company's requests for a quote with their status, and for
// an answered one its prices, total and validity; a valid answered quote is ordered from here
// (QuoteOrderForm), and then names the order placed, with a link to it. Errors are tied to their fields; what happens is read out through the live regions.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiOrder, ApiQuoteRequest } from '@domain/api';
import { QUOTE_TEXT as Q } from '@domain/quoteTexts';
import { formatBgDate } from '@domain/dateInput';
import { formatDate } from '@domain/dates';
import { shopApi } from '../api/shop';
import { Price } from './Price';
import { QuoteOrderForm } from './QuoteOrderForm';

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
