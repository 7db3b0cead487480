// За дистрибутори: the distributor form and the shop's contacts.
import { Link } from 'react-router-dom';
import { shopApi } from '../api/shop';
import { TRADE } from '@domain/tradeTexts';
import { useSettings } from '../state/settings';
import { Seo } from '../components/Seo';
import { useMessageForm } from '../state/messageForm';
import { FORM } from '@domain/messages';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, EMAIL_PATTERN } from '@domain/limits';

const EMPTY = { name: '', company: '', email: '', phone: '', message: '' };

export default function Contact() {
  const { contacts } = useSettings();
  const { busy, running, formRef, submit, field, status } = useMessageForm(EMPTY, 'contact');
  const send = submit(
    (form) => ({
      ...(form.name.trim() ? {} : { name: 'Въведете име.' }),
      ...(EMAIL_PATTERN.test(form.email.trim()) ? {} : { email: FORM.invalidEmail }),
      ...(form.message.trim() ? {} : { message: 'Напишете съобщение.' }),
    }),
    (form) =>
      shopApi.contact({
        name: form.name.trim(),
        company: form.company.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        message: form.message.trim(),
      }),
  );

  return (
    <div className="page contact">
      <Seo
        title="За дистрибутори"
        description="Станете дистрибутор на VAP SOLO: TWINS и TRIPLES на едро за магазини в България."
        keywords="дистрибутор, търговия на едро, вейп, VAP SOLO"
      />
      <div className="contact-layout">
        <section>
          <h1>За дистрибутори</h1>
          <p className="lead">Търсим магазини и дистрибутори в цяла България. Пишете ни и ще Ви изпратим условията за търговия на едро.</p>
          <p>
            <Link to="/trade/apply" className="button">
              {TRADE.applyTitle}
            </Link>{' '}
            <Link to="/where-to-buy">{TRADE.whereTitle}</Link>
          </p>
          <address className="card">
            <h2>Контакти</h2>
            {contacts.address && <div>{contacts.address}</div>}
            <div>{contacts.city || 'София, България'}</div>
            {contacts.phone && (
              <div>
                Телефон: <a href={`tel:${contacts.phone.replace(/\s/g, '')}`}>{contacts.phone}</a>
              </div>
            )}
            {contacts.email && (
              <div>
                Имейл: <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
              </div>
            )}
            {contacts.hours && <div className="muted">{contacts.hours}</div>}
          </address>
        </section>
        <form ref={formRef} className="card" onSubmit={send} noValidate aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Запитване</h2>
          {status}
          {field('name', 'Име', { autoComplete: 'name', maxLength: NAME_MAX })}
          {field('company', 'Фирма', { autoComplete: 'organization', maxLength: 200 }, true)}
          <div className="two">
            {field('email', 'Имейл', { type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX })}
            {field('phone', 'Телефон', { type: 'tel', autoComplete: 'tel', maxLength: PHONE_MAX }, true)}
          </div>
          {field('message', 'Съобщение')}
          <button type="submit" className="button button-large" disabled={!running} aria-disabled={busy || undefined}>
            {busy ? 'Изпращане…' : 'Изпрати'}
          </button>
        </form>
      </div>
    </div>
  );
}
