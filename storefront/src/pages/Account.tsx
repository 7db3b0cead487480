// Профил: the shopper's details and order history; a trade member's company statement of account.
import { TRADE } from '@domain/tradeTexts';
import { COMPANY_STATUS_LABELS } from '@domain/trade';
import { FormEvent, useEffect, useRef, useState } from 'react';
import { showFieldErrors } from '../state/formErrors';
import { Link, Navigate } from 'react-router-dom';
import { useAuth } from '../state/auth';
import { shopApi } from '../api/shop';
import { Seo } from '../components/Seo';
import { Price } from '../components/Price';
import { formatDate } from '@domain/dates';
import { PASSWORD_MAX, PASSWORD_MIN } from '@domain/limits';
import { passwordProblem } from '@domain/schemas/rules';
import { ApiError } from '../api/client';
import { toast } from '../state/toast';
import { TwoFactorSettings } from '../components/TwoFactorSettings';
import { AccountPrivacy } from '../components/AccountPrivacy';
import { EmailVerificationNotice } from '../components/EmailVerificationNotice';
import { EmailChange } from '../components/EmailChange';
import type { ApiOrder } from '@domain/api';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { tradePaymentLabel } from '../components/TradeOrderPanel';
import { isTradeMember } from '../state/quickOrder';
import { PermitNotice } from '../components/PermitNotice';
import { formatBgDate } from '@domain/dateInput';
import { AccountStatement } from '../components/AccountStatement';
import { STATEMENT_TEXT } from '@domain/statementOfAccount';
import { MEMBER_TEXT } from '@domain/companyMembers';
import { MemberSections } from '../components/account/MemberSections';
import { AccountQuotes } from '../components/AccountQuotes';

