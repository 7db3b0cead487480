// The profile's „Имейл“ card: „Смяна на имейла“ asks for a new address with the current password.
// Nothing changes at once: the new address gets a link and becomes the account's when it is
// opened, so until then the card says which address waits (the answer's, or the signed-in user's
// pendingEmail after a reload). Errors sit under their fields, the first one focused; the answer
// is read out through the page's live regions.
import { FormEvent, useEffect, useRef, useState } from 'react';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { announce } from '../state/announce';
import { showFieldErrors } from '../state/formErrors';
import { EMAIL_OWNERSHIP, FORM, PRIVACY } from '@domain/messages';
import { EMAIL_MAX, EMAIL_PATTERN, PASSWORD_MAX } from '@domain/limits';
import type { ApiUser } from '@domain/api';

type Field = 'email' | 'password';
type Errors = Partial<Record<Field, string>> & { form?: string };

const FIELD_IDS: Record<Field, string> = { email: 'email-change-address', password: 'email-change-password' };

export function EmailChange({ user }: { user: ApiUser }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  /** The server's answer to the last request sent from here (its message and the waiting address). */
  const [answer, setAnswer] = useState<{ message: string; pendingEmail: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  // Opening puts focus in the form; closing it puts focus back on the button that opened it.
  const opened = useRef(false);
  useEffect(() => {
    if (open) document.getElementById(FIELD_IDS.email)?.focus();
    else if (opened.current) openRef.current?.focus();
    opened.current = open;
  }, [open]);

  const pendingEmail = answer?.pendingEmail ?? user.pendingEmail ?? null;

  const close = () => {
    setOpen(false);
    setEmail('');
    setPassword('');
    setErrors({});
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setErrors({});
    const found: Errors = {};
    if (!EMAIL_PATTERN.test(email.trim())) found.email = FORM.invalidEmail;
    if (!password) found.password = PRIVACY.passwordNeeded;
    if (found.email || found.password) return showFieldErrors(setErrors, found, formRef.current);
    setBusy(true);
    try {
      const result = await shopApi.changeEmail(email.trim(), password);
      setAnswer(result);
      announce(result.message);
      close();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const tied: Errors = {};
      if (err.errors.email) tied.email = err.errors.email;
      if (err.errors.password) tied.password = err.errors.password;
      if (tied.email || tied.password) showFieldErrors(setErrors, tied, formRef.current);
      else {
        // Not about a field (too many links, no connection): said beside the button, read out.
        setErrors({ form: err.message });
        announce(err.message, 'assertive');
      }
    } finally {
      setBusy(false);
    }
  };

  const errorOn = (field: Field) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${FIELD_IDS[field]}-error` } : {});

  return (
    <section className="card email-change" aria-labelledby="email-change-title">
      <h2 id="email-change-title">{EMAIL_OWNERSHIP.changeTitle}</h2>
      {answer && <p className="muted">{answer.message}</p>}
      {pendingEmail && <p className="notice">{EMAIL_OWNERSHIP.pendingChange(pendingEmail)}</p>}
      {!open ? (
        <button ref={openRef} type="button" className="button button-ghost" onClick={() => setOpen(true)}>
          {EMAIL_OWNERSHIP.changeOpen}
        </button>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate>
          <p className="muted">{EMAIL_OWNERSHIP.changeHint}</p>
          <div className="two">
            <div className="field">
              <label htmlFor={FIELD_IDS.email}>{EMAIL_OWNERSHIP.newAddress}</label>
              <input
                id={FIELD_IDS.email}
                type="email"
                autoComplete="email"
                maxLength={EMAIL_MAX}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                {...errorOn('email')}
              />
              {errors.email && (
                <span id={`${FIELD_IDS.email}-error`} className="error-text">
                  {errors.email}
                </span>
              )}
            </div>
            <div className="field">
              <label htmlFor={FIELD_IDS.password}>{EMAIL_OWNERSHIP.currentPassword}</label>
              <input
                id={FIELD_IDS.password}
                type="password"
                autoComplete="current-password"
                maxLength={PASSWORD_MAX}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                {...errorOn('password')}
              />
              {errors.password && (
                <span id={`${FIELD_IDS.password}-error`} className="error-text">
                  {errors.password}
                </span>
              )}
            </div>
          </div>
          {errors.form && <p className="error-text">{errors.form}</p>}
          <div className="dialog-actions start">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {busy ? EMAIL_OWNERSHIP.sending : EMAIL_OWNERSHIP.changeSubmit}
            </button>
            <button type="button" className="button button-ghost" onClick={close}>
              {EMAIL_OWNERSHIP.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
