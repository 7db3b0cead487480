// The checkout form as it waits across a reload (sessionStorage, this browser session only), and
// how the API's field errors land on its fields.
import type { ApiOffice } from '@domain/couriers';
import { PAYMENT_METHODS, PaymentMethod, SHIPPING_METHODS, ShippingMethod } from '@domain/orderStatus';

/** Where the form waits across a reload. */
export const CHECKOUT_FORM_KEY = 'checkout-form';
export const EMPTY_FORM = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  method: 'econt_office' as ShippingMethod,
  city: '',
  postcode: '',
  address: '',
  paymentMethod: 'cod' as PaymentMethod,
  note: '',
  ageConfirmed: false,
  termsAccepted: false,
};
export type CheckoutForm = typeof EMPTY_FORM;

/** The saved fields; the 18+ and terms ticks are given anew each time, never restored. */
export function savedForm(): Partial<CheckoutForm> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(CHECKOUT_FORM_KEY) ?? '{}');
    if (!saved || typeof saved !== 'object') return {};
    const out: Record<string, string> = {};
    for (const k of Object.keys(EMPTY_FORM))
      if (typeof saved[k] === 'string' && k !== 'ageConfirmed' && k !== 'termsAccepted') out[k] = saved[k];
    if (out.method && !SHIPPING_METHODS.includes(out.method as ShippingMethod)) delete out.method;
    if (out.paymentMethod && !PAYMENT_METHODS.includes(out.paymentMethod as PaymentMethod)) delete out.paymentMethod;
    return out as Partial<CheckoutForm>;
  } catch {
    return {};
  }
}

export function saveForm(form: CheckoutForm | null, office: ApiOffice | null = null) {
  try {
    if (!form) sessionStorage.removeItem(CHECKOUT_FORM_KEY);
    else {
      const { ageConfirmed: _a, termsAccepted: _t, ...kept } = form;
      sessionStorage.setItem(CHECKOUT_FORM_KEY, JSON.stringify({ ...kept, office }));
    }
  } catch {
    /* private mode: the form simply is not kept */
  }
}

/** The office picked before a reload (the server checks it again when the order is placed). */
export function savedOffice(): ApiOffice | null {
  try {
    const office = JSON.parse(sessionStorage.getItem(CHECKOUT_FORM_KEY) ?? '{}')?.office;
    return office && typeof office.id === 'number' && typeof office.courier === 'string' && typeof office.name === 'string' ? office : null;
  } catch {
    return null;
  }
}

/** The form's field of an error the API keys by its path ("customer.firstName", "shipping.officeId"). */
export function formErrorsOf(errors: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [path, text] of Object.entries(errors)) {
    const key = path.replace(/^(customer|shipping)\./, '');
    shown[key === 'officeId' ? 'address' : key] ??= text;
  }
  return shown;
}
