// Количка: the lines with quantity, removal and clearing, a discount code, the server's price
// quote (nothing is added up here), and the way to checkout.
import { FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCart } from '../state/cart';
import { useQuote } from '../state/quote';
import { lineInput } from '../api/shop';
import { Seo } from '../components/Seo';
import { Price } from '../components/Price';
import { QuantityStepper } from './ProductPage';
import { SHOP } from '@domain/messages';
import { QUANTITY_MAX } from '@domain/limits';
import type { CartLine } from '@domain/api';
import { SALES_TEXT } from '@domain/salesModeTexts';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { useAuth } from '../state/auth';
import { isTradeMember } from '../state/quickOrder';
import { QuoteRequestForm } from '../components/QuoteRequestForm';

export const DISCOUNT_KEY = 'discount-code';

export function savedDiscountCode(): string {
  try {
    return sessionStorage.getItem(DISCOUNT_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveDiscountCode(code: string) {
  try {
    if (code) sessionStorage.setItem(DISCOUNT_KEY, code);
    else sessionStorage.removeItem(DISCOUNT_KEY);
  } catch {
    /* private mode */
  }
}

export default function CartPage() {
  const { items, count, loading, edit, remove, clear } = useCart();
  const { user } = useAuth();
  const member = isTradeMember(user);
  const navigate = useNavigate();
  const [code, setCode] = useState(savedDiscountCode());
  // The code the quote is asked with: what was applied (or remembered from before).
  const [asked, setAsked] = useState(savedDiscountCode());
  const available = items.filter((l) => l.available !== false);
  const quoteInput = useMemo(
    () => (available.length ? { items: available.map(lineInput), ...(asked ? { discountCode: asked } : {}) } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(available.map(lineInput)), asked],
  );
  const { quote, error: quoteError } = useQuote(quoteInput);
  const codeError = asked && quote?.discountError ? quote.discountError : '';

  // Remember a code only while it applies; a refused one is shown with its reason.
  useEffect(() => {
    if (!quote || !asked) return;
    saveDiscountCode(quote.discount ? quote.discount.code : '');
  }, [quote, asked]);

  const onApply = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    setAsked(value);
    if (!value) saveDiscountCode('');
  };
  // A removed line takes its focused button with it: focus goes to the line now in its place
  // (or the last one), or to the page's heading once the cart is empty.
  const focusAfterRemoval = useRef<number | null>(null);
  const removeLine = (index: number, id: number) => {
    focusAfterRemoval.current = index;
    remove(id).catch(() => undefined);
  };
  const clearAll = () => {
    focusAfterRemoval.current = 0;
    clear().catch(() => undefined);
  };
  useLayoutEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null || loading) return;
    const lines = document.querySelectorAll<HTMLElement>('.cart-line');
    const stillThere = document.activeElement && document.activeElement !== document.body && document.contains(document.activeElement);
    if (stillThere && items.length) return; // the removal is still on its way
    focusAfterRemoval.current = null;
    const target = lines.length
      ? lines[Math.min(index, lines.length - 1)].querySelector<HTMLElement>('.remove')
      : document.querySelector<HTMLElement>('main h1');
    if (!target) return;
    if (target.tagName === 'H1') target.setAttribute('tabindex', '-1');
    target.focus();
  }, [items, loading]);

  const removeCode = () => {
    setCode('');
    setAsked('');
    saveDiscountCode('');
    // The button goes with the code: focus to the code's field.
    document.getElementById('discount-code')?.focus();
  };

  if (!loading && items.length === 0) {
    return (
      <div className="page narrow center">
        <Seo title="Количка" />
        <h1>Количката е празна</h1>
        <p className="muted">Разгледайте TWINS и TRIPLES и добавете любимите си вкусове.</p>
        <Link to="/products" className="button">
          Към магазина
        </Link>
      </div>
    );
  }

  const unavailable = items.some((l) => l.available === false || tooMany(l));
  // Lines the sales mode refuses (a cart from before the switch to trade_only: ЗТТСТИ чл. 31а).
  const refused = items.some((l) => l.saleRestricted);
  const fees = quote ? Object.values(quote.shippingOptions) : [];
  const cheapestShipping = fees.length ? Math.min(...fees) : null;

  return (
    <div className="page cart-page">
      <Seo title="Количка" />
      <h1>
        Количка <span className="muted">({count} бр.)</span>
      </h1>
      <div className="cart-layout">
        <section aria-label="Продукти в количката">
          <ul className="cart-lines">
            {items.map((line, i) => (
              <CartLineRow
                key={line.id}
                line={line}
                onQuantity={(q) => edit(line.id, { quantity: q }).catch(() => undefined)}
                onRemove={() => removeLine(i, line.id)}
              />
            ))}
          </ul>
          <button type="button" className="link-button" onClick={clearAll}>
            Изчисти количката
          </button>
        </section>
        <aside className="summary card" aria-label="Обобщение">
          <form className="discount-form" onSubmit={onApply}>
            <label htmlFor="discount-code">Код за отстъпка</label>
            <div className="inline">
              <input
                id="discount-code"
                value={code}
                onChange={(e) => setCode(e.target.value.toUpperCase())}
                maxLength={50}
                autoComplete="off"
                aria-invalid={!!codeError}
                aria-describedby={codeError ? 'discount-error' : undefined}
              />
              <button type="submit" className="button button-ghost">
                Приложи
              </button>
            </div>
            {codeError && (
              <span id="discount-error" className="error-text" role="alert">
                {codeError}
              </span>
            )}
            {quote?.discount && <span className="ok-text">Кодът {quote.discount.code} е приложен.</span>}
            {asked && (codeError || quote?.discount) && (
              <button type="button" className="link-button" onClick={removeCode}>
                Премахни кода
              </button>
            )}
          </form>
          {quote ? (
            <dl className="totals" aria-live="polite">
              <dt>Междинна сума</dt>
              <dd>
                <Price amount={quote.subtotal} currency={quote.currency} />
              </dd>
              {quote.pricesInclude === 'net' && (
                // A member's cart: priced at the company's list; the net and the VAT in it.
                <>
                  <dt>{TRADE_ORDER_TEXT.subtotalNet}</dt>
                  <dd>
                    <Price amount={quote.subtotalNet} currency={quote.currency} />
                  </dd>
                  <dt>{TRADE_ORDER_TEXT.vat}</dt>
                  <dd>
                    <Price amount={quote.vatTotal} currency={quote.currency} />
                  </dd>
                </>
              )}
              {quote.discountTotal > 0 && (
                <>
                  <dt>Отстъпка ({quote.discount?.code})</dt>
                  <dd>
                    −<Price amount={quote.discountTotal} currency={quote.currency} />
                  </dd>
                </>
              )}
              <dt>Доставка</dt>
              <dd>
                {cheapestShipping === 0 ? (
                  'Безплатна'
                ) : (
                  <>
                    от <Price amount={cheapestShipping} currency={quote.currency} />
                  </>
                )}
              </dd>
              <dt className="total">Общо без доставка</dt>
              <dd className="total">
                <Price amount={quote.total} currency={quote.currency} />
              </dd>
            </dl>
          ) : (
            <p className="muted">{quoteError || 'Изчисляваме сумата…'}</p>
          )}
          {quote && quote.freeShippingMissing !== null && quote.freeShippingMissing > 0 && (
            <p className="free-shipping-hint">
              Добавете още <Price amount={quote.freeShippingMissing} currency={quote.currency} /> за безплатна доставка.
            </p>
          )}
          {refused ? (
            <p className="error-text">
              {SALES_TEXT.tradeOnlyRefusal} {SALES_TEXT.removeRefusedLines} <Link to="/where-to-buy">{SALES_TEXT.whereToBuy}</Link>
            </p>
          ) : (
            unavailable && <p className="error-text">Някои продукти вече не са налични. Премахнете ги, за да продължите.</p>
          )}
          <button
            type="button"
            className="button button-large button-block"
            disabled={unavailable || loading}
            onClick={() => navigate('/checkout')}
          >
            Към поръчката
          </button>
          {/* A member may ask for a price on a large basket instead, whatever the list's quote says
              (a basket past the credit limit is one to ask about). */}
          {member && !refused && available.length > 0 && <QuoteRequestForm lines={available} />}
          <Link to="/products" className="link-button center">
            Продължи пазаруването
          </Link>
        </aside>
      </div>
    </div>
  );
}

