// Who pays, inside a react-admin form: a company picked by name (autocomplete over „Търговци“)
// or a customer's e-mail, a radio choosing which. Used where money is recorded and where a bank
// statement's line is matched by hand.
import { useEffect } from 'react';
import { AutocompleteInput, RadioButtonGroupInput, ReferenceInput, TextInput, email, required } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PayerParams } from './api';

export type PayerKind = 'company' | 'customer';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The payer a form's values name, when they name one fully. */
export function payerOf(v: { payerKind?: PayerKind; companyId?: number | null; customerEmail?: string | null }): PayerParams | null {
  if (v.payerKind !== 'customer') return typeof v.companyId === 'number' && v.companyId > 0 ? { companyId: v.companyId } : null;
  const mail = (v.customerEmail ?? '').trim();
  return EMAIL.test(mail) ? { customerEmail: mail } : null;
}

/** The same payer, the same key. */
export const payerKey = (p: PayerParams | null) => (p ? (p.companyId ? `c${p.companyId}` : `e${p.customerEmail?.toLowerCase()}`) : '');

/** The body's payer: only the chosen one is sent. */
export function payerBody(v: { payerKind?: PayerKind; companyId?: number | null; customerEmail?: string | null }) {
  return v.payerKind === 'customer' ? { customerEmail: (v.customerEmail ?? '').trim() } : { companyId: v.companyId };
}

export function PayerInputs() {
  const payerKind = useWatch({ name: 'payerKind' });
  const { setValue } = useFormContext();
  // The other kind's value is dropped, so a payer is never half one and half the other.
  useEffect(() => {
    if (payerKind === 'customer') setValue('companyId', null);
    else setValue('customerEmail', null);
  }, [payerKind, setValue]);
  return (
    <>
      <RadioButtonGroupInput
        source="payerKind"
        label="app.payments.payerKind"
        choices={[
          { id: 'company', name: 'app.payments.payerCompany' },
          { id: 'customer', name: 'app.payments.payerCustomer' },
        ]}
        validate={required()}
      />
      {payerKind === 'customer' ? (
        <TextInput source="customerEmail" type="email" validate={[required(), email()]} sx={{ width: 360, maxWidth: '100%' }} />
      ) : (
        <ReferenceInput source="companyId" reference="companies" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            optionText="name"
            filterToQuery={(q: string) => ({ q })}
            validate={required()}
            sx={{ width: 360, maxWidth: '100%' }}
          />
        </ReferenceInput>
      )}
    </>
  );
}
