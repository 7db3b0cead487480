// Регистрация: e-mail, password, first and last name; then to /signin.
import { FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { safeNextPath } from '@domain/safeNext';
import { useAuth } from '../state/auth';
import { ApiError } from '../api/client';
import { Seo } from '../components/Seo';
import { FORM } from '@domain/messages';
import { showFieldErrors } from '../state/formErrors';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, EMAIL_PATTERN } from '@domain/limits';
import { passwordProblem } from '@domain/schemas/rules';

export default function Register() {
  const { register } = useAuth();
  // A page that sent the shopper here to come back to (an invitation's link), a same-site path only.
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    if (!form.firstName.trim()) found.firstName = 'Въведете име.';
    if (!form.lastName.trim()) found.lastName = 'Въведете фамилия.';
    if (!EMAIL_PATTERN.test(form.email.trim())) found.email = FORM.invalidEmail;
    const password = passwordProblem(form.password);
    if (password) found.password = password;
    showFieldErrors(setErrors, found, formRef.current);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await register(
        {
          email: form.email.trim(),
          password: form.password,
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
        },
        next,
      );
    } catch (err) {
      if (err instanceof ApiError) showFieldErrors(setErrors, { ...err.errors, form: err.message }, formRef.current);
      setBusy(false);
    }
  };

  const field = (k: keyof typeof form, label: string, props: Record<string, unknown>) => (
    <div className={`field ${errors[k] ? 'field-error' : ''}`}>
      <label htmlFor={`register-${k}`}>{label}</label>
      <input
        id={`register-${k}`}
        value={form[k]}
        onChange={set(k)}
        aria-invalid={!!errors[k]}
        aria-describedby={
          [errors[k] && `register-${k}-error`, k === 'password' && 'register-password-help'].filter(Boolean).join(' ') || undefined
        }
        {...props}
      />
      {errors[k] && (
        <span id={`register-${k}-error`} className="error-text">
          {errors[k]}
        </span>
      )}
    </div>
  );

  return (
    <div className="page auth-page">
      <Seo title="Регистрация" />
      <form ref={formRef} className="card auth-card" onSubmit={submit} noValidate>
        <h1>Регистрация</h1>
        <div className="two">
          {field('firstName', 'Име', { autoComplete: 'given-name', maxLength: NAME_MAX })}
          {field('lastName', 'Фамилия', { autoComplete: 'family-name', maxLength: NAME_MAX })}
        </div>
        {field('email', 'Имейл', { type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX })}
        {field('password', 'Парола', { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX, minLength: PASSWORD_MIN })}
        <p className="help" id="register-password-help">
          Поне {PASSWORD_MIN} знака.
        </p>
        {errors.form && !Object.keys(errors).some((k) => k !== 'form') && (
          <p className="error-text" role="alert">
            {errors.form}
          </p>
        )}
        <button type="submit" className="button button-block button-large" aria-disabled={busy || undefined}>
          {busy ? 'Регистриране…' : 'Регистрация'}
        </button>
        <p className="muted center">
          Имате профил? <Link to={next ? `/signin?next=${encodeURIComponent(next)}` : '/signin'}>Вход</Link>
        </p>
      </form>
    </div>
  );
}
