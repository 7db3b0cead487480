// The page the mailed link opens (/verify-email?token=…): it confirms the address at once and says
// so; a used, expired or broken link is told, with the way to a new one (the profile). Whoever
// opens it need not be signed in: the link itself is the proof.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { useAuth } from '../state/auth';
import { Seo } from '../components/Seo';
import { EMAIL_OWNERSHIP } from '@domain/messages';

type State = { kind: 'checking' } | { kind: 'done'; text: string } | { kind: 'refused'; text: string };

export default function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, loading, refreshUser } = useAuth();
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'refused', text: EMAIL_OWNERSHIP.noToken });
  const answerRef = useRef<HTMLParagraphElement>(null);
  // One request per link, even when React runs the effect twice.
  const asked = useRef('');

  // Sent once the start-up has taken the CSRF token (`loading` ends after it): sent sooner, a
  // signed-in browser's request goes without it and is refused.
  useEffect(() => {
    if (loading || !token || asked.current === token) return;
    asked.current = token;
    shopApi.verifyEmail(token).then(
      (res) => {
        setState({ kind: 'done', text: res.message });
        void refreshUser();
      },
      (err) => setState({ kind: 'refused', text: err instanceof ApiError ? err.message : EMAIL_OWNERSHIP.linkInvalid }),
    );
  }, [loading, token, refreshUser]);

  // The answer replaces the "checking" line: focus goes to it, so it is read and the way on is next.
  useEffect(() => {
    if (state.kind !== 'checking') answerRef.current?.focus();
  }, [state.kind]);

  return (
    <div className="page auth-page">
      <Seo title={EMAIL_OWNERSHIP.pageTitle} />
      <div className="card auth-card">
        <h1>{EMAIL_OWNERSHIP.pageTitle}</h1>
        {state.kind === 'checking' ? (
          <p className="muted" aria-busy="true">
            {EMAIL_OWNERSHIP.checking}
          </p>
        ) : (
          <p
            ref={answerRef}
            tabIndex={-1}
            className={state.kind === 'done' ? 'notice' : 'error-text'}
            role={state.kind === 'done' ? 'status' : 'alert'}
          >
            {state.text}
          </p>
        )}
        {state.kind !== 'checking' && (
          <p className="center">
            <Link to={user ? '/account' : '/signin'} className="button">
              {user ? EMAIL_OWNERSHIP.toAccount : EMAIL_OWNERSHIP.toSignIn}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
