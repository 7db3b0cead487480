// The checkout's summary: the quote's lines, the code applied (or why not), and the totals as
// the server priced them (a member's net prices with VAT on top, or a shopper's with VAT).
import type { ApiQuote } from '@domain/api';
import { formatDate } from '@domain/dates';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { Price } from './Price';

interface Props {
  quote: ApiQuote | null;
  /** The code the shopper gave, applied or not. */
  code: string;
  onRemoveCode(): void;
  quoteError: string;
  /** A bank transfer on terms: the due date is shown under the total. */
  showDueDate: boolean;
}

export function CheckoutSummary({ quote, code, onRemoveCode, quoteError, showDueDate }: Props) {
  const net = quote?.pricesInclude === 'net' ? quote : null;
  return (
    <>
      <ul className="summary-lines">
        {(quote?.lines ?? []).map((l, n) => (
          <li key={n}>
            <span>
              {l.productName}
              {l.variantName ? ` · ${l.variantName}` : ''} × {l.quantity}
              {l.attributes.length > 0 && (
                <span className="muted small block">{l.attributes.map((a) => `${a.name}: ${a.value}`).join(' · ')}</span>
              )}
              {l.personalization && <span className="muted small block">Надпис: „{l.personalization}“</span>}
              {net && (
                <span className="muted small block">
                  {l.quantity} × <Price amount={l.unitPrice} currency={net.currency} /> {TRADE_ORDER_TEXT.withoutVat}
                </span>
              )}
            </span>
            <Price amount={l.lineTotal} currency={quote!.currency} />
          </li>
        ))}
      </ul>
      {code && (
        <div className="discount-applied">
          {quote?.discount && <span className="ok-text">Код {quote.discount.code} е приложен.</span>}
          {quote?.discountError && (
            <span className="error-text" role="alert">
              Кодът {code} не е приложен: {quote.discountError}
            </span>
          )}
          <button type="button" className="link-button" onClick={onRemoveCode}>
            Премахни кода
          </button>
        </div>
      )}
      {net ? (
        <dl className="totals" aria-live="polite">
          <dt>{TRADE_ORDER_TEXT.subtotalNet}</dt>
          <dd>
            <Price amount={net.subtotalNet} currency={net.currency} />
          </dd>
          <dt>Доставка</dt>
          <dd>{net.shippingTotal === 0 ? 'Безплатна' : <Price amount={net.shippingTotal} currency={net.currency} />}</dd>
          <dt>{TRADE_ORDER_TEXT.vat}</dt>
          <dd>
            <Price amount={net.vatTotal} currency={net.currency} />
          </dd>
          <dt className="total">{TRADE_ORDER_TEXT.total}</dt>
          <dd className="total" id="checkout-total" tabIndex={-1}>
            <Price amount={net.total} currency={net.currency} />
          </dd>
          {showDueDate && net.trade && (
            <>
              <dt>{TRADE_ORDER_TEXT.dueDate}</dt>
              <dd id="checkout-due">{formatDate(net.trade.paymentDueAt)}</dd>
            </>
          )}
        </dl>
      ) : quote ? (
        <dl className="totals" aria-live="polite">
          <dt>Междинна сума</dt>
          <dd>
            <Price amount={quote.subtotal} currency={quote.currency} />
          </dd>
          {quote.discountTotal > 0 && (
            <>
              <dt>Отстъпка ({quote.discount?.code})</dt>
              <dd>
                −<Price amount={quote.discountTotal} currency={quote.currency} />
              </dd>
            </>
          )}
          <dt>Доставка</dt>
          <dd>{quote.shippingTotal === 0 ? 'Безплатна' : <Price amount={quote.shippingTotal} currency={quote.currency} />}</dd>
          <dt className="total">Общо</dt>
          <dd className="total" id="checkout-total" tabIndex={-1}>
            <Price amount={quote.total} currency={quote.currency} />
          </dd>
        </dl>
      ) : (
        <p className={quoteError ? 'error-text' : 'muted'}>{quoteError || 'Изчисляваме сумата…'}</p>
      )}
    </>
  );
}
