// Количка: the lines with quantity, removal and clearing, a discount code preview priced by
// the server, totals, and the way to checkout.
import { FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCart } from '../state/cart';
import { useAuth } from '../state/auth';
import { useSettings } from '../state/settings';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { Seo } from '../components/Seo';
import { Price } from '../components/Price';
import { QuantityStepper } from './ProductPage';
import { SHOP } from '../../../domain/messages';
import { QUANTITY_MAX } from '../../../domain/limits';
import type { CartLine } from '../../../domain/api';

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
  const { items, subtotal, count, loading, edit, remove, clear } = useCart();
  const { user } = useAuth();
  const settings = useSettings();
  const navigate = useNavigate();
  const [code, setCode] = useState(savedDiscountCode());
  const [applied, setApplied] = useState<{ code: string; discountTotal: number } | null>(null);
  const [codeError, setCodeError] = useState('');

  const check = async (value: string) => {
    setCodeError('');
    if (!value.trim()) {
      setApplied(null);
      saveDiscountCode('');
      return;
    }
    try {
      const r = await shopApi.checkDiscount(value.trim(), user ? undefined : items);
      setApplied({ code: r.discount.code, discountTotal: r.totals.discountTotal });
      saveDiscountCode(r.discount.code);
    } catch (err) {
      setApplied(null);
      setCodeError(err instanceof ApiError ? err.message : 'Кодът не може да бъде проверен.');
    }
  };

  // Re-check a remembered code when the cart changes (the minimum may no longer be met).
  useEffect(() => {
    if (items.length && savedDiscountCode()) void check(savedDiscountCode());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subtotal, items.length]);

  const onApply = (e: FormEvent) => {
    e.preventDefault();
    void check(code);
  };

  if (!loading && items.length === 0) {
    return (
      <div className="page narrow center">
        <Seo title="Количка" />
        <h1>Количката е празна</h1>
        <p className="muted">Разгледайте TWINS и TRIPLES и добавете любимите си вкусове.</p>
        <Link to="/products" className="button">Към магазина</Link>
      </div>
    );
  }

  const discountTotal = applied?.discountTotal ?? 0;
  const afterDiscount = Math.max(0, subtotal - discountTotal);
  const threshold = settings.freeShippingThreshold;
  const missingForFree = threshold !== null ? Math.max(0, threshold - afterDiscount) : null;
  const unavailable = items.some((l) => l.available === false || tooMany(l));

  return (
    <div className="page cart-page">
      <Seo title="Количка" />
      <h1>Количка <span className="muted">({count} бр.)</span></h1>
      <div className="cart-layout">
        <section aria-label="Продукти в количката">
          <ul className="cart-lines">
            {items.map((line) => (
              <CartLineRow key={line.id} line={line} onQuantity={(q) => edit(line.id, { quantity: q }).catch(() => undefined)} onRemove={() => remove(line.id).catch(() => undefined)} />
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => clear().catch(() => undefined)}>Изчисти количката</button>
        </section>
        <aside className="summary card" aria-label="Обобщение">
          <form className="discount-form" onSubmit={onApply}>
            <label htmlFor="discount-code">Код за отстъпка</label>
            <div className="inline">
              <input id="discount-code" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} maxLength={50} autoComplete="off" aria-invalid={!!codeError} aria-describedby={codeError ? 'discount-error' : undefined} />
              <button type="submit" className="button button-ghost">Приложи</button>
            </div>
            {codeError && <span id="discount-error" className="error-text" role="alert">{codeError}</span>}
            {applied && <span className="ok-text">Кодът {applied.code} е приложен.</span>}
          </form>
          <dl className="totals">
            <dt>Междинна сума</dt><dd><Price amount={subtotal} /></dd>
            {discountTotal > 0 && <><dt>Отстъпка</dt><dd>−<Price amount={discountTotal} /></dd></>}
            <dt>Доставка</dt>
            <dd>{missingForFree === 0 ? 'Безплатна' : <>от <Price amount={Math.min(...Object.values(settings.shippingFees))} /></>}</dd>
            <dt className="total">Общо</dt><dd className="total"><Price amount={afterDiscount} /></dd>
          </dl>
          {missingForFree !== null && missingForFree > 0 && (
            <p className="free-shipping-hint">Добавете още <Price amount={missingForFree} /> за безплатна доставка.</p>
          )}
          {unavailable && <p className="error-text">Някои продукти вече не са налични. Премахнете ги, за да продължите.</p>}
          <button type="button" className="button button-large button-block" disabled={unavailable || loading} onClick={() => navigate('/checkout')}>
            Към поръчката
          </button>
          <Link to="/products" className="link-button center">Продължи пазаруването</Link>
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
  const extras = [line.variantName, ...line.attributes.filter((a) => a.attributeValue).map((a) => `${a.attributeName}: ${a.attributeValue}`)].filter(Boolean);
  return (
    <li className="cart-line">
      <div className="cart-line-image">
        {line.image ? <img src={line.image} alt="" width="88" height="88" loading="lazy" /> : <div className="image-placeholder" aria-hidden="true" />}
      </div>
      <div className="cart-line-body">
        <div className="cart-line-head">
          {line.productSlug ? <Link to={`/products/${line.productSlug}`}>{line.productName}</Link> : <span>{line.productName ?? 'Продукт'}</span>}
          <button type="button" className="icon-button remove" aria-label={`Премахни ${line.productName ?? 'продукта'}`} onClick={onRemove}>×</button>
        </div>
        {extras.length > 0 && <div className="muted small">{extras.join(' · ')}</div>}
        {line.personalization && <div className="muted small">Надпис: „{line.personalization}“</div>}
        {line.available === false && <div className="error-text small">Не е наличен</div>}
        {tooMany(line) && <div className="error-text small" role="alert">{SHOP.stockFell(line.stock ?? 0)}</div>}
        <div className="cart-line-foot">
          <QuantityStepper value={line.quantity} max={Math.max(1, line.stock ?? QUANTITY_MAX)} onChange={onQuantity} label={`Количество на ${line.productName ?? 'продукта'}`} />
          {line.stock !== undefined && line.available !== false && line.quantity === line.stock && <span className="help stock-cap">{SHOP.inStock(line.stock)}</span>}
          <div className="cart-line-total">
            {line.lineTotal !== undefined && <Price amount={line.lineTotal} />}
            {line.quantity > 1 && line.unitPrice !== undefined && <div className="muted small"><Price amount={line.unitPrice} /> / бр.</div>}
          </div>
        </div>
      </div>
    </li>
  );
}
