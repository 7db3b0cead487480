// Забравена парола (ask for a link) and Нова парола (use it).
import { FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { toast } from '../state/toast';
import { useAuth } from '../state/auth';
import { Seo } from '../components/Seo';
import { FORM } from '../../../domain/messages';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, EMAIL_PATTERN } from '../../../domain/limits';
import { passwordProblem } from '../../../domain/schemas/rules';

export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!EMAIL_PATTERN.test(email.trim())) return setError(FORM.invalidEmail);
    setBusy(true);
    try {
      setSent((await shopApi.forgotPassword(email.trim())).message);
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page auth-page">
      <Seo title="Забравена парола" />
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>Забравена парола</h1>
        {sent ? (
          <p className="notice" role="status">{sent}</p>
        ) : (
          <>
            <p className="muted">Въведете имейла на профила си и ще Ви изпратим връзка за нова парола.</p>
            <div className="field">
              <label htmlFor="forgot-email">Имейл</label>
              <input id="forgot-email" type="email" autoComplete="email" maxLength={EMAIL_MAX} value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={!!error} />
              {error && <span className="error-text" role="alert">{error}</span>}
            </div>
            <button type="submit" className="button button-block button-large" disabled={busy}>{busy ? 'Изпращане…' : 'Изпрати връзка'}</button>
          </>
        )}
        <p className="muted center"><Link to="/signin">Към вход</Link></p>
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
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const problem = passwordProblem(password);
    if (problem) return setError(problem);
    if (password !== repeat) return setError('Паролите не съвпадат.');
    setBusy(true);
    try {
      toast.success((await shopApi.resetPassword(token, password)).message);
      // Every session of the account has ended, this browser's too (it may be signed in since registering).
      await forgetUser();
      navigate('/signin');
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
      setBusy(false);
    }
  };
  return (
    <div className="page auth-page">
      <Seo title="Нова парола" />
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>Нова парола</h1>
        {!token ? (
          <p className="error-text">Връзката е непълна. <Link to="/forgot-password">Поискайте нова</Link>.</p>
        ) : (
          <>
            <div className="field">
              <label htmlFor="reset-password">Нова парола</label>
              <input id="reset-password" type="password" autoComplete="new-password" minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} value={password} onChange={(e) => setPassword(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="reset-repeat">Повторете паролата</label>
              <input id="reset-repeat" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} value={repeat} onChange={(e) => setRepeat(e.target.value)} />
            </div>
            {error && <p className="error-text" role="alert">{error}</p>}
            <button type="submit" className="button button-block button-large" disabled={busy}>{busy ? 'Запазване…' : 'Запази паролата'}</button>
          </>
        )}
      </form>
    </div>
  );
}
