// "Искам фактура" at checkout: the company's name, ЕИК, VAT number (optional), МОЛ and address,
// checked with the server's own schema and texts and the same number checks (domain/bulstat). A signed-in customer gets the
// details of their last invoice filled in.
import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { useAuth } from '../state/auth';
import { isValidBgVatNumber, isValidEik, normaliseTaxNumber } from '@domain/bulstat';
import { INVOICE_FIELD_MAX, INVOICE_TEXT, InvoiceRequest } from '@domain/invoices';
import { invoiceRequestInput } from '@domain/schemas/invoices';
import { fieldErrors } from '@domain/schemas/fields';

const EMPTY: InvoiceRequest = { companyName: '', eik: '', vatNumber: '', mol: '', address: '' };
type Key = keyof InvoiceRequest;

/** Field errors for the invoice details, keyed as the server keys them ("invoice.eik"). */
export function invoiceErrors(value: InvoiceRequest | null): Record<string, string> {
  if (!value) return {};
  const e: Record<string, string> = {};
  const parsed = invoiceRequestInput.safeParse(invoiceInput(value).invoice);
  if (!parsed.success) for (const [k, text] of Object.entries(fieldErrors(parsed.error))) e[`invoice.${k}`] = text;
  // The numbers' check digits, as the server checks them after its schema.
  if (!isValidEik(normaliseTaxNumber(value.eik))) e['invoice.eik'] = INVOICE_TEXT.eikInvalid;
  if (value.vatNumber?.trim() && !isValidBgVatNumber(normaliseTaxNumber(value.vatNumber)))
    e['invoice.vatNumber'] = INVOICE_TEXT.vatNumberInvalid;
  return e;
}

/** What the order body carries: trimmed, the numbers tidied, an empty VAT number left out. */
export function invoiceInput(value: InvoiceRequest | null): { invoice?: InvoiceRequest } {
  if (!value) return {};
  const vatNumber = normaliseTaxNumber(value.vatNumber ?? '');
  return {
    invoice: {
      companyName: value.companyName.trim(),
      eik: normaliseTaxNumber(value.eik),
      ...(vatNumber ? { vatNumber } : {}),
      mol: value.mol.trim(),
      address: value.address.trim(),
    },
  };
}

const FIELDS: Array<{ key: Key; label: string; hint?: string; props?: Record<string, unknown> }> = [
  { key: 'companyName', label: 'Име на фирмата', props: { autoComplete: 'organization' } },
  { key: 'eik', label: 'ЕИК / БУЛСТАТ', hint: '9 или 13 цифри', props: { inputMode: 'numeric' } },
  { key: 'vatNumber', label: 'ДДС номер (по желание)', hint: 'BG и 9 или 10 цифри' },
  { key: 'mol', label: 'МОЛ' },
  { key: 'address', label: 'Адрес по регистрация' },
];

export function InvoiceFields({
  value,
  onChange,
  errors,
}: {
  value: InvoiceRequest | null;
  onChange(v: InvoiceRequest | null): void;
  errors: Record<string, string>;
}) {
  const { user } = useAuth();
  const [last, setLast] = useState<InvoiceRequest | null>(null);
  useEffect(() => {
    if (!user) return;
    api.get<{ invoice: InvoiceRequest | null }>('/account/invoice-details', { silent: true }).then(
      (r) => setLast(r.invoice),
      () => undefined,
    );
  }, [user]);

  // A field edited since the last submit shows its live check, not the stale refusal.
  const [edited, setEdited] = useState<ReadonlySet<Key>>(new Set());
  const submitted = JSON.stringify(Object.entries(errors).filter(([k]) => k.startsWith('invoice.')));
  useEffect(() => setEdited(new Set()), [submitted]);
  const live = invoiceErrors(value);
  const errorOf = (key: Key) => (edited.has(key) ? live[`invoice.${key}`] : errors[`invoice.${key}`]);

  const toggle = (wanted: boolean) => onChange(wanted ? { ...EMPTY, ...(last ?? {}) } : null);
  const set = (key: Key, text: string) => {
    setEdited((s) => new Set(s).add(key));
    onChange({ ...(value ?? EMPTY), [key]: text });
  };

  return (
    <fieldset className="card invoice-fields">
      <legend>Фактура</legend>
      <label className="check">
        <input id="checkout-invoice" type="checkbox" checked={value !== null} onChange={(e) => toggle(e.target.checked)} />
        <span>Искам фактура</span>
      </label>
      {value && (
        <div className="invoice-fields-grid">
          {last && <p className="muted small">Попълнихме данните от последната Ви фактура; проверете ги.</p>}
          {FIELDS.map(({ key, label, hint, props }) => {
            const id = `checkout-invoice.${key}`;
            const error = errorOf(key);
            return (
              <div key={key} className={`field ${error ? 'field-error' : ''}`}>
                <label htmlFor={id}>
                  {label}
                  {hint && <span className="muted small"> · {hint}</span>}
                </label>
                <input
                  id={id}
                  value={value[key] ?? ''}
                  onChange={(e) => set(key, e.target.value)}
                  maxLength={INVOICE_FIELD_MAX[key] + (key === 'eik' || key === 'vatNumber' ? 6 : 0)}
                  aria-invalid={!!error}
                  aria-describedby={error ? `${id}-error` : undefined}
                  required={key !== 'vatNumber'}
                  {...props}
                />
                {error && (
                  <span id={`${id}-error`} className="error-text">
                    {error}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
