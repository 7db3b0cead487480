// Поръчка: contact, delivery (Econt office, Speedy office, address), payment (cash on delivery,
// bank transfer), the 18+ and terms confirmations and a summary. The server prices the order.
import { FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useCart } from '../state/cart';
import { useAuth } from '../state/auth';
import { useSettings } from '../state/settings';
import { shopApi, lineInput, CheckoutInput } from '../api/shop';
import { ApiError } from '../api/client';
import { Seo } from '../components/Seo';
import { FORM } from '../../../domain/messages';
import { Price } from '../components/Price';
import { OfficePicker } from '../components/OfficePicker';
import { COURIER_OF_METHOD, type ApiOffice } from '../../../domain/couriers';
import { savedDiscountCode, saveDiscountCode } from './CartPage';
import { computeTotals } from '../../../domain/pricing';
import { fromMinor, toMinor } from '../../../domain/money';
import { NAME_MAX, PHONE_MAX, TEXT_MAX, EMAIL_PATTERN } from '../../../domain/limits';
import { PAYMENT_METHOD_LABELS, SHIPPING_METHOD_LABELS, PaymentMethod, ShippingMethod, SHIPPING_METHODS, PAYMENT_METHODS } from '../../../domain/orderStatus';

const ADDRESS_LABEL: Record<ShippingMethod, string> = {
  econt_office: 'Офис на Еконт (име или адрес на офиса)',
  speedy_office: 'Офис на Спиди (име или адрес на офиса)',
  address: 'Адрес (улица, номер, вход, етаж, апартамент)',
};
const PAYMENT_HINT: Record<PaymentMethod, string> = {
  cod: 'Плащате на куриера при получаване.',
  bank_transfer: 'Ще получите банковите данни след поръчката. Изпращаме след получаване на плащането.',
};

