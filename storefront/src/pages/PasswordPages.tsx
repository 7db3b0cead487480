// Забравена парола (ask for a link) and Нова парола (use it).
import { FormEvent, useEffect, useRef, useState } from 'react';
import { showFieldErrors } from '../state/formErrors';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { toast } from '../state/toast';
import { useAuth } from '../state/auth';
import { Seo } from '../components/Seo';
import { FORM } from '@domain/messages';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, EMAIL_PATTERN } from '@domain/limits';
import { passwordProblem } from '@domain/schemas/rules';

export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  // The form's field and button go when it is sent: focus to the answer that replaces them.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError('');
    if (!EMAIL_PATTERN.test(email.trim())) return showFieldErrors(setError, FORM.invalidEmail, formRef.current);
    setBusy(true);
    try {
      setSent((await shopApi.forgotPassword(email.trim())).message);
    } catch (err) {
      if (err instanceof ApiError) showFieldErrors(setError, err.message, formRef.current);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page auth-page">
      <Seo title="Забравена парола" />
      <form ref={formRef} className="card auth-card" onSubmit={submit} noValidate>
        <h1>Забравена парола</h1>
        {sent ? (
          <p ref={sentRef} className="notice" role="status" tabIndex={-1}>
            {sent}
          </p>
        ) : (
          <>
            <p className="muted">Въведете имейла на профила си и ще Ви изпратим връзка за нова парола.</p>
            <div className="field">
              <label htmlFor="forgot-email">Имейл</label>
              <input
                id="forgot-email"
                type="email"
                autoComplete="email"
                maxLength={EMAIL_MAX}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={!!error}
                aria-describedby={error ? 'forgot-email-error' : undefined}
              />
              {error && (
                <span id="forgot-email-error" className="error-text">
                  {error}
                </span>
              )}
            </div>
            <button type="submit" className="button button-block button-large" aria-disabled={busy || undefined}>
              {busy ? 'Изпращане…' : 'Изпрати връзка'}
            </button>
          </>
        )}
        <p className="muted center">
          <Link to="/signin">Към вход</Link>
        </p>
      </form>
    </div>
  );
}

export function ResetPassword() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { forgetUser } = useAuth();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  /** The error and the field it is about (none: the link itself was refused). */
  const [error, setErrorOn] = useState<{ field: 'password' | 'repeat' | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setErrorOn(null);
    const problem = passwordProblem(password);
    if (problem) return showFieldErrors(setErrorOn, { field: 'password', text: problem }, formRef.current);
    if (password !== repeat) return showFieldErrors(setErrorOn, { field: 'repeat', text: 'Паролите не съвпадат.' }, formRef.current);
    setBusy(true);
    try {
      toast.success((await shopApi.resetPassword(token, password)).message);
      // Every session of the account has ended, this browser's too (it may be signed in since registering).
      await forgetUser();
      navigate('/signin');
    } catch (err) {
      if (err instanceof ApiError) {
        showFieldErrors(setErrorOn, { field: err.errors.password ? 'password' : null, text: err.message }, formRef.current);
      }
      setBusy(false);
    }
  };
  const errorOn = (field: 'password' | 'repeat') =>
    error?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'reset-error' } : {};
  return (
    <div className="page auth-page">
      <Seo title="Нова парола" />
      <form ref={formRef} className="card auth-card" onSubmit={submit} noValidate>
        <h1>Нова парола</h1>
        {!token ? (
          <p className="error-text">
            Връзката е непълна. <Link to="/forgot-password">Поискайте нова</Link>.
          </p>
        ) : (
          <>
            <div className="field">
              <label htmlFor="reset-password">Нова парола</label>
              <input
                id="reset-password"
                type="password"
                autoComplete="new-password"
                minLength={PASSWORD_MIN}
                maxLength={PASSWORD_MAX}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                {...errorOn('password')}
              />
            </div>
            <div className="field">
              <label htmlFor="reset-repeat">Повторете паролата</label>
              <input
                id="reset-repeat"
                type="password"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX}
                value={repeat}
                onChange={(e) => setRepeat(e.target.value)}
                {...errorOn('repeat')}
              />
            </div>
            {/* Announced only when it is about no field (a refused link): a field's error is read where focus goes. */}
            {error && (
              <p id="reset-error" className="error-text" role={error.field ? undefined : 'alert'}>
                {error.text}
              </p>
            )}
            <button type="submit" className="button button-block button-large" aria-disabled={busy || undefined}>
              {busy ? 'Запазване…' : 'Запази паролата'}
            </button>
          </>
        )}
      </form>
    </div>
  );
}
