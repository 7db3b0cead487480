// Достъпност: the accessibility statement the European Accessibility Act asks of an online shop
// (Закон за изискванията за достъпност на продукти и услуги; WCAG 2.1 AA, EN 301 549), with a form
// that reports a barrier to the staff (their Съобщения, subject „Бариера за достъпност“). The
// known limitations, the date and the contacts are kept in the settings (Settings → Достъпност).
import { api } from '../api/client';
import { useSettings } from '../state/settings';
import { Seo } from '../components/Seo';
import { useMessageForm } from '../state/messageForm';
import { ACCESSIBILITY, FORM } from '@domain/messages';
import { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX } from '@domain/limits';

const EMPTY = { name: '', email: '', page: '', message: '' };

/** "2026-11-26" → "26.11.2026 г." (as written, whatever the visitor's time zone). */
function statementDay(iso: string | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}.${m[2]}.${m[1]} г.` : '';
}

function BarrierForm() {
  const { busy, running, formRef, submit, field, status, alert } = useMessageForm(EMPTY, 'barrier');
  const send = submit(
    (form) => ({
      ...(form.name.trim() ? {} : { name: 'Въведете име.' }),
      ...(EMAIL_PATTERN.test(form.email.trim()) ? {} : { email: FORM.invalidEmail }),
      ...(form.message.trim() ? {} : { message: 'Опишете бариерата.' }),
    }),
    (form) =>
      api.post<{ message: string }>(
        '/accessibility/barriers',
        { name: form.name.trim(), email: form.email.trim(), page: form.page.trim(), message: form.message.trim() },
        { errorMessage: 'Сигналът не бе изпратен. Опитайте отново.' },
      ),
  );

  return (
    <form ref={formRef} className="card" onSubmit={send} noValidate aria-labelledby="barrier-form-title">
      <h2 id="barrier-form-title">Сигнал за бариера</h2>
      {/* Present from the page's load, so that what is put in it is announced. */}
      {status}
      {alert}
      {field('name', 'Име', { autoComplete: 'name', maxLength: NAME_MAX, required: true })}
      {field('email', 'Имейл', { type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX, required: true })}
      {field('page', 'Страница или функция', { maxLength: 500, placeholder: 'например: количката, /products/twins' }, true)}
      {field('message', 'Какво не успяхте да направите', { required: true })}
      <button type="submit" className="button button-large" disabled={!running} aria-disabled={busy}>
        {busy ? 'Изпращане…' : 'Изпрати сигнала'}
      </button>
    </form>
  );
}

export default function AccessibilityPage() {
  const { brand, contacts, accessibility } = useSettings();
  const limitations = (accessibility?.limitations ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const email = accessibility?.email || contacts.email;
  const phone = accessibility?.phone || contacts.phone;
  const day = statementDay(accessibility?.statementDate);
  return (
    <div className="page narrow prose">
      <Seo
        title={ACCESSIBILITY.pageTitle}
        description={`Декларация за достъпност на онлайн магазина ${brand}: WCAG 2.1 AA, известни ограничения и сигнал за бариера.`}
      />
      <h1>{ACCESSIBILITY.pageTitle}</h1>
      <p>
        {brand} иска всеки да може да пазарува в онлайн магазина, включително хората, които ползват само клавиатура, екранен четец,
        увеличение на екрана или гласово управление. Тази декларация се изисква от Закона за изискванията за достъпност на продукти и услуги
        (Европейския акт за достъпност).
      </p>
      <h2>Стандарт</h2>
      <p>
        Магазинът (страниците за купувачи и административният панел) е разработен и проверяван за съответствие с WCAG 2.1, ниво AA, и с
        хармонизирания европейски стандарт EN 301 549. Проверяваме го с автоматични тестове (axe-core) на ширина на телефон и на компютър, с
        клавиатура без мишка и с екранен четец.
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
        Ако нещо в магазина не Ви е достъпно, съобщете ни с формата по-долу
        {email ? (
          <>
            {' '}
            или на <a href={`mailto:${email}`}>{email}</a>
          </>
        ) : null}
        {phone ? (
          <>
            , телефон <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
          </>
        ) : null}
        . Ще Ви отговорим до 5 работни дни и ще предложим друг начин да получите същото (например поръчка по телефона).
      </p>
      <BarrierForm />
      <h2>Контролен орган</h2>
      <p>
        Ако не сте доволни от отговора ни, можете да подадете жалба до Комисията за защита на потребителите (КЗП), която следи за
        изпълнението на изискванията за достъпност при електронната търговия: гр. София 1000, пл. „Славейков“ № 4А, ет. 3, 4 и 6; телефон
        0700 111 22;{' '}
        <a href="https://kzp.bg" target="_blank" rel="noopener noreferrer">
          kzp.bg
        </a>
        .
      </p>
      <h2>Дата</h2>
      <p>
        {day ? (
          <>
            Декларацията е изготвена на <time dateTime={accessibility?.statementDate}>{day}</time> и се преглежда поне веднъж годишно.
          </>
        ) : (
          'Декларацията се преглежда поне веднъж годишно.'
        )}
      </p>
    </div>
  );
}
