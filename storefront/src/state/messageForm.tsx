// A form that sends a message to the shop's staff (the distributors' form, a barrier report): its
// fields, kept from what was typed before the app ran, errors tied to their fields with the first
// one focused (state/formErrors), the answer announced in a status region present from the load.
import { FormEvent, InputHTMLAttributes, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { controlValue, useAppRunning, useInputBeforeApp } from './appRunning';
import { showFieldErrors } from './formErrors';
import { TEXT_MAX } from '@domain/limits';

type Values<K extends string> = Record<K, string>;

export function useMessageForm<K extends string>(empty: Values<K>, idPrefix: string) {
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Values<K>>>({});
  const [sent, setSent] = useState('');
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Typed on the rendered page before the app ran: kept, and sent as it shows. Sending waits for
  // the app (its button is disabled until then), so nothing typed is lost to a reload.
  const running = useAppRunning();
  const keys = Object.keys(empty) as K[];
  useInputBeforeApp(formRef, (controls) => {
    setForm((f) => {
      const typed = { ...f };
      for (const k of keys) typed[k] = controlValue(controls, k) ?? f[k];
      return typed;
    });
  });

  /** Sends `request` unless `check` finds errors (field → text); the form empties once sent. A
   *  refusal with field errors shows them, any other is said in the alert region. */
  const submit =
    (check: (values: Values<K>) => Partial<Values<K>>, request: (values: Values<K>) => Promise<{ message: string }>) =>
    async (e: FormEvent) => {
      e.preventDefault();
      if (busy || !running) return;
      const found = check(form);
      setSent('');
      setFailed('');
      showFieldErrors(setErrors, found, formRef.current);
      if (Object.keys(found).length) return;
      setBusy(true);
      try {
        const r = await request(form);
        setSent(r.message);
        setForm(empty);
      } catch (err) {
        if (err instanceof ApiError && Object.keys(err.errors ?? {}).length)
          showFieldErrors(setErrors, err.errors as Partial<Values<K>>, formRef.current);
        else setFailed(err instanceof Error ? err.message : '');
      } finally {
        setBusy(false);
      }
    };

  /** One labelled field ('message' is a text area), its error tied to it. */
  const field = (k: K, label: string, props: InputHTMLAttributes<HTMLInputElement> = {}, optional = false) => {
    const id = `${idPrefix}-${k}`;
    const error = errors[k];
    const input = {
      id,
      name: k,
      value: form[k],
      onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value })),
      'aria-invalid': !!error,
      'aria-describedby': error ? `${id}-error` : undefined,
    };
    return (
      <div className={`field ${error ? 'field-error' : ''}`}>
        <label htmlFor={id}>
          {label}
          {optional && <span className="muted"> (по желание)</span>}
        </label>
        {k === 'message' ? <textarea rows={5} maxLength={TEXT_MAX} {...input} {...(props as object)} /> : <input {...input} {...props} />}
        {error && (
          <span id={`${id}-error`} className="error-text">
            {error}
          </span>
        )}
      </div>
    );
  };

  /** The answer, in regions present from the load: a status for the message sent, an alert for a
   *  failure without field errors (the toast says it too, and goes). */
  const status = (
    <p className={sent ? 'notice' : undefined} role="status">
      {sent}
    </p>
  );
  const alert = (
    <p className={failed ? 'error-text' : undefined} role="alert">
      {failed}
    </p>
  );

  return { busy, running, formRef, submit, field, status, alert };
}
