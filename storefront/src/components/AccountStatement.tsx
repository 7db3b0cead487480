// „Извлечение от сметка“ in a member's account: the company's invoices, credit notes and payments
// for a period (the year so far unless changed), downloaded as a PDF or a CSV from the API (a plain
// link: the browser saves the attachment; the session cookie says whose company it is). The period
// is checked here with the statement's own rule before a download, so a refused period is said
// beside its field instead of opening an error page. The days are typed as dd.mm.yyyy, as the
// shop writes them: a native date field would show the browser's own order (mm/dd/yyyy).
import { useId, useRef, useState, type MouseEvent } from 'react';
import { apiHref } from '../api/client';
import { focusFirstInvalid } from '../state/formErrors';
import { flushSync } from 'react-dom';
import { STATEMENT_TEXT, defaultStatementPeriod, statementPeriodErrors } from '@domain/statementOfAccount';
import { DATE_PLACEHOLDER, formatBgDate, parseBgDate } from '@domain/dateInput';
import { FORM } from '@domain/messages';
import { TRADE_ORDER_TEXT as T } from '@domain/tradeOrderTexts';

type Field = 'from' | 'to';

export function statementHref(from: string, to: string, format: 'pdf' | 'csv'): string {
  return apiHref(`/trade/statement?${new URLSearchParams({ from, to, format })}`);
}

/** The period's errors: a day that does not read, else the statement's rule on the two days. */
function periodErrors(typed: Record<Field, string>, days: Record<Field, string | null>): Partial<Record<Field, string>> {
  const unread = {
    from: typed.from.trim() && !days.from ? FORM.invalidDate : undefined,
    to: typed.to.trim() && !days.to ? FORM.invalidDate : undefined,
  };
  const rule = statementPeriodErrors(days.from, days.to);
  return { from: unread.from ?? rule.from, to: unread.to ?? rule.to };
}

export function AccountStatement() {
  const [typed, setTyped] = useState<Record<Field, string>>(() => {
    const { from, to } = defaultStatementPeriod();
    return { from: formatBgDate(from), to: formatBgDate(to) };
  });
  const period = { from: parseBgDate(typed.from), to: parseBgDate(typed.to) };
  // A field's error shows once it was left or a download was asked for, not while it is typed.
  const [shown, setShown] = useState<Record<Field, boolean>>({ from: false, to: false });
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const errors = periodErrors(typed, period);
  const valid = !errors.from && !errors.to;
  const href = (format: 'pdf' | 'csv') => statementHref(period.from ?? '', period.to ?? '', format);

  const guard = (e: MouseEvent<HTMLAnchorElement>) => {
    if (valid) return;
    e.preventDefault();
    flushSync(() => setShown({ from: true, to: true }));
    focusFirstInvalid(formRef.current);
  };

  const field = (name: Field, label: string) => {
    const error = shown[name] ? errors[name] : undefined;
    const errorId = `${id}-${name}-error`;
    return (
      <div className={`field ${error ? 'field-error' : ''}`}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={DATE_PLACEHOLDER}
          required
          value={typed[name]}
          onChange={(e) => setTyped((p) => ({ ...p, [name]: e.target.value }))}
          onBlur={() => {
            setShown((s) => ({ ...s, [name]: true }));
            // "1.3.2026" reads as 01.03.2026: show it so.
            const day = parseBgDate(typed[name]);
            if (day) setTyped((p) => ({ ...p, [name]: formatBgDate(day) }));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-format`, error ? errorId : ''].filter(Boolean).join(' ')}
        />
        {error && (
          <span id={errorId} className="error-text">
            {error}
          </span>
        )}
      </div>
    );
  };

  return (
    <section className="card account-statement" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{STATEMENT_TEXT.title}</h2>
      <p>{T.statementIntro}</p>
      <p id={`${id}-format`} className="muted small">
        {T.statementDates}
      </p>
      {/* Not sent anywhere: the links below carry the period. Enter in a field stays on the page. */}
      <form ref={formRef} noValidate onSubmit={(e) => e.preventDefault()} aria-labelledby={`${id}-title`}>
        <div className="two">
          {field('from', T.statementFrom)}
          {field('to', T.statementTo)}
        </div>
        <div className="dialog-actions start">
          <a className="button button-ghost" href={href('pdf')} download onClick={guard}>
            {T.statementPdf}
          </a>
          <a className="button button-ghost" href={href('csv')} download onClick={guard}>
            {T.statementCsv}
          </a>
        </div>
      </form>
    </section>
  );
}