/** The line wants more than is in stock now (the stock fell since it was added). */
function tooMany(l: CartLine): boolean {
  return l.available !== false && l.stock !== undefined && l.quantity > l.stock;
}

function CartLineRow({ line, onQuantity, onRemove }: { line: CartLine; onQuantity(q: number): void; onRemove(): void }) {
  const extras = [
    line.variantName,
    ...line.attributes.filter((a) => a.attributeValue).map((a) => `${a.attributeName}: ${a.attributeValue}`),
  ].filter(Boolean);
  return (
    <li className="cart-line">
      <div className="cart-line-image">
        {line.image ? (
          <img src={line.image} alt="" width="88" height="88" loading="lazy" />
        ) : (
          <div className="image-placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="cart-line-body">
        <div className="cart-line-head">
          {line.productSlug ? (
            <Link to={`/products/${line.productSlug}`}>{line.productName}</Link>
          ) : (
            <span>{line.productName ?? 'Продукт'}</span>
          )}
          <button type="button" className="icon-button remove" aria-label={`Премахни ${line.productName ?? 'продукта'}`} onClick={onRemove}>
            ×
          </button>
        </div>
        {extras.length > 0 && <div className="muted small">{extras.join(' · ')}</div>}
        {line.personalization && <div className="muted small">Надпис: „{line.personalization}“</div>}
        {line.saleRestricted ? (
          <div className="error-text small cart-line-refusal">{SALES_TEXT.cartLineRefused}</div>
        ) : (
          line.available === false && <div className="error-text small">Не е наличен</div>
        )}
        {tooMany(line) && (
          <div className="error-text small" role="alert">
            {SHOP.stockFell(line.stock ?? 0)}
          </div>
        )}
        <div className="cart-line-foot">
          <QuantityStepper
            value={line.quantity}
            max={Math.max(1, line.stock ?? QUANTITY_MAX)}
            onChange={onQuantity}
            label={`Количество на ${line.productName ?? 'продукта'}`}
          />
          {line.stock !== undefined && line.available !== false && line.quantity === line.stock && (
            <span className="help stock-cap">{SHOP.inStock(line.stock)}</span>
          )}
          <div className="cart-line-total">
            {line.lineTotal !== undefined && <Price amount={line.lineTotal} />}
            {line.pricesInclude === 'net' && <span className="trade-price-note"> {PRICE_LIST_TEXTS.withoutVat}</span>}
            {line.quantity > 1 && line.unitPrice !== undefined && (
              <div className="muted small">
                <Price amount={line.unitPrice} /> / бр.{line.pricesInclude === 'net' && ` ${PRICE_LIST_TEXTS.withoutVat}`}
              </div>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}