export default function Account() {
  const { user, loading, logout } = useAuth();
  const [orders, setOrders] = useState<ApiOrder[] | null>(null);
  useEffect(() => {
    if (user)
      shopApi.orders().then(
        (r) => setOrders(r.orders),
        () => setOrders([]),
      );
  }, [user]);
  if (loading)
    return (
      <div className="page narrow" aria-busy="true">
        <div className="skeleton skeleton-block" />
      </div>
    );
  if (!user) return <Navigate to="/signin" replace />;
  return (
    <div className="page narrow account">
      <Seo title="Профил" />
      <h1>Профил</h1>
      <section className="card profile">
        <div>
          <strong>{[user.firstName, user.lastName].filter(Boolean).join(' ') || 'Без име'}</strong>
          <div className="muted">{user.email}</div>
          {user.phone && <div className="muted">{user.phone}</div>}
          {user.company ? (
            <div className="account-company">
              {TRADE.accountCompany}: <strong>{user.company.name}</strong> — {COMPANY_STATUS_LABELS[user.company.status]}
              {user.company.tobaccoPermit && (
                <div className="muted">
                  {TRADE.permitOnRecord(
                    user.company.tobaccoPermit,
                    user.company.tobaccoPermitOffice ?? '',
                    user.company.tobaccoPermitExpiresAt ? formatBgDate(user.company.tobaccoPermitExpiresAt) : null,
                  )}
                </div>
              )}
            </div>
          ) : (
            user.role === 'customer' && (
              <div>
                <Link to="/trade/apply">{TRADE.accountApply}</Link>
              </div>
            )
          )}
        </div>
        <button type="button" className="button button-ghost" onClick={() => void logout()}>
          Изход
        </button>
      </section>
      <PermitNotice company={user.company} />
      <EmailVerificationNotice user={user} />
      {(user.company || isTradeMember(user)) && <MemberSections orders={orders} setOrders={setOrders} />}
      <section aria-labelledby="orders-title" className="account-orders">
        <h2 id="orders-title">Моите поръчки</h2>
        {isTradeMember(user) && (
          <p>
            <Link to="/trade/quick-order" className="button">
              {TRADE_ORDER_TEXT.quickOrderLink}
            </Link>
          </p>
        )}
        {orders === null ? (
          <div className="skeleton skeleton-block" />
        ) : orders.length === 0 ? (
          <div className="empty">
            <p>Все още нямате поръчки.</p>
            <Link to="/products" className="button">
              Към магазина
            </Link>
          </div>
        ) : (
          <ul className="order-list">
            {orders.map((o) => (
              <li key={o.id}>
                <Link to={`/account/orders/${o.id}`} className="card order-row">
                  <span>
                    <strong>{o.number}</strong>
                    <span className="muted small block">
                      {formatDate(o.createdAt)} · {o.itemCount} бр.
                    </span>
                    {o.companyId && (
                      <span className={`small block ${o.overdue ? 'error-text' : 'muted'}`}>
                        {o.paymentDueAt ? `${TRADE_ORDER_TEXT.dueOn(formatDate(o.paymentDueAt))} · ` : ''}
                        {tradePaymentLabel(o)}
                      </span>
                    )}
                  </span>
                  <span className={`status status-${o.status}`}>{o.statusLabel}</span>
                  <Price amount={o.total} currency={o.currency} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* A member asks for quotes on large orders and orders by an answered one. */}
      {isTradeMember(user) && <AccountQuotes />}
      {/* A member's company has an account to state (also once suspended); right after sign-in the
          user may not carry the company yet, and the trade hint says it (as for the quick order). */}
      {(isTradeMember(user) || user.company?.status === 'suspended') &&
        (user.company?.role === 'buyer' ? (
          <section className="card" aria-labelledby="account-statement-title">
            <h2 id="account-statement-title">{STATEMENT_TEXT.title}</h2>
            <p className="muted">{MEMBER_TEXT.statementOwnersOnly}</p>
          </section>
        ) : (
          <AccountStatement />
        ))}
      <EmailChange user={user} />
      <PasswordChange />
      <TwoFactorSettings />
      <AccountPrivacy />
    </div>
  );
}

function PasswordChange() {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  /** The error and the field it is about (tied to it, and focused). */
  const [error, setErrorOn] = useState<{ field: 'current' | 'next'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  // Opening puts focus in the form; closing it puts focus back on the button that opened it.
  const opened = useRef(false);
  useEffect(() => {
    if (open) document.getElementById('current-password')?.focus();
    else if (opened.current) openRef.current?.focus();
    opened.current = open;
  }, [open]);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setErrorOn(null);
    const problem = passwordProblem(next);
    if (problem) return showFieldErrors(setErrorOn, { field: 'next', text: problem }, formRef.current);
    setBusy(true);
    try {
      toast.success((await shopApi.changePassword(current, next)).message);
      setOpen(false);
      setCurrent('');
      setNext('');
    } catch (err) {
      if (err instanceof ApiError)
        showFieldErrors(
          setErrorOn,
          { field: Object.keys(err.errors).some((k) => /new/i.test(k)) ? 'next' : 'current', text: err.message },
          formRef.current,
        );
    } finally {
      setBusy(false);
    }
  };
  const errorOn = (field: 'current' | 'next') =>
    error?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'password-change-error' } : {};
  return (
    <section className="card password-change" aria-labelledby="password-title">
      <h2 id="password-title">Парола</h2>
      {!open ? (
        <button ref={openRef} type="button" className="button button-ghost" onClick={() => setOpen(true)}>
          Смяна на паролата
        </button>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate>
          <div className="two">
            <div className="field">
              <label htmlFor="current-password">Текуща парола</label>
              <input
                id="current-password"
                type="password"
                autoComplete="current-password"
                maxLength={PASSWORD_MAX}
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
                {...errorOn('current')}
              />
            </div>
            <div className="field">
              <label htmlFor="new-password">Нова парола</label>
              <input
                id="new-password"
                type="password"
                autoComplete="new-password"
                minLength={PASSWORD_MIN}
                maxLength={PASSWORD_MAX}
                value={next}
                onChange={(e) => setNext(e.target.value)}
                {...errorOn('next')}
              />
            </div>
          </div>
          {error && (
            <p id="password-change-error" className="error-text">
              {error.text}
            </p>
          )}
          <div className="dialog-actions start">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              Запази
            </button>
            <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
              Отказ
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
