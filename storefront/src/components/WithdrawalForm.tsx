// The model withdrawal form (Приложение № 6 към чл. 52 ЗЗП) on the terms page, filled in with the
// shop's name and address; the same text goes out with a withdrawal's acknowledgement e-mail.
import { useSettings } from '../state/settings';
import { WITHDRAWAL_FORM_NOTE, WITHDRAWAL_FORM_TITLE, withdrawalFormLines } from '@domain/withdrawalForm';

export function WithdrawalForm() {
  const { brand, contacts, bank } = useSettings();
  const lines = withdrawalFormLines({
    name: bank.beneficiary || brand,
    address: [contacts.address, contacts.city].filter(Boolean).join(', '),
    email: contacts.email,
    phone: contacts.phone,
  });
  return (
    <section className="withdrawal-form card" aria-labelledby="withdrawal-form-title">
      <h2 id="withdrawal-form-title">{WITHDRAWAL_FORM_TITLE}</h2>
      <p className="muted">{WITHDRAWAL_FORM_NOTE}</p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}
