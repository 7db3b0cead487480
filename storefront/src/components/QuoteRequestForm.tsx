// „Поискай оферта“: a member asks for a price on the lines in front of them (the cart, the quick
// order) with a note. The button opens a small form; sending it is confirmed on the page and read out
// through the polite live region; a refusal is tied to the note or shown beside the button and read
// out assertively.
import { FormEvent, useEffect, useId, useRef, useState } from 'react';
import { QUOTE_NOTE_MAX, QUOTE_TEXT as Q } from '@domain/quoteTexts';
import type { ApiQuoteRequest } from '@domain/api';
import { Link } from 'react-router-dom';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { announce } from '../state/announce';
import { showFieldErrors } from '../state/formErrors';

export interface QuoteLine {
  variantId: number | null | undefined;
  quantity: number;
}

/** One line per variant (two flavours of one variant are one quantity to price). */
export function quoteLines(lines: QuoteLine[]): Array<{ variantId: number; quantity: number }> {
  const byVariant = new Map<number, number>();
  for (const l of lines) if (l.variantId && l.quantity > 0) byVariant.set(l.variantId, (byVariant.get(l.variantId) ?? 0) + l.quantity);
  return [...byVariant].map(([variantId, quantity]) => ({ variantId, quantity }));
}

export function QuoteRequestForm({ lines }: { lines: QuoteLine[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: 'note' | null; text: string } | null>(null);
  const [sent, setSent] = useState<ApiQuoteRequest | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const asked = quoteLines(lines);
  useEffect(() => {
    if (open) document.getElementById(`${id}-note`)?.focus();
  }, [open, id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    if (!asked.length) return setError({ field: null, text: Q.noLines });
    setBusy(true);
    try {
      const made = await shopApi.askQuote(asked, note.trim());
      setSent(made);
      setOpen(false);
      setNote('');
      announce(Q.sent(made.number));
    } catch (err) {
      const text = err instanceof ApiError ? (err.errors.note ?? err.message) : Q.tooManyRequests;
      const field = err instanceof ApiError && err.errors.note ? 'note' : null;
      showFieldErrors(setError, { field, text }, formRef.current);
      announce(text, 'assertive');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="quote-request">
      {!open ? (
        <button
          type="button"
          className="button button-ghost button-block"
          aria-disabled={!asked.length || undefined}
          onClick={() => {
            if (!asked.length) return;
            setSent(null);
            setOpen(true);
          }}
        >
          {Q.askButton}
        </button>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="quote-request-form">
          <h3 id={`${id}-title`}>{Q.askTitle}</h3>
          <p className="muted small">{Q.askIntro}</p>
          <div className={`field ${error?.field === 'note' ? 'field-error' : ''}`}>
            <label htmlFor={`${id}-note`}>
              {Q.noteLabel} <span className="muted">(по желание)</span>
            </label>
            <textarea
              id={`${id}-note`}
              rows={3}
              maxLength={QUOTE_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              aria-invalid={error?.field === 'note' || undefined}
              aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
            />
            <span id={`${id}-hint`} className="muted small block">
              {Q.noteHint}
            </span>
          </div>
          <p className="small">{Q.confirm(asked.length)}</p>
          {error && (
            <p id={`${id}-error`} className="error-text">
              {error.text}
            </p>
          )}
          <div className="dialog-actions start">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {busy ? Q.sending : Q.send}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
              Отказ
            </button>
          </div>
        </form>
      )}
      {sent && (
        <p className="ok-text quote-sent">
          {Q.sent(sent.number)} <Link to="/account#quotes">{Q.accountTitle}</Link>
        </p>
      )}
    </div>
  );
}