export default function Checkout() {
  const { items, loading, forgetOrdered } = useCart();
  const { user } = useAuth();
  const settings = useSettings();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '', phone: user?.phone ?? '',
    method: 'econt_office' as ShippingMethod, city: '', postcode: '', address: '',
    paymentMethod: 'cod' as PaymentMethod, note: '', ageConfirmed: false, termsAccepted: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [pickedOffice, setPickedOffice] = useState<ApiOffice | null>(null);
  const courier = COURIER_OF_METHOD[form.method];
  const office = pickedOffice && pickedOffice.courier === courier ? pickedOffice : null;
  const [discount, setDiscount] = useState<{ code: string; type: string; discountTotal: number } | null>(null);
  const code = savedDiscountCode();
  const placed = useRef(false);

  useEffect(() => {
    if (user) setForm((f) => ({ ...f, firstName: f.firstName || user.firstName, lastName: f.lastName || user.lastName, email: f.email || user.email, phone: f.phone || (user.phone ?? '') }));
  }, [user]);
  useEffect(() => {
    if (!code || !items.length) return;
    shopApi.checkDiscount(code, user ? undefined : items).then(
      (r) => setDiscount({ code: r.discount.code, type: r.discount.type, discountTotal: r.totals.discountTotal }),
      () => {
        setDiscount(null);
        saveDiscountCode('');
      },
    );
  }, [code, items, user]);

  const totals = useMemo(() => {
    const fees = Object.fromEntries(Object.entries(settings.shippingFees).map(([k, v]) => [k, toMinor(v)])) as Record<ShippingMethod, number>;
    const rule = { fees, freeShippingThreshold: settings.freeShippingThreshold === null ? null : toMinor(settings.freeShippingThreshold) };
    const lines = items.filter((l) => l.unitPrice !== undefined).map((l) => ({ unitPrice: toMinor(l.unitPrice!), quantity: l.quantity }));
    const t = computeTotals(lines, { method: form.method, rule }, null);
    const discountTotal = toMinor(discount?.discountTotal ?? 0);
    const shippingTotal = discount?.type === 'free_shipping' ? 0 : t.shippingTotal;
    return { subtotal: t.subtotal, discountTotal, shippingTotal, total: t.subtotal - discountTotal + shippingTotal };
  }, [items, settings, form.method, discount]);

  // After the order the cart is empty: that must not send the shopper back to the cart page.
  if (!loading && items.length === 0 && !placed.current) return <Navigate to="/cart" replace />;

  const set = (k: keyof typeof form) => (e: { target: { value: string; checked?: boolean; type?: string } }) => {
    const value = e.target.type === 'checkbox' ? !!e.target.checked : e.target.value;
    setForm((f) => ({ ...f, [k]: value }));
    setErrors((er) => {
      const { [k]: _, ...rest } = er;
      return rest;
    });
  };

  const validate = (): Record<string, string> => {
    const e: Record<string, string> = {};
    if (!form.firstName.trim()) e.firstName = 'Въведете име.';
    if (!form.lastName.trim()) e.lastName = 'Въведете фамилия.';
    if (!EMAIL_PATTERN.test(form.email.trim())) e.email = FORM.invalidEmail;
    if (!/^\+?[\d\s()-]{6,}$/.test(form.phone.trim())) e.phone = 'Въведете валиден телефонен номер.';
    if (!courier && !form.city.trim()) e.city = 'Въведете град.';
    if (form.postcode && !/^\d{4}$/.test(form.postcode.trim())) e.postcode = 'Пощенският код е 4 цифри.';
    if (courier ? !office : !form.address.trim()) e.address = form.method === 'address' ? 'Въведете адрес за доставка.' : 'Посочете офис за доставка.';
    if (!form.ageConfirmed) e.ageConfirmed = 'Потвърдете, че сте навършили 18 години.';
    if (!form.termsAccepted) e.termsAccepted = 'Приемете общите условия, за да поръчате.';
    return e;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`checkout-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const input: CheckoutInput = {
      ...(user ? {} : { items: items.map(lineInput) }),
      customer: { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim(), phone: form.phone.trim() },
      shipping: office ? { method: form.method, officeId: office.id } : { method: form.method, city: form.city.trim(), postcode: form.postcode.trim(), address: form.address.trim() },
      paymentMethod: form.paymentMethod,
      ...(discount ? { discountCode: discount.code } : {}),
      note: form.note.trim(),
      ageConfirmed: form.ageConfirmed,
      termsAccepted: form.termsAccepted,
    };
    setBusy(true);
    try {
      const { order } = await shopApi.createOrder(input);
      placed.current = true;
      forgetOrdered();
      saveDiscountCode('');
      navigate(`/orders/${order.id}`, { state: { justPlaced: true } });
    } catch (err) {
      if (err instanceof ApiError) {
        const mapped: Record<string, string> = {};
        for (const [k, v] of Object.entries(err.errors)) mapped[k.replace(/^(customer|shipping)\./, '').replace(/^method$/, 'method')] = v;
        setErrors(mapped);
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (k: 'firstName' | 'lastName' | 'email' | 'phone' | 'city' | 'postcode' | 'address', label: string, props: Record<string, unknown> = {}) => (
    <div className={`field ${errors[k] ? 'field-error' : ''}`}>
      <label htmlFor={`checkout-${k}`}>{label}</label>
      <input id={`checkout-${k}`} value={form[k]} onChange={set(k)} aria-invalid={!!errors[k]} aria-describedby={errors[k] ? `checkout-${k}-error` : undefined} {...props} />
      {errors[k] && <span id={`checkout-${k}-error`} className="error-text">{errors[k]}</span>}
    </div>
  );

  return (
    <div className="page checkout">
      <Seo title="Поръчка" />
      <h1>Поръчка</h1>
      <form className="checkout-layout" onSubmit={submit} noValidate>
        <div className="checkout-main">
          <fieldset className="card">
            <legend>Данни за контакт</legend>
            <div className="two">
              {field('firstName', 'Име', { autoComplete: 'given-name', maxLength: NAME_MAX, required: true })}
              {field('lastName', 'Фамилия', { autoComplete: 'family-name', maxLength: NAME_MAX, required: true })}
            </div>
            <div className="two">
              {field('email', 'Имейл', { type: 'email', autoComplete: 'email', required: true })}
              {field('phone', 'Телефон', { type: 'tel', autoComplete: 'tel', maxLength: PHONE_MAX, required: true })}
            </div>
            {!user && <p className="muted small">Имате профил? <Link to="/signin">Влезте</Link>, за да видите поръчката в профила си.</p>}
          </fieldset>

          <fieldset className="card">
            <legend>Доставка</legend>
            <div className="options">
              {SHIPPING_METHODS.map((m) => (
                <label key={m} className={`option ${form.method === m ? 'selected' : ''}`}>
                  <input type="radio" name="method" value={m} checked={form.method === m} onChange={set('method')} />
                  <span>{SHIPPING_METHOD_LABELS[m]}</span>
                  <Price amount={settings.shippingFees[m]} className="muted" />
                </label>
              ))}
            </div>
            {courier ? <OfficePicker key={courier} courier={courier} value={office} onChange={(o) => { setPickedOffice(o); setErrors(({ address: _a, officeId: _o, ...rest }) => rest); }} id="checkout-address" error={errors.address ?? errors.officeId} /> : <>
            <div className="two">
              {field('city', 'Град', { autoComplete: 'address-level2', maxLength: NAME_MAX, required: true })}
              {field('postcode', 'Пощенски код', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 4 })}
            </div>
            {field('address', ADDRESS_LABEL[form.method], { autoComplete: form.method === 'address' ? 'street-address' : 'off', maxLength: 300, required: true })}
            </>}
          </fieldset>

          <fieldset className="card">
            <legend>Плащане</legend>
            <div className="options">
              {PAYMENT_METHODS.map((m) => (
                <label key={m} className={`option ${form.paymentMethod === m ? 'selected' : ''}`}>
                  <input type="radio" name="paymentMethod" value={m} checked={form.paymentMethod === m} onChange={set('paymentMethod')} />
                  <span>{PAYMENT_METHOD_LABELS[m]}<small className="muted block">{PAYMENT_HINT[m]}</small></span>
                </label>
              ))}
            </div>
            <div className="field">
              <label htmlFor="checkout-note">Бележка към поръчката <span className="muted">(по желание)</span></label>
              <textarea id="checkout-note" rows={3} maxLength={TEXT_MAX} value={form.note} onChange={set('note')} />
            </div>
          </fieldset>
        </div>

        <aside className="summary card" aria-label="Обобщение на поръчката">
          <h2>Вашата поръчка</h2>
          <ul className="summary-lines">
            {items.map((l) => (
              <li key={l.id}>
                <span>{l.productName ?? 'Продукт'}{l.variantName ? ` · ${l.variantName}` : ''} × {l.quantity}</span>
                {l.lineTotal !== undefined && <Price amount={l.lineTotal} />}
              </li>
            ))}
          </ul>
          <dl className="totals">
            <dt>Междинна сума</dt><dd><Price amount={fromMinor(totals.subtotal)} /></dd>
            {totals.discountTotal > 0 && <><dt>Отстъпка ({discount?.code})</dt><dd>−<Price amount={fromMinor(totals.discountTotal)} /></dd></>}
            <dt>Доставка</dt><dd>{totals.shippingTotal === 0 ? 'Безплатна' : <Price amount={fromMinor(totals.shippingTotal)} />}</dd>
            <dt className="total">Общо</dt><dd className="total"><Price amount={fromMinor(totals.total)} /></dd>
          </dl>
          <label className={`check ${errors.ageConfirmed ? 'field-error' : ''}`}>
            <input id="checkout-ageConfirmed" type="checkbox" checked={form.ageConfirmed} onChange={set('ageConfirmed')} aria-invalid={!!errors.ageConfirmed} />
            <span>Потвърждавам, че съм навършил/а 18 години.</span>
          </label>
          {errors.ageConfirmed && <span className="error-text">{errors.ageConfirmed}</span>}
          <label className={`check ${errors.termsAccepted ? 'field-error' : ''}`}>
            <input id="checkout-termsAccepted" type="checkbox" checked={form.termsAccepted} onChange={set('termsAccepted')} aria-invalid={!!errors.termsAccepted} />
            <span>Приемам <Link to="/terms" target="_blank">общите условия</Link> и <Link to="/privacy" target="_blank">политиката за поверителност</Link>.</span>
          </label>
          {errors.termsAccepted && <span className="error-text">{errors.termsAccepted}</span>}
          <button type="submit" className="button button-large button-block" disabled={busy || loading}>
            {busy ? 'Изпращане…' : 'Поръчай'}
          </button>
          <p className="muted small">Цените са с ДДС. Ще получите потвърждение по имейл.</p>
        </aside>
      </form>
    </div>
  );
}
