// The page an invitation's mailed link opens (/invitation/:token): which company, for which
// address, with what role and limit, and „Приеми поканата“. Only the invited address, signed in and
// proven, may accept: signed out, the way to sign in (or to register) comes back here; another
// address, an unproven one, an expired or a used invitation are each said as the server says them.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { useAuth } from '../state/auth';
import { useSettings } from '../state/settings';
import { Seo } from '../components/Seo';
import { NotFoundContent } from './NotFound';
import { MEMBER_ROLE_LABELS, MEMBER_TEXT, type InvitationPreview } from '@domain/companyMembers';
import { MEMBER_SCREEN_TEXT as T } from '@domain/memberScreens';
import { formatMoney } from '@domain/money';
import '../components/account/members.css';

type Answer = { kind: 'joined'; text: string } | { kind: 'refused'; text: string } | { kind: 'signedOut' };

export default function Invitation() {
  const { token = '' } = useParams();
  const { user, loading, refreshUser } = useAuth();
  const { currency } = useSettings();
  const [preview, setPreview] = useState<InvitationPreview | null | 'missing'>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const answerRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    shopApi.invitation(token).then(setPreview, () => setPreview('missing'));
  }, [token]);
  // What the acceptance came to replaces nothing: focus goes to it, so it is read first.
  useEffect(() => {
    if (answer) answerRef.current?.focus();
  }, [answer]);

  if (preview === 'missing') return <NotFoundContent what={MEMBER_TEXT.invitationNotFound} />;
  if (preview === null || loading)
    return (
      <div className="page narrow" aria-busy="true">
        <div className="skeleton skeleton-block" />
      </div>
    );

  const here = `/invitation/${encodeURIComponent(token)}`;
  const closed = preview.accepted ? MEMBER_TEXT.invitationUsed : preview.expired ? MEMBER_TEXT.invitationExpired : null;
  const signedOut = !user || answer?.kind === 'signedOut';

  const accept = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { company } = await shopApi.acceptInvitation(token);
      setAnswer({ kind: 'joined', text: MEMBER_TEXT.joined(company.name) });
      // The account now buys for the company: the header, prices and profile follow it.
      void refreshUser();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setAnswer({ kind: 'signedOut' });
      else setAnswer({ kind: 'refused', text: err instanceof ApiError ? err.message : T.failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page narrow invitation-page">
      <Seo title={T.invitationTitle} noindex />
      <section className="card" aria-labelledby="invitation-title">
        <h1 id="invitation-title">{T.invitationTitle}</h1>
        <p>{T.invitationFor(preview.companyName)}</p>
        <dl>
          <dt>{T.invitationEmail}</dt>
          <dd>{preview.email}</dd>
          <dt>{T.roleLabel}</dt>
          <dd>{MEMBER_ROLE_LABELS[preview.role]}</dd>
          <dt>{T.invitationLimit}</dt>
          <dd>{preview.orderLimit === null ? T.noLimit : T.net(formatMoney(preview.orderLimit, currency))}</dd>
        </dl>
        {closed ? (
          <p className="error-text" role="alert">
            {closed}
          </p>
        ) : answer?.kind === 'joined' ? (
          <>
            <p ref={answerRef} tabIndex={-1} className="notice" role="status">
              {answer.text}
            </p>
            <p>
              <Link to="/account" className="button">
                {T.toAccount}
              </Link>
            </p>
          </>
        ) : signedOut ? (
          <>
            <p ref={answerRef} tabIndex={-1}>
              {T.signInToAccept(preview.email)}
            </p>
            <p className="dialog-actions start">
              <Link to={`/signin?next=${encodeURIComponent(here)}`} className="button">
                {T.signIn}
              </Link>
            </p>
            <p className="muted">
              {T.registerFirst} <Link to={`/register?next=${encodeURIComponent(here)}`}>{T.register}</Link>
            </p>
          </>
        ) : (
          <>
            {answer?.kind === 'refused' && (
              <p ref={answerRef} tabIndex={-1} className="error-text" role="alert">
                {answer.text}
              </p>
            )}
            <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void accept()}>
              {busy ? T.accepting : T.accept}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
