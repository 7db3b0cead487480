// Вход: e-mail and password; a guest cart joins the account (the server merges it). One sign-in
// for shoppers and staff: the admin sends signed-out visits here with ?next=/admin/…, and a
// signed-in administrator goes back to that page (a same-site path only).
import { FormEvent, useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from '../state/formErrors';
import { flushSync } from 'react-dom';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../state/auth';
import { ApiError } from '../api/client';
import { Seo } from '../components/Seo';
import { EMAIL_MAX, PASSWORD_MAX } from '@domain/limits';
import { API } from '@domain/messages';
import { safeNextPath } from '@domain/safeNext';

/** `next` only when it is a path on this shop: the one rule, shared with the server. */
export { safeNextPath };

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

export default function SignIn() {
  const { login, loginSecondStep, user, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [secondStep, setSecondStep] = useState(false);
  /** Which fields the error is about (empty ones, or both for refused credentials). */
  const [invalid, setInvalid] = useState<{ email?: boolean; password?: boolean; code?: boolean }>({});
  const formRef = useRef<HTMLFormElement>(null);
  /** The error on the fields it is about, and focus on the first of them. */
  const fail = (message: string, fields: typeof invalid, moveFocus = true) => {
    flushSync(() => {
      setError(message);
      setInvalid(fields);
      setBusy(false);
    });
    if (moveFocus) focusFirstInvalid(formRef.current);
  };
  const asked = safeNextPath(new URLSearchParams(location.search).get('next'));
  const next = asked ?? safeNextPath((location.state as { from?: string } | null)?.from) ?? '/account';
  const toAdmin = isAdminPath(next);
  const allowed = Boolean(user && (!toAdmin || user.role === 'admin'));

  // The admin is another app: a full page load takes the administrator back to the page.
  useEffect(() => {
    if (!loading && user && !busy && toAdmin && user.role === 'admin') window.location.assign(next);
  }, [loading, user, busy, toAdmin, next]);

  // Just registered (registration sets the user, then goes here): the page stays.
  const justRegistered = Boolean((location.state as { registered?: boolean } | null)?.registered);
  if (!loading && user && !busy && allowed && !toAdmin && !justRegistered) return <Navigate to={next} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError('');
    setInvalid({});
    if (!secondStep && (!email.trim() || !password)) {
      fail('Въведете имейл и парола.', { email: !email.trim(), password: !password });
      return;
    }
    setBusy(true);
    try {
      if (secondStep) await loginSecondStep(code.trim());
      else if ((await login(email.trim(), password)) === 'two-factor') {
        setSecondStep(true);
        setBusy(false);
        return;
      }
      if (toAdmin) {
        // Only staff go on to the admin; a shopper's account stays signed in here.
        setBusy(false);
        return;
      }
      navigate(next, { replace: true });
    } catch (err) {
      // Refused: said at once (role=alert) and tied to the fields; focus stays on the button.
      fail(
        err instanceof ApiError ? err.message : 'Влизането не бе успешно.',
        secondStep ? { code: true } : { email: true, password: true },
        false,
      );
    }
  };

  return (
    <div className="page auth-page">
      <Seo title="Вход" />
      <form ref={formRef} className="card auth-card" onSubmit={submit} noValidate>
        <h1>Вход</h1>
        {secondStep ? (
          <div className="field">
            <label htmlFor="signin-code">Код за потвърждение</label>
            <input
              id="signin-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoFocus
              aria-invalid={!!invalid.code}
              aria-describedby={invalid.code ? 'signin-error signin-code-help' : 'signin-code-help'}
            />
            <span id="signin-code-help" className="help">
              Въведете 6-цифрения код от приложението за удостоверяване или резервен код.
            </span>
          </div>
        ) : (
          <>
            <div className="field">
              <label htmlFor="signin-email">Имейл</label>
              <input
                id="signin-email"
                type="email"
                autoComplete="email"
                maxLength={EMAIL_MAX}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                aria-invalid={!!invalid.email}
                aria-describedby={invalid.email ? 'signin-error' : undefined}
              />
            </div>
            <div className="field">
              <label htmlFor="signin-password">Парола</label>
              <input
                id="signin-password"
                type="password"
                autoComplete="current-password"
                maxLength={PASSWORD_MAX}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
                aria-invalid={!!invalid.password}
                aria-describedby={invalid.password ? 'signin-error' : undefined}
              />
            </div>
          </>
        )}
        {!error && toAdmin && user && user.role !== 'admin' && (
          <p className="error-text" role="alert">
            {API.adminsOnly}
          </p>
        )}
        {error && (
          <p id="signin-error" className="error-text" role="alert">
            {error}
          </p>
        )}
        {!secondStep && (
          <p className="forgot">
            <Link to="/forgot-password">Забравена парола?</Link>
          </p>
        )}
        <button type="submit" className="button button-block button-large" aria-disabled={busy || undefined}>
          {busy ? 'Влизане…' : 'Вход'}
        </button>
        <p className="muted center">
          Нямате профил? <Link to="/register">Регистрация</Link>
        </p>
      </form>
    </div>
  );
}
