// An owner's decision on an order a buyer placed above their limit: „Одобри“ places it, „Откажи“
// cancels it with a reason the buyer is mailed. Prices may have moved since the buyer ordered:
// the server then refuses the approval with the new total, which is shown, and the owner approves
// that total knowingly. The box for the reason replaces nothing on the page: focus goes into it and
// back to the button that opened it.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError } from '../../api/client';
import { shopApi, type MemberOrder } from '../../api/shop';
import { showFieldErrors } from '../../state/formErrors';
import { MEMBER_TEXT } from '@domain/companyMembers';
import { MEMBER_SCREEN_TEXT as T } from '@domain/memberScreens';
import { formatMoney } from '@domain/money';
import './members.css';

export function HeldOrderActions({ order, onDone }: { order: MemberOrder; onDone(order: MemberOrder, message: string): void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  /** The total the server quoted when it refused an approval because prices moved. */
  const [newTotal, setNewTotal] = useState<{ total: number; currency: string } | null>(null);
  const [error, setError] = useState('');
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const declineRef = useRef<HTMLButtonElement>(null);
  const approveNewRef = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (declining) document.getElementById(`${id}-reason`)?.focus();
    else if (opened.current) declineRef.current?.focus();
    opened.current = declining;
  }, [declining, id]);
  useEffect(() => {
    if (newTotal) approveNewRef.current?.focus();
  }, [newTotal]);

  const approve = async () => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const placed = await shopApi.approveOrder(order.id, newTotal?.total);
      onDone(placed, MEMBER_TEXT.approved(order.number));
    } catch (err) {
      const quote = err instanceof ApiError ? (err.body?.quote as { total?: number; currency?: string } | undefined) : undefined;
      if (err instanceof ApiError && err.status === 409 && typeof quote?.total === 'number')
        setNewTotal({ total: quote.total, currency: quote.currency ?? order.currency });
      else setError(err instanceof ApiError ? err.message : T.failed);
    } finally {
      setBusy(false);
    }
  };

  const decline = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!reason.trim()) return showFieldErrors(setReasonError, MEMBER_TEXT.declineReasonRequired, formRef.current);
    setBusy(true);
    setReasonError(null);
    try {
      const cancelled = await shopApi.declineOrder(order.id, reason.trim());
      opened.current = false;
      setDeclining(false);
      onDone(cancelled, MEMBER_TEXT.declined(order.number));
    } catch (err) {
      if (err instanceof ApiError && err.errors.reason) showFieldErrors(setReasonError, err.errors.reason, formRef.current);
      else showFieldErrors(setReasonError, err instanceof ApiError ? err.message : T.failed, formRef.current);
    } finally {
      setBusy(false);
    }
  };

  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      setDeclining(false);
    }
  };

  return (
    <div className="held-actions">
      {newTotal && (
        <p className="notice" role="alert">
          {T.priceChanged(formatMoney(newTotal.total, newTotal.currency))}
        </p>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions start">
        <button
          ref={approveNewRef}
          type="button"
          className="button button-small"
          aria-label={newTotal ? undefined : T.approveOf(order.number)}
          aria-disabled={busy || undefined}
          onClick={() => void approve()}
        >
          {newTotal ? T.approveNew : T.approve}
        </button>
        <button
          ref={declineRef}
          type="button"
          className="button button-ghost button-small"
          aria-label={T.declineOf(order.number)}
          aria-expanded={declining}
          onClick={() => setDeclining(true)}
        >
          {T.decline}
        </button>
      </div>
      {declining && (
        <div
          className="card confirm-box"
          role="dialog"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-text`}
          onKeyDown={closeOnEscape}
        >
          <h3 id={`${id}-title`}>{T.declineTitle(order.number)}</h3>
          <p id={`${id}-text`}>{T.declineText}</p>
          <form ref={formRef} onSubmit={(e) => void decline(e)} noValidate>
            <div className={`field ${reasonError ? 'field-error' : ''}`}>
              <label htmlFor={`${id}-reason`}>{T.reasonLabel}</label>
              <textarea
                id={`${id}-reason`}
                rows={3}
                maxLength={1000}
                required
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              />
              {reasonError && (
                <span id={`${id}-reason-error`} className="error-text">
                  {reasonError}
                </span>
              )}
            </div>
            <div className="dialog-actions start">
              <button type="submit" className="button button-danger" aria-disabled={busy || undefined}>
                {T.declineConfirm}
              </button>
              <button type="button" className="button button-ghost" onClick={() => setDeclining(false)}>
                {T.back}
              </button>
            </div>
          </form>
        </div>
      )}
    </div>
  );
}
