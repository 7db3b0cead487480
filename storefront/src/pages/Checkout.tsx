// Поръчка: contact, delivery (Econt office, Speedy office, address), payment (cash on delivery,
// bank transfer), the 18+ and terms confirmations and a summary. The summary is the server's
// quote (POST /api/checkout/quote), the same function that prices the order; the order carries
// the total shown (expectedTotal) and a different server total is refused with the new quote.
// The form survives a reload for the browser session (sessionStorage), except the two ticks.
// A trade member paying by bank transfer may pay in advance (due today); a company overdue past the
// shop's days must, and is told so.
import { FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useCart } from '../state/cart';
import { useAuth } from '../state/auth';
import { useQuote } from '../state/quote';
import { shopApi, lineInput, CheckoutInput } from '../api/shop';
import { ApiError } from '../api/client';
import { ProofOfWorkStatus, withProofOfWork } from '../components/ProofOfWork';
import { Seo } from '../components/Seo';
import { FIELD, STOREFRONT } from '@domain/messages';
import { toast } from '../state/toast';
import { showFieldErrors } from '../state/formErrors';
import { Price } from '../components/Price';
import { CheckoutSummary } from '../components/CheckoutSummary';
import { EMPTY_FORM, formErrorsOf, saveForm, savedForm, savedOffice, type CheckoutForm } from '../state/checkoutForm';
import { InvoiceFields, invoiceErrors, invoiceInput } from '../components/InvoiceFields';
import { OfficePicker } from '../components/OfficePicker';
import { COURIER_OF_METHOD, type ApiOffice } from '@domain/couriers';
import { savedDiscountCode, saveDiscountCode } from './CartPage';
import type { ApiQuote } from '@domain/api';
import { isTradeMember, saveQuickOrder, savedQuickOrder } from '../state/quickOrder';
import {
  chosenShop,
  CompanyShopChoice,
  NO_TRADE_CHOICE,
  PurchaseOrderField,
  tradeChoiceErrors,
  tradeChoiceInput,
  useTradeCompany,
} from '../components/TradeCheckoutFields';
import { checkoutAttemptKey, endCheckoutAttempt } from '../state/checkoutAttempt';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { DUNNING_TEXT } from '@domain/dunning';
import { formatDate } from '@domain/dates';
import { NAME_MAX, PHONE_MAX, TEXT_MAX, EMAIL_PATTERN } from '@domain/limits';
import { checkoutSchemaFor } from '@domain/schemas/checkout';
import { fieldErrors } from '@domain/schemas/fields';
import {
  PAYMENT_METHOD_LABELS,
  SHIPPING_METHOD_LABELS,
  PaymentMethod,
  ShippingMethod,
  SHIPPING_METHODS,
  PAYMENT_METHODS,
} from '@domain/orderStatus';

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
  const { items: cartItems, loading: cartLoading, forgetOrdered } = useCart();
  const { user } = useAuth();
  const navigate = useNavigate();
  // A member's quick order (/trade/quick-order → /checkout?trade=1) sends its own lines,
  // not the cart's.
  const [params] = useSearchParams();
  const [tradeLines] = useState(() => (params.get('trade') === '1' ? savedQuickOrder() : []));
  const trade = tradeLines.length > 0;
  const items = trade
    ? tradeLines.map((l) => ({ ...l, id: l.variantId, attributes: [], personalization: '' }) as unknown as (typeof cartItems)[number])
    : cartItems;
  const loading = trade ? false : cartLoading;
  const [form, setForm] = useState<CheckoutForm>(() => ({
    ...EMPTY_FORM,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    ...savedForm(),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [invoice, setInvoice] = useState<Parameters<typeof invoiceErrors>[0]>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const [code, setCode] = useState(savedDiscountCode());
  const [totalNotice, setTotalNotice] = useState('');
  const [pickedOffice, setPickedOffice] = useState<ApiOffice | null>(savedOffice);
  // A member's bank transfer paid in advance; like the two ticks, chosen anew each time.
  const [prepayment, setPrepayment] = useState(false);
  const prepaymentAsked = prepayment && form.paymentMethod === 'bank_transfer';
  const courier = COURIER_OF_METHOD[form.method];
  const office = pickedOffice && pickedOffice.courier === courier ? pickedOffice : null;
  const placed = useRef(false);
  // A member: their purchase-order number, and one of their company's shops as the address.
  const company = useTradeCompany(isTradeMember(user));
  const [tradeChoice, setTradeChoice] = useState(NO_TRADE_CHOICE);
  const toShop = chosenShop(company, tradeChoice, form.method);
  const chooseTrade = (next: typeof tradeChoice) => {
    setTradeChoice(next);
    setErrors(({ purchaseOrderNumber: _p, companyShopId: _s, address: _a, city: _c, ...rest }) => rest);
  };

  useEffect(() => {
    if (user)
      setForm((f) => ({
        ...f,
        firstName: f.firstName || user.firstName,
        lastName: f.lastName || user.lastName,
        email: f.email || user.email,
        phone: f.phone || (user.phone ?? ''),
      }));
  }, [user]);
  useEffect(() => {
    if (!placed.current) saveForm(form, pickedOffice);
  }, [form, pickedOffice]);

  // The quote: a guest's cookie lines, or a signed-in customer's server cart (what the order uses).
  const email = EMAIL_PATTERN.test(form.email.trim()) ? form.email.trim() : undefined;
  const quoteInput = useMemo(
    () =>
      items.length
        ? {
            ...(user && !trade ? {} : { items: items.map(lineInput) }),
            shipping: { method: form.method },
            ...(code ? { discountCode: code } : {}),
            ...(email ? { email } : {}),
            // The quote then states the due date of a prepayment: today.
            ...(prepaymentAsked ? { prepayment: true } : {}),
          }
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(items.map(lineInput)), !!user, form.method, code, email, prepaymentAsked],
  );
  const { quote, error: quoteError, loading: quoting, replace: showQuote } = useQuote(quoteInput);
  const removeCode = () => {
    setCode('');
    saveDiscountCode('');
    // The button goes with the code: focus to the summary's heading.
    document.getElementById('checkout-summary-title')?.focus();
  };

  // After the order the cart is empty: that must not send the shopper back to the cart page.
  if (!loading && items.length === 0 && !placed.current) return <Navigate to="/cart" replace />;
  const net = quote?.pricesInclude === 'net' ? quote : null;
  const terms = net?.trade;
  const dueText = terms
    ? terms.paymentTermsDays > 0 && !terms.prepayment
      ? TRADE_ORDER_TEXT.termsHint(terms.paymentTermsDays, formatDate(terms.paymentDueAt))
      : TRADE_ORDER_TEXT.prepayment
    : null;
  // Held to prepayment, a bank transfer must be paid in advance (cash on delivery stays open).
  const heldToPrepayment = Boolean(terms?.prepaymentOnly);
  // The choice is offered where it changes something: terms with days to pay, or a company held
  // to prepayment (also when the server's refusal named it before the quote said so).
  const offerPrepayment =
    form.paymentMethod === 'bank_transfer' && Boolean(terms) && (terms!.paymentTermsDays > 0 || heldToPrepayment || !!errors.prepayment);

  const set = (k: keyof typeof form) => (e: { target: { value: string; checked?: boolean; type?: string } }) => {
    const value = e.target.type === 'checkbox' ? !!e.target.checked : e.target.value;
    setForm((f) => ({ ...f, [k]: value }));
    setErrors((er) => {
      const { [k]: _, ...rest } = er;
      return rest;
    });
  };

  /** The form's errors: the body checked with the server's own schema and texts, then what only
   *  the form knows (an office not yet chosen, the company's own rules). */
  const validate = (input: CheckoutInput): Record<string, string> => {
    const parsed = checkoutSchemaFor(input, isTradeMember(user)).safeParse(input);
    const e = parsed.success ? {} : formErrorsOf(fieldErrors(parsed.error));
    // A courier's office not chosen: the body names none, so the schema asks for the city and
    // address that an office would bring; the form asks for the office.
    if (courier && !office) {
      delete e.city;
      delete e.postcode;
      e.address = FIELD.officeMissing;
    }
    if (heldToPrepayment && form.paymentMethod === 'bank_transfer' && !prepayment) e.prepayment = TRADE_ORDER_TEXT.prepaymentRequired;
    return { ...e, ...tradeChoiceErrors(company, tradeChoice), ...invoiceErrors(invoice) };
  };

  const submit = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const formElement = ev.currentTarget;
    // Busy or not ready: the button stays focusable (aria-disabled) and a press does nothing.
    if (busy || loading || !quote || quoting) return;
    const input: CheckoutInput = {
      ...(user && !trade ? {} : { items: items.map(lineInput) }),
      customer: { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim(), phone: form.phone.trim() },
      shipping: office
        ? { method: form.method, officeId: office.id }
        : toShop
          ? { method: 'address', companyShopId: toShop.id }
          : { method: form.method, city: form.city.trim(), postcode: form.postcode.trim(), address: form.address.trim() },
      paymentMethod: form.paymentMethod,
      // Only a code the quote applied: a refused one is shown, not sent.
      ...(quote.discount ? { discountCode: quote.discount.code } : {}),
      note: form.note.trim(),
      ageConfirmed: form.ageConfirmed,
      termsAccepted: form.termsAccepted,
      ...invoiceInput(invoice),
      ...tradeChoiceInput(tradeChoice),
      ...(offerPrepayment && prepayment ? { prepayment: true } : {}),
      expectedTotal: quote.total,
    };
    const found = validate(input);
    if (Object.keys(found).length) {
      showFieldErrors(setErrors, found, formElement);
      return;
    }
    setErrors({});
    // Pressed again after a lost answer (or after a reload), the same order keeps its key: the
    // server answers the order it placed. The quote's lines count too: a signed-in customer's
    // order carries no lines, their server cart does.
    const idempotencyKey = checkoutAttemptKey({ input, lines: quote.lines.map((l) => [l.variantId, l.quantity, l.personalization]) });
    setBusy(true);
    setTotalNotice('');
    try {
      const { order } = await withProofOfWork(
        (altcha) => shopApi.createOrder(altcha ? { ...input, altcha } : input, { silent: true, idempotencyKey }),
        setChecking,
      );
      placed.current = true;
      endCheckoutAttempt();
      saveForm(null);
      if (trade) saveQuickOrder([]);
      else forgetOrdered();
      saveDiscountCode('');
      navigate(`/orders/${order.id}`, { state: { justPlaced: true } });
    } catch (err) {
      // The total changed since it was shown: show the new one; the shopper orders again.
      if (err instanceof ApiError && err.status === 409 && err.body?.quote) {
        showQuote(err.body.quote as ApiQuote);
        setTotalNotice(err.message);
        document.getElementById('checkout-total')?.focus();
        return;
      }
      toast.error(err instanceof ApiError ? err.message : STOREFRONT.orderFailed);
      if (err instanceof ApiError) {
        showFieldErrors(setErrors, formErrorsOf(err.errors), formElement);
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (
    k: 'firstName' | 'lastName' | 'email' | 'phone' | 'city' | 'postcode' | 'address',
    label: string,
    props: Record<string, unknown> = {},
  ) => (
    <div className={`field ${errors[k] ? 'field-error' : ''}`}>
      <label htmlFor={`checkout-${k}`}>{label}</label>
      <input
        id={`checkout-${k}`}
        value={form[k]}
        onChange={set(k)}
        aria-invalid={!!errors[k]}
        aria-describedby={errors[k] ? `checkout-${k}-error` : undefined}
        {...props}
      />
      {errors[k] && (
        <span id={`checkout-${k}-error`} className="error-text">
          {errors[k]}
        </span>
      )}
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
            {!user && (
              <p className="muted small">
                Имате профил? <Link to="/signin">Влезте</Link>, за да видите поръчката в профила си.
              </p>
            )}
          </fieldset>

          <fieldset className="card">
            <legend>Доставка</legend>
            <div className="options">
              {SHIPPING_METHODS.map((m) => (
                <label key={m} className={`option ${form.method === m ? 'selected' : ''}`}>
                  <input type="radio" name="method" value={m} checked={form.method === m} onChange={set('method')} />
                  <span>{SHIPPING_METHOD_LABELS[m]}</span>
                  {quote &&
                    (quote.shippingOptions[m] === 0 ? (
                      <span className="muted">Безплатна</span>
                    ) : (
                      <Price amount={quote.shippingOptions[m]} currency={quote.currency} className="muted" />
                    ))}
                </label>
              ))}
            </div>
            {courier ? (
              <OfficePicker
                key={courier}
                courier={courier}
                value={office}
                onChange={(o) => {
                  setPickedOffice(o);
                  setErrors(({ address: _a, officeId: _o, ...rest }) => rest);
                }}
                id="checkout-address"
                error={errors.address ?? errors.officeId}
              />
            ) : (
              <>
                {form.method === 'address' && (
                  <CompanyShopChoice company={company} value={tradeChoice} onChange={chooseTrade} error={errors.companyShopId} />
                )}
                {!toShop && (
                  <>
                    <div className="two">
                      {field('city', 'Град', { autoComplete: 'address-level2', maxLength: NAME_MAX, required: true })}
                      {field('postcode', 'Пощенски код', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 4 })}
                    </div>
                    {field('address', ADDRESS_LABEL[form.method], {
                      autoComplete: form.method === 'address' ? 'street-address' : 'off',
                      maxLength: 300,
                      required: true,
                    })}
                  </>
                )}
              </>
            )}
          </fieldset>

          <fieldset className="card">
            <legend>Плащане</legend>
            {terms?.prepaymentOnlyNotice && (
              <p className="notice" role="status">
                {terms.prepaymentOnlyNotice}
              </p>
            )}
            <div className="options">
              {PAYMENT_METHODS.map((m) => (
                <label key={m} className={`option ${form.paymentMethod === m ? 'selected' : ''}`}>
                  <input type="radio" name="paymentMethod" value={m} checked={form.paymentMethod === m} onChange={set('paymentMethod')} />
                  <span>
                    {PAYMENT_METHOD_LABELS[m]}
                    <small className="muted block">{m === 'bank_transfer' && dueText ? dueText : PAYMENT_HINT[m]}</small>
                  </span>
                </label>
              ))}
            </div>
            {offerPrepayment && (
              <div className="prepayment-choice">
                <label className={`check ${errors.prepayment ? 'field-error' : ''}`}>
                  <input
                    id="checkout-prepayment"
                    type="checkbox"
                    checked={prepayment}
                    required={heldToPrepayment}
                    onChange={(e) => {
                      setPrepayment(e.target.checked);
                      setErrors(({ prepayment: _p, ...rest }) => rest);
                    }}
                    aria-invalid={!!errors.prepayment}
                    aria-describedby={
                      [prepayment ? 'checkout-prepayment-due' : '', errors.prepayment ? 'checkout-prepayment-error' : '']
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                  />
                  <span>{DUNNING_TEXT.prepaymentLabel}</span>
                </label>
                {prepayment && (
                  <span id="checkout-prepayment-due" className="muted small block">
                    {TRADE_ORDER_TEXT.prepaymentDueToday(formatDate(new Date()))}
                  </span>
                )}
                {errors.prepayment && (
                  <span id="checkout-prepayment-error" className="error-text block">
                    {errors.prepayment}
                  </span>
                )}
              </div>
            )}
            <div className="field">
              <label htmlFor="checkout-note">
                Бележка към поръчката <span className="muted">(по желание)</span>
              </label>
              <textarea id="checkout-note" rows={3} maxLength={TEXT_MAX} value={form.note} onChange={set('note')} />
            </div>
            <PurchaseOrderField company={company} value={tradeChoice} onChange={chooseTrade} error={errors.purchaseOrderNumber} />
          </fieldset>
          <InvoiceFields value={invoice} onChange={setInvoice} errors={errors} />
        </div>

        <aside className="summary card" aria-label="Обобщение на поръчката">
          <h2 id="checkout-summary-title" tabIndex={-1}>
            Вашата поръчка
          </h2>
          <CheckoutSummary
            quote={quote}
            code={code}
            onRemoveCode={removeCode}
            quoteError={quoteError}
            showDueDate={form.paymentMethod === 'bank_transfer'}
          />
          {totalNotice && (
            <p className="error-text" role="alert">
              {totalNotice}
            </p>
          )}
          <label className={`check ${errors.ageConfirmed ? 'field-error' : ''}`}>
            <input
              id="checkout-ageConfirmed"
              type="checkbox"
              checked={form.ageConfirmed}
              onChange={set('ageConfirmed')}
              aria-invalid={!!errors.ageConfirmed}
              aria-describedby={errors.ageConfirmed ? 'checkout-ageConfirmed-error' : undefined}
            />
            <span>Потвърждавам, че съм навършил/а 18 години.</span>
          </label>
          {errors.ageConfirmed && (
            <span id="checkout-ageConfirmed-error" className="error-text">
              {errors.ageConfirmed}
            </span>
          )}
          <label className={`check ${errors.termsAccepted ? 'field-error' : ''}`}>
            <input
              id="checkout-termsAccepted"
              type="checkbox"
              checked={form.termsAccepted}
              onChange={set('termsAccepted')}
              aria-invalid={!!errors.termsAccepted}
              aria-describedby={errors.termsAccepted ? 'checkout-termsAccepted-error' : undefined}
            />
            <span>
              Приемам{' '}
              <Link to="/terms" target="_blank">
                общите условия
              </Link>{' '}
              и{' '}
              <Link to="/privacy" target="_blank">
                политиката за поверителност
              </Link>
              .
            </span>
          </label>
          {errors.termsAccepted && (
            <span id="checkout-termsAccepted-error" className="error-text">
              {errors.termsAccepted}
            </span>
          )}
          {/* aria-disabled, not disabled, while busy: focus stays on it when it is pressed. */}
          <button
            type="submit"
            className="button button-large button-block"
            aria-disabled={busy || loading || !quote || quoting || undefined}
          >
            {busy ? 'Изпращане…' : 'Поръчка с задължение за плащане'}
          </button>
          <ProofOfWorkStatus checking={checking} />
          <p className="muted small">{net ? TRADE_ORDER_TEXT.checkoutNote : 'Цените са с ДДС.'} Ще получите потвърждение по имейл.</p>
        </aside>
      </form>
    </div>
  );
}
