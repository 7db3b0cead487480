// Достъпност: the accessibility statement the European Accessibility Act asks of an online shop
// (Закон за изискванията за достъпност на продукти и услуги; WCAG 2.1 AA, EN 301 549), with a form
// that reports a barrier to the staff (their Съобщения, subject „Бариера за достъпност“). The
// known limitations, the date and the contacts are kept in the settings (Settings → Достъпност).
import { FormEvent, useRef, useState } from 'react';
import { api } from '../api/client';
import { ApiError } from '../api/client';
import { useSettings } from '../state/settings';
import { Seo } from '../components/Seo';
import { controlValue, useAppRunning, useInputBeforeApp } from '../state/appRunning';
import { ACCESSIBILITY, FORM } from '../../../domain/messages';
import { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, TEXT_MAX } from '../../../domain/limits';

const EMPTY = { name: '', email: '', page: '', message: '' };
type Field = keyof typeof EMPTY;
const FIELDS: Field[] = ['name', 'email', 'page', 'message'];

/** "2026-11-26" → "26.11.2026 г." (as written, whatever the visitor's time zone). */
function statementDay(iso: string | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}.${m[2]}.${m[1]} г.` : '';
}

function BarrierForm() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState('');
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const running = useAppRunning();
  useInputBeforeApp(formRef, (controls) => {
    setForm((f) => {
      const typed = { ...f };
      for (const k of FIELDS) typed[k] = controlValue(controls, k) ?? f[k];
      return typed;
    });
  });
  const set = (k: Field) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  /** The first field with an error gets the focus, so its message is read with it. */
  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = FIELDS.find((k) => found[k]);
    if (first) requestAnimationFrame(() => document.getElementById(`barrier-${first}`)?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !running) return;
    const found: Partial<Record<Field, string>> = {};
    if (!form.name.trim()) found.name = 'Въведете име.';
    if (!EMAIL_PATTERN.test(form.email.trim())) found.email = FORM.invalidEmail;
    if (!form.message.trim()) found.message = 'Опишете бариерата.';
    setSent('');
    setFailed('');
    if (Object.keys(found).length) return showErrors(found);
    setErrors({});
    setBusy(true);
    try {
      const r = await api.post<{ message: string }>('/accessibility/barriers', { name: form.name.trim(), email: form.email.trim(), page: form.page.trim(), message: form.message.trim() }, { errorMessage: 'Сигналът не бе изпратен. Опитайте отново.' });
      setSent(r.message);
      setForm(EMPTY);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors ?? {}).length) showErrors(err.errors as Partial<Record<Field, string>>);
      else setFailed(err instanceof Error ? err.message : 'Сигналът не бе изпратен. Опитайте отново.');
    } finally {
      setBusy(false);
    }
  };

  const field = (k: Field, label: string, props: Record<string, unknown> = {}, optional = false) => {
    const error = errors[k];
    const input = { id: `barrier-${k}`, name: k, value: form[k], onChange: set(k), 'aria-invalid': !!error, 'aria-describedby': error ? `barrier-${k}-error` : undefined, ...props };
    return (
      <div className={`field ${error ? 'field-error' : ''}`}>
        <label htmlFor={`barrier-${k}`}>{label}{optional && <span className="muted"> (по желание)</span>}</label>
        {k === 'message' ? <textarea rows={5} maxLength={TEXT_MAX} required {...input} /> : <input {...input} />}
        {error && <span className="error-text" id={`barrier-${k}-error`}>{error}</span>}
      </div>
    );
  };

  return (
    <form ref={formRef} className="card" onSubmit={submit} noValidate aria-labelledby="barrier-form-title">
      <h2 id="barrier-form-title">Сигнал за бариера</h2>
      {/* Present from the page's load, so that what is put in it is announced. */}
      <p className={sent ? 'notice' : undefined} role="status">{sent}</p>
      <p className={failed ? 'error-text' : undefined} role="alert">{failed}</p>
      {field('name', 'Име', { autoComplete: 'name', maxLength: NAME_MAX, required: true })}
      {field('email', 'Имейл', { type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX, required: true })}
      {field('page', 'Страница или функция', { maxLength: 500, placeholder: 'например: количката, /products/twins' }, true)}
      {field('message', 'Какво не успяхте да направите')}
      <button type="submit" className="button button-large" disabled={!running} aria-disabled={busy}>{busy ? 'Изпращане…' : 'Изпрати сигнала'}</button>
    </form>
  );
}

export default function AccessibilityPage() {
  const { brand, contacts, accessibility } = useSettings();
  const limitations = (accessibility?.limitations ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
  const email = accessibility?.email || contacts.email;
  const phone = accessibility?.phone || contacts.phone;
  const day = statementDay(accessibility?.statementDate);
  return (
    <div className="page narrow prose">
      <Seo title={ACCESSIBILITY.pageTitle} description={`Декларация за достъпност на онлайн магазина ${brand}: WCAG 2.1 AA, известни ограничения и сигнал за бариера.`} />
      <h1>{ACCESSIBILITY.pageTitle}</h1>
      <p>
        {brand} иска всеки да може да пазарува в онлайн магазина, включително хората, които ползват само клавиатура,
        екранен четец, увеличение на екрана или гласово управление. Тази декларация се изисква от Закона за изискванията
        за достъпност на продукти и услуги (Европейския акт за достъпност).
      </p>
      <h2>Стандарт</h2>
      <p>
        Магазинът (страниците за купувачи и административният панел) е разработен и проверяван за съответствие с
        WCAG 2.1, ниво AA, и с хармонизирания европейски стандарт EN 301 549. Проверяваме го с автоматични тестове
        (axe-core) на ширина на телефон и на компютър, с клавиатура без мишка и с екранен четец.
      </p>
      <h2>Състояние на съответствие</h2>
      <p>Магазинът е в частично съответствие: изискванията са изпълнени с изключение на изброеното по-долу.</p>
      <h2>Известни ограничения</h2>
      {limitations.length ? (
        <ul>
          {limitations.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : (
        <p>Не знаем за съдържание, което не отговаря на изискванията.</p>
      )}
      <h2>Сигнал за бариера</h2>
      <p>
        Ако нещо в магазина не Ви е достъпно, съобщете ни с формата по-долу{email ? <> или на <a href={`mailto:${email}`}>{email}</a></> : null}
        {phone ? <>, телефон <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a></> : null}. Ще Ви отговорим до 5 работни дни
        и ще предложим друг начин да получите същото (например поръчка по телефона).
      </p>
      <BarrierForm />
      <h2>Контролен орган</h2>
      <p>
        Ако не сте доволни от отговора ни, можете да подадете жалба до Комисията за защита на потребителите (КЗП),
        която следи за изпълнението на изискванията за достъпност при електронната търговия: гр. София 1000,
        пл. „Славейков“ № 4А, ет. 3, 4 и 6; телефон 0700 111 22; <a href="https://kzp.bg" target="_blank" rel="noopener noreferrer">kzp.bg</a>.
      </p>
      <h2>Дата</h2>
      <p>{day ? <>Декларацията е изготвена на <time dateTime={accessibility?.statementDate}>{day}</time> и се преглежда поне веднъж годишно.</> : 'Декларацията се преглежда поне веднъж годишно.'}</p>
    </div>
  );
}
