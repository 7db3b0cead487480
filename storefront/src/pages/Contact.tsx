// За дистрибутори: the distributor form and the shop's contacts.
import { FormEvent, useRef, useState } from 'react';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { useSettings } from '../state/settings';
import { Seo } from '../components/Seo';
import { controlValue, useAppRunning, useInputBeforeApp } from '../state/appRunning';
import { FORM } from '../../../domain/messages';
import { showFieldErrors } from '../state/formErrors';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, TEXT_MAX, EMAIL_PATTERN } from '../../../domain/limits';

const EMPTY = { name: '', company: '', email: '', phone: '', message: '' };

export default function Contact() {
  const { contacts } = useSettings();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Typed on the rendered page before the app ran: kept, and sent as it shows. Sending waits for
  // the app (its button is disabled until then), so nothing typed is lost to a reload.
  const running = useAppRunning();
  useInputBeforeApp(formRef, (controls) => {
    setForm((f) => {
      const typed = { ...f };
      for (const k of Object.keys(EMPTY) as Array<keyof typeof EMPTY>) typed[k] = controlValue(controls, k) ?? f[k];
      return typed;
    });
  });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    if (!form.name.trim()) found.name = 'Въведете име.';
    if (!EMAIL_PATTERN.test(form.email.trim())) found.email = FORM.invalidEmail;
    if (!form.message.trim()) found.message = 'Напишете съобщение.';
    showFieldErrors(setErrors, found, formRef.current);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const r = await shopApi.contact({ name: form.name.trim(), company: form.company.trim(), email: form.email.trim(), phone: form.phone.trim(), message: form.message.trim() });
      setSent(r.message);
      setForm(EMPTY);
    } catch (err) {
      if (err instanceof ApiError) showFieldErrors(setErrors, err.errors, formRef.current);
    } finally {
      setBusy(false);
    }
  };

  const field = (k: keyof typeof form, label: string, props: Record<string, unknown> = {}, optional = false) => (
    <div className={`field ${errors[k] ? 'field-error' : ''}`}>
      <label htmlFor={`contact-${k}`}>{label}{optional && <span className="muted"> (по желание)</span>}</label>
      {k === 'message' ? (
        <textarea id={`contact-${k}`} name={k} rows={5} value={form[k]} onChange={set(k)} aria-invalid={!!errors[k]} aria-describedby={errors[k] ? `contact-${k}-error` : undefined} maxLength={TEXT_MAX} />
      ) : (
        <input id={`contact-${k}`} name={k} value={form[k]} onChange={set(k)} aria-invalid={!!errors[k]} aria-describedby={errors[k] ? `contact-${k}-error` : undefined} {...props} />
      )}
      {errors[k] && <span id={`contact-${k}-error`} className="error-text">{errors[k]}</span>}
    </div>
  );

  return (
    <div className="page contact">
      <Seo title="За дистрибутори" description="Станете дистрибутор на VAP SOLO: TWINS и TRIPLES на едро за магазини в България." keywords="дистрибутор, търговия на едро, вейп, VAP SOLO" />
      <div className="contact-layout">
        <section>
          <h1>За дистрибутори</h1>
          <p className="lead">Търсим магазини и дистрибутори в цяла България. Пишете ни и ще Ви изпратим условията за търговия на едро.</p>
          <address className="card">
            <h2>Контакти</h2>
            {contacts.address && <div>{contacts.address}</div>}
            <div>{contacts.city || 'София, България'}</div>
            {contacts.phone && <div>Телефон: <a href={`tel:${contacts.phone.replace(/\s/g, '')}`}>{contacts.phone}</a></div>}
            {contacts.email && <div>Имейл: <a href={`mailto:${contacts.email}`}>{contacts.email}</a></div>}
            {contacts.hours && <div className="muted">{contacts.hours}</div>}
          </address>
        </section>
        <form ref={formRef} className="card" onSubmit={submit} noValidate aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Запитване</h2>
          {sent && <p className="notice" role="status">{sent}</p>}
          {field('name', 'Име', { autoComplete: 'name', maxLength: NAME_MAX })}
          {field('company', 'Фирма', { autoComplete: 'organization', maxLength: 200 }, true)}
          <div className="two">
            {field('email', 'Имейл', { type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX })}
            {field('phone', 'Телефон', { type: 'tel', autoComplete: 'tel', maxLength: PHONE_MAX }, true)}
          </div>
          {field('message', 'Съобщение')}
          <button type="submit" className="button button-large" disabled={!running} aria-disabled={busy || undefined}>{busy ? 'Изпращане…' : 'Изпрати'}</button>
        </form>
      </div>
    </div>
  );
}
