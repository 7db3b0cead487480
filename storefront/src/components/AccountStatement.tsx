// „Извлечение от сметка“ in a member's account: the company's invoices, credit notes and payments
// for a period (the year so far unless changed), downloaded as a PDF or a CSV from the API (a plain
// link: the browser saves the attachment; the session cookie says whose company it is). The period
// is checked here with the statement's own rule before a download, so a refused period is said
// beside its field instead of opening an error page.
import { useId, useRef, useState, type MouseEvent } from 'react';
import { apiHref } from '../api/client';
import { focusFirstInvalid } from '../state/formErrors';
import { flushSync } from 'react-dom';
import { STATEMENT_TEXT, defaultStatementPeriod, statementPeriodErrors } from '@domain/statementOfAccount';
import { TRADE_ORDER_TEXT as T } from '@domain/tradeOrderTexts';

type Field = 'from' | 'to';

export function statementHref(from: string, to: string, format: 'pdf' | 'csv'): string {
  return apiHref(`/trade/statement?${new URLSearchParams({ from, to, format })}`);
}

export function AccountStatement() {
  const [period, setPeriod] = useState(() => defaultStatementPeriod());
  // A field's error shows once it was left or a download was asked for, not while it is typed.
  const [shown, setShown] = useState<Record<Field, boolean>>({ from: false, to: false });
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const errors = statementPeriodErrors(period.from, period.to);
  const valid = !errors.from && !errors.to;

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
          type="date"
          required
          value={period[name]}
          onChange={(e) => setPeriod((p) => ({ ...p, [name]: e.target.value }))}
          onBlur={() => setShown((s) => ({ ...s, [name]: true }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
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
      {/* Not sent anywhere: the links below carry the period. Enter in a field stays on the page. */}
      <form ref={formRef} noValidate onSubmit={(e) => e.preventDefault()} aria-labelledby={`${id}-title`}>
        <div className="two">
          {field('from', T.statementFrom)}
          {field('to', T.statementTo)}
        </div>
        <div className="dialog-actions start">
          <a className="button button-ghost" href={statementHref(period.from, period.to, 'pdf')} download onClick={guard}>
            {T.statementPdf}
          </a>
          <a className="button button-ghost" href={statementHref(period.from, period.to, 'csv')} download onClick={guard}>
            {T.statementCsv}
          </a>
        </div>
      </form>
    </section>
  );
}
