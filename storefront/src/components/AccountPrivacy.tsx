// „Лични данни“ on the account page: download everything the shop holds about you
// (JSON or CSV, saved by the browser from the API's attachment) and close the account, confirmed
// with the password. What closing keeps and erases is said before the password is asked.
import { FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../state/auth';
import { ApiError, apiHref } from '../api/client';
import { PASSWORD_MAX } from '@domain/limits';
import { PRIVACY } from '@domain/messages';

export function AccountPrivacy() {
  const { closeAccount } = useAuth();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!password) return setError(PRIVACY.passwordNeeded);
    setBusy(true);
    try {
      await closeAccount(password);
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors.password ?? err.message) : PRIVACY.wrongPassword);
      setBusy(false);
    }
  };

  return (
    <section className="card account-privacy" aria-labelledby="privacy-title">
      <h2 id="privacy-title">Лични данни</h2>
      <p>
        Изтеглете всичко, което пазим за вас: профила, адресите, поръчките, фактурите и съобщенията.{' '}
        <Link to="/privacy">Как пазим данните</Link>
      </p>
      <div className="dialog-actions start">
        <a className="button button-ghost" href={apiHref('/account/data?format=json')} download>
          Изтегли моите данни
        </a>
        <a className="button button-ghost" href={apiHref('/account/data?format=csv')} download>
          Като таблица (CSV)
        </a>
      </div>
      <h3 id="close-title">Заличаване на данните</h3>
      {!open ? (
        <button type="button" className="button button-ghost" onClick={() => setOpen(true)}>
          Закрий профила
        </button>
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="close-title">
          <p>
            Името, имейлът, телефонът и адресите ви ще бъдат заличени от профила и от поръчките ви, а входът, двуфакторният вход, API
            ключовете и количката — премахнати. Поръчките остават без лични данни за счетоводството; издадените фактури остават, както са
            издадени, защото законът го изисква. <strong>Това не може да се отмени.</strong>
          </p>
          <div className="field">
            <label htmlFor="close-password">Парола за потвърждение</label>
            <input
              id="close-password"
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          {error && (
            <p id={errorId} className="error-text" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions start">
            <button type="submit" className="button button-danger" disabled={busy}>
              Закрий профила окончателно
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setOpen(false);
                setPassword('');
                setError('');
              }}
            >
              Отказ
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
