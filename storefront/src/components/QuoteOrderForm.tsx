// Ordering by an answered quote: the delivery (an Econt or Speedy office, one of the company's
// shops, or an address), the payment method, the purchase-order number when the company requires
// it. The body is checked with the server's own schema and texts before it is sent; the answer's
// refusals land on the same fields.
import { FormEvent, useEffect, useRef, useState } from 'react';
import type { ApiOrder, ApiQuoteRequest } from '@domain/api';
import { COURIER_OF_METHOD, type ApiOffice } from '@domain/couriers';
import { FIELD } from '@domain/messages';
import {
  PAYMENT_METHOD_LABELS,
  SHIPPING_METHOD_LABELS,
  SHIPPING_METHODS,
  type PaymentMethod,
  type ShippingMethod,
} from '@domain/orderStatus';
import { QUOTE_TEXT as Q } from '@domain/quoteTexts';
import { bringsOwnAddress } from '@domain/schemas/checkout';
import { fieldErrors } from '@domain/schemas/fields';
import { quoteOrderInput } from '@domain/schemas/quotes';
import { TRADE_ORDER_TEXT as T } from '@domain/tradeOrderTexts';
import { ApiError } from '../api/client';
import { shopApi } from '../api/shop';
import { announce } from '../state/announce';
import { showFieldErrors } from '../state/formErrors';
import { OfficePicker } from './OfficePicker';
import { Price } from './Price';
import {
  chosenShop,
  CompanyShopChoice,
  NO_TRADE_CHOICE,
  PurchaseOrderField,
  tradeChoiceErrors,
  tradeChoiceInput,
  useTradeCompany,
  type TradeCheckoutChoice,
} from './TradeCheckoutFields';

const TRADE_PAYMENTS: PaymentMethod[] = ['bank_transfer', 'cod'];
/** The fields the form shows, keyed as the API keys its refusals. */
const SHOWN = /^(shipping\.(companyShopId|officeId|city|address)|paymentMethod|purchaseOrderNumber)$/;

export function QuoteOrderForm({
  quote,
  onCancel,
  onPlaced,
}: {
  quote: ApiQuoteRequest;
  onCancel(): void;
  onPlaced(order: ApiOrder): void;
}) {
  const company = useTradeCompany(true);
  const [method, setMethod] = useState<ShippingMethod>('address');
  const [office, setOffice] = useState<ApiOffice | null>(null);
  const [choice, setChoice] = useState<TradeCheckoutChoice>(NO_TRADE_CHOICE);
  const [city, setCity] = useState('');
  const [address, setAddress] = useState('');
  const [payment, setPayment] = useState<PaymentMethod>('bank_transfer');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const base = `quote-${quote.id}`;
  const courier = COURIER_OF_METHOD[method];
  const chosenOffice = office && office.courier === courier ? office : null;
  const toShop = chosenShop(company, choice, method);
  // The company's first shop is the usual place to deliver to.
  useEffect(() => {
    if (company?.shops.length) setChoice((c) => (c.companyShopId === null ? { ...c, companyShopId: company.shops[0].id } : c));
  }, [company]);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);

  const body = () => ({
    shipping: courier
      ? { method, ...(chosenOffice ? { officeId: chosenOffice.id } : {}) }
      : toShop
        ? { method, companyShopId: toShop.id }
        : { method, city: city.trim(), address: address.trim() },
    paymentMethod: payment,
    ...tradeChoiceInput(choice),
  });

  /** The form's errors: the server's schema on the body, the office the form asks for, the company's rules. */
  const problemsOf = (sent: ReturnType<typeof body>): Record<string, string> => {
    const parsed = quoteOrderInput(bringsOwnAddress(sent)).safeParse(sent);
    const found: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
    if (courier && !chosenOffice) {
      delete found['shipping.city'];
      delete found['shipping.address'];
      found['shipping.officeId'] = FIELD.officeMissing;
    }
    return { ...found, ...tradeChoiceErrors(company, choice) };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setProblem('');
    const sent = body();
    const found = problemsOf(sent);
    if (Object.keys(found).length) return showFieldErrors(setErrors, found, formRef.current);
    setErrors({});
    setBusy(true);
    try {
      const { order } = await shopApi.orderByQuote(quote.id, sent);
      announce(Q.ordered(order.number));
      onPlaced(order);
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = Object.fromEntries(Object.entries(err.errors).filter(([k]) => SHOWN.test(k)));
        setProblem(err.message);
        announce(err.message, 'assertive');
        if (Object.keys(fields).length) showFieldErrors(setErrors, fields, formRef.current);
      } else {
        setProblem(T.quoteFailed);
        announce(T.quoteFailed, 'assertive');
      }
    } finally {
      setBusy(false);
    }
  };

  const errorId = (field: string) => `${base}-${field.replace('.', '-')}-error`;
  const described = (field: string) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {});
  const errorText = (field: string) =>
    errors[field] ? (
      <span id={errorId(field)} className="error-text">
        {errors[field]}
      </span>
    ) : null;
  const textField = (field: string, label: string, value: string, change: (v: string) => void, autoComplete: string) => {
    const id = `${base}-${field.split('.').pop()}`;
    return (
      <div className={`field ${errors[field] ? 'field-error' : ''}`}>
        <label htmlFor={id}>{label}</label>
        <input id={id} value={value} autoComplete={autoComplete} onChange={(e) => change(e.target.value)} {...described(field)} />
        {errorText(field)}
      </div>
    );
  };
  const forget = (...fields: string[]) => setErrors((now) => Object.fromEntries(Object.entries(now).filter(([k]) => !fields.includes(k))));

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="quote-order-form" aria-labelledby={`${base}-order-title`}>
      <h4 id={`${base}-order-title`}>{Q.orderTitle}</h4>
      <fieldset className="quote-address">
        <legend>{Q.deliveryLabel}</legend>
        <div className="options">
          {SHIPPING_METHODS.map((m) => (
            <label key={m} className={`option ${method === m ? 'selected' : ''}`}>
              <input
                type="radio"
                name={`${base}-method`}
                value={m}
                checked={method === m}
                onChange={() => {
                  setMethod(m);
                  forget('shipping.officeId', 'shipping.city', 'shipping.address', 'shipping.companyShopId');
                }}
              />
              <span>{SHIPPING_METHOD_LABELS[m]}</span>
            </label>
          ))}
        </div>
        {courier ? (
          <OfficePicker
            key={courier}
            courier={courier}
            value={chosenOffice}
            onChange={(o) => {
              setOffice(o);
              forget('shipping.officeId');
            }}
            id={`${base}-office`}
            error={errors['shipping.officeId']}
          />
        ) : (
          <>
            <CompanyShopChoice company={company} value={choice} onChange={setChoice} error={errors['shipping.companyShopId']} />
            {!toShop && (
              <>
                {textField('shipping.city', 'Град', city, setCity, 'address-level2')}
                {textField('shipping.address', 'Адрес', address, setAddress, 'street-address')}
              </>
            )}
          </>
        )}
      </fieldset>
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
