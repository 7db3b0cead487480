// The profile's notice while the account's address is not proven: what that means (only what the
// account did itself is reached through it) and „Изпрати линка отново“. The button stays where it
// is while it works (focus is never lost); the answer is shown beside it and read out through the
// page's live regions (polite when sent, assertive when refused). A new address waiting for its
// link is shown by the „Имейл“ card (EmailChange).
import { useState } from 'react';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { announce } from '../state/announce';
import { EMAIL_OWNERSHIP } from '@domain/messages';
import type { ApiUser } from '@domain/api';

export function EmailVerificationNotice({ user }: { user: ApiUser }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  if (user.emailVerified !== false) return null;

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      const { message } = await shopApi.resendVerification();
      setResult({ ok: true, text: message });
      announce(message);
    } catch (err) {
      const text = err instanceof ApiError ? err.message : EMAIL_OWNERSHIP.tooManyLinks;
      setResult({ ok: false, text });
      announce(text, 'assertive');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card email-verification" aria-labelledby="email-verification-title">
      <h2 id="email-verification-title">{EMAIL_OWNERSHIP.unverifiedTitle}</h2>
      <p>{EMAIL_OWNERSHIP.unverifiedNotice}</p>
      <div className="dialog-actions start">
        <button type="button" className="button button-ghost" onClick={() => void resend()} aria-disabled={busy || undefined}>
          {busy ? EMAIL_OWNERSHIP.sending : EMAIL_OWNERSHIP.resend}
        </button>
      </div>
      {result && <p className={result.ok ? 'muted' : 'error-text'}>{result.text}</p>}
    </section>
  );
}
