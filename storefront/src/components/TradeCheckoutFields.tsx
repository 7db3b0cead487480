// A member's checkout: the buyer's own purchase-order number (required when their company says so,
// printed on the invoice) and, for delivery to an address, one of the company's shops (the order then
// goes to the shop's address). The company and its shops come from GET /api/trade/company; the server
// checks the same rules and that the shop is the company's.
import { useEffect, useState } from 'react';
import { shopApi } from '../api/shop';
import type { ApiTradeCompany } from '@domain/api';
import { PURCHASE_ORDER_NUMBER_MAX, PURCHASE_ORDER_NUMBER_PATTERN, TRADE_ORDER_TEXT as T } from '@domain/tradeOrderTexts';

export interface TradeCheckoutChoice {
  purchaseOrderNumber: string;
  /** One of the company's shops to deliver to; null: an address typed in (or an office). */
  companyShopId: number | null;
}

export const NO_TRADE_CHOICE: TradeCheckoutChoice = { purchaseOrderNumber: '', companyShopId: null };

/** The member's company with its shops (null for anyone else, and until it has come). */
export function useTradeCompany(member: boolean): ApiTradeCompany | null {
  const [company, setCompany] = useState<ApiTradeCompany | null>(null);
  useEffect(() => {
    if (!member) {
      setCompany(null);
      return;
    }
    let live = true;
    shopApi.tradeCompany().then(
      (r) => live && setCompany(r.company),
      () => live && setCompany(null),
    );
    return () => {
      live = false;
    };
  }, [member]);
  return company;
}

/** The company's shop the order goes to, when the delivery is to an address and one is chosen. */
export function chosenShop(company: ApiTradeCompany | null, choice: TradeCheckoutChoice, method: string) {
  if (method !== 'address' || choice.companyShopId === null) return null;
  return company?.shops.find((s) => s.id === choice.companyShopId) ?? null;
}

/** What the form refuses before sending (the server's rules and words). */
export function tradeChoiceErrors(company: ApiTradeCompany | null, choice: TradeCheckoutChoice): Record<string, string> {
  const po = choice.purchaseOrderNumber.trim();
  if (!po) return company?.requirePurchaseOrderNumber ? { purchaseOrderNumber: T.purchaseOrderRequired } : {};
  return po.length > PURCHASE_ORDER_NUMBER_MAX || !PURCHASE_ORDER_NUMBER_PATTERN.test(po)
    ? { purchaseOrderNumber: T.purchaseOrderInvalid }
    : {};
}

/** The order's own fields of the choice. */
export function tradeChoiceInput(choice: TradeCheckoutChoice): { purchaseOrderNumber?: string } {
  const po = choice.purchaseOrderNumber.trim();
  return po ? { purchaseOrderNumber: po } : {};
}

interface FieldProps {
  company: ApiTradeCompany | null;
  value: TradeCheckoutChoice;
  onChange(value: TradeCheckoutChoice): void;
  error?: string;
}

/** „Доставка до обект на фирмата“: the company's shops, or another address. */
export function CompanyShopChoice({ company, value, onChange, error }: FieldProps) {
  if (!company?.shops.length) return null;
  const describedBy = error ? 'checkout-companyShopId-error' : undefined;
  return (
    <fieldset className="choice company-shops">
      <legend>{T.companyShopLabel}</legend>
      <div className="options">
        {company.shops.map((s, i) => (
          <label key={s.id} className={`option ${value.companyShopId === s.id ? 'selected' : ''}`}>
            <input
              type="radio"
              name="companyShopId"
              id={i === 0 ? 'checkout-companyShopId' : undefined}
              checked={value.companyShopId === s.id}
              onChange={() => onChange({ ...value, companyShopId: s.id })}
              aria-invalid={!!error || undefined}
              aria-describedby={describedBy}
            />
            <span>
              {s.name}
              <small className="muted block">{[s.city, s.address].filter(Boolean).join(', ')}</small>
            </span>
          </label>
        ))}
        <label className={`option ${value.companyShopId === null ? 'selected' : ''}`}>
          <input
            type="radio"
            name="companyShopId"
            checked={value.companyShopId === null}
            onChange={() => onChange({ ...value, companyShopId: null })}
          />
          <span>{T.otherAddress}</span>
        </label>
      </div>
      {error && (
        <span id="checkout-companyShopId-error" className="error-text">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** The buyer's own purchase-order number: „(по желание)“ unless the company requires it. */
export function PurchaseOrderField({ company, value, onChange, error }: FieldProps) {
  if (!company) return null;
  const required = company.requirePurchaseOrderNumber;
  return (
    <div className={`field ${error ? 'field-error' : ''}`}>
      <label htmlFor="checkout-purchaseOrderNumber">
        {T.purchaseOrderNumber} {!required && <span className="muted">(по желание)</span>}
      </label>
      <input
        id="checkout-purchaseOrderNumber"
        value={value.purchaseOrderNumber}
        maxLength={PURCHASE_ORDER_NUMBER_MAX}
        autoComplete="off"
        required={required}
        aria-invalid={!!error}
        aria-describedby={['checkout-purchaseOrderNumber-hint', error ? 'checkout-purchaseOrderNumber-error' : '']
          .filter(Boolean)
          .join(' ')}
        onChange={(e) => onChange({ ...value, purchaseOrderNumber: e.target.value })}
      />
      <span id="checkout-purchaseOrderNumber-hint" className="muted small block">
        {T.purchaseOrderHint}
      </span>
      {error && (
        <span id="checkout-purchaseOrderNumber-error" className="error-text">
          {error}
        </span>
      )}
    </div>
  );
}
