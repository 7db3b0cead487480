// „Кандидатствай като търговец“: a business applies to buy for resale. A guest also
// creates the contact's account; a signed-in customer applies as themselves. Checks mirror the
// server's (domain/schemas/trade); the server's refusals are shown on their fields, the first focused.
import { FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../state/auth';
import { ApiError } from '../api/client';
import { shopApi } from '../api/shop';
import { Seo } from '../components/Seo';
import { FORM } from '@domain/messages';
import { TRADE } from '@domain/tradeTexts';
import { COMPANY_STATUS_LABELS } from '@domain/trade';
import { isValidBgVatNumber, isValidEik, normaliseTaxNumber } from '@domain/bulstat';
import { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from '@domain/limits';
import { passwordProblem, permitExpiryProblem } from '@domain/schemas/rules';
import { COMPANY_SHOPS_MAX, PERMIT_OFFICE_MAX } from '@domain/schemas/trade';
import { DATE_PLACEHOLDER, parseBgDate } from '@domain/dateInput';
import { showFieldErrors } from '../state/formErrors';

type Errors = Record<string, string>;
const REQUIRED = 'Полето е задължително.';
const PHONE = /^\+?[\d\s()-]{6,}$/;

interface ShopRow {
  key: number;
  name: string;
  city: string;
  address: string;
  phone: string;
}

const emptyCompany = {
  name: '',
  eik: '',
  vatNumber: '',
  address: '',
  city: '',
  mol: '',
  tobaccoPermit: '',
  tobaccoPermitOffice: '',
  /** As typed, dd.mm.yyyy: sent as "YYYY-MM-DD". */
  tobaccoPermitExpiresAt: '',
};
const emptyContact = { firstName: '', lastName: '', email: '', phone: '', password: '' };

/** The form's own checks, keyed as the server keys its refusals. */
export function applicationProblems(company: typeof emptyCompany, contact: typeof emptyContact | null, shops: ShopRow[]): Errors {
  const e: Errors = {};
  for (const k of ['name', 'address', 'city', 'mol'] as const) if (!company[k].trim()) e[`company.${k}`] = REQUIRED;
  if (!isValidEik(normaliseTaxNumber(company.eik))) e['company.eik'] = TRADE.eikInvalid;
  if (company.vatNumber.trim() && !isValidBgVatNumber(normaliseTaxNumber(company.vatNumber)))
    e['company.vatNumber'] = TRADE.vatNumberInvalid;
  if (!company.tobaccoPermit.trim()) e['company.tobaccoPermit'] = TRADE.permitRequired;
  // Asked, not required: a permit already expired is refused, as the server does.
  const expires = company.tobaccoPermitExpiresAt.trim();
  if (expires) {
    const day = parseBgDate(expires);
    const problem = day ? permitExpiryProblem(day) : FORM.invalidDate;
    if (problem) e['company.tobaccoPermitExpiresAt'] = problem;
  }
  if (contact) {
    if (!contact.firstName.trim()) e['contact.firstName'] = REQUIRED;
    if (!contact.lastName.trim()) e['contact.lastName'] = REQUIRED;
    if (!EMAIL_PATTERN.test(contact.email.trim())) e['contact.email'] = FORM.invalidEmail;
    if (!PHONE.test(contact.phone.trim())) e['contact.phone'] = TRADE.phoneRequired;
    const password = passwordProblem(contact.password);
    if (password) e['contact.password'] = password;
  }
  shops.forEach((s, i) => {
    for (const k of ['name', 'city', 'address'] as const) if (!s[k].trim()) e[`shops.${i}.${k}`] = REQUIRED;
    if (s.phone.trim() && !PHONE.test(s.phone.trim())) e[`shops.${i}.phone`] = TRADE.phoneRequired;
  });
  return e;
}

const idOf = (key: string) => `trade-${key.replace(/\./g, '-')}`;

export default function TradeApply() {
  const { user } = useAuth();
  const [company, setCompany] = useState(emptyCompany);
  const [contact, setContact] = useState(emptyContact);
  const [shops, setShops] = useState<ShopRow[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const nextKey = useRef(1);
  const asGuest = !user;

  if (user?.company) {
    return (
      <div className="page narrow trade-apply">
        <Seo title={TRADE.applyTitle} />
        <h1>{TRADE.applyTitle}</h1>
        <p className="card">
          {TRADE.accountCompany}: <strong>{user.company.name}</strong> — {COMPANY_STATUS_LABELS[user.company.status]}
        </p>
      </div>
    );
  }

  if (done) {
    return (
      <div className="page narrow trade-apply">
        <Seo title={TRADE.appliedTitle} />
        <section className="card" role="status" aria-live="polite">
          <h1>{TRADE.appliedTitle}</h1>
          <p>{TRADE.applied}</p>
          <p>
            <strong>{done}</strong> — {COMPANY_STATUS_LABELS.pending}
          </p>
          <p>
            <Link to={asGuest ? '/signin' : '/account'}>{asGuest ? 'Вход' : 'Профил'}</Link>
          </p>
        </section>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = applicationProblems(company, asGuest ? contact : null, shops);
    showFieldErrors(setErrors, found, formRef.current);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const trimmed = <T extends Record<string, string>>(o: T) =>
        Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === 'password' ? v : v.trim()])) as T;
      const { tobaccoPermitExpiresAt, ...rest } = trimmed(company);
      const answer = await shopApi.tradeApply({
        company: { ...rest, tobaccoPermitExpiresAt: tobaccoPermitExpiresAt ? parseBgDate(tobaccoPermitExpiresAt) : null },
        ...(asGuest ? { contact: trimmed(contact) } : {}),
        shops: shops.map(({ name, city, address, phone }) => trimmed({ name, city, address, phone })),
      });
      setDone(answer.name ?? company.name);
    } catch (err) {
      if (err instanceof ApiError) showFieldErrors(setErrors, { ...err.errors, form: err.message }, formRef.current);
      setBusy(false);
    }
  };

  const input = (
    key: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    props: Record<string, unknown> = {},
    help?: string,
  ) => {
    const id = idOf(key);
    const describedBy = [errors[key] && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`field ${errors[key] ? 'field-error' : ''}`} key={key}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!errors[key]}
          aria-describedby={describedBy}
          {...props}
        />
        {help && (
          <span id={`${id}-help`} className="help">
            {help}
          </span>
        )}
        {errors[key] && (
          <span id={`${id}-error`} className="error-text">
            {errors[key]}
          </span>
        )}
      </div>
    );
  };
  const co = (k: keyof typeof emptyCompany) => (v: string) => setCompany((c) => ({ ...c, [k]: v }));
  const ct = (k: keyof typeof emptyContact) => (v: string) => setContact((c) => ({ ...c, [k]: v }));
  const sh = (i: number, k: keyof Omit<ShopRow, 'key'>) => (v: string) =>
    setShops((list) => list.map((s, j) => (j === i ? { ...s, [k]: v } : s)));
  const otherErrors = Object.keys(errors).filter((k) => k !== 'form');

  return (
    <div className="page narrow trade-apply">
      <Seo title={TRADE.applyTitle} description={TRADE.applyIntro} />
      <form ref={formRef} className="card" onSubmit={submit} noValidate aria-labelledby="trade-apply-title">
        <h1 id="trade-apply-title">{TRADE.applyTitle}</h1>
        <p className="lead">{TRADE.applyIntro}</p>
        <fieldset>
          <legend>Фирма</legend>
          {input('company.name', 'Име на фирмата', company.name, co('name'), { maxLength: 200, autoComplete: 'organization' })}
          <div className="two">
            {input('company.eik', 'ЕИК', company.eik, co('eik'), { inputMode: 'numeric', maxLength: 13 })}
            {input('company.vatNumber', 'ДДС номер (по избор)', company.vatNumber, co('vatNumber'), { maxLength: 14 })}
          </div>
          {input('company.address', 'Адрес на управление', company.address, co('address'), { maxLength: 300 })}
          <div className="two">
            {input('company.city', 'Град', company.city, co('city'), { maxLength: NAME_MAX })}
            {input('company.mol', 'МОЛ', company.mol, co('mol'), { maxLength: 200 })}
          </div>
          {input(
            'company.tobaccoPermit',
            TRADE.permitNumber,
            company.tobaccoPermit,
            co('tobaccoPermit'),
            { maxLength: 60 },
            TRADE.permitNumberHelp,
          )}
          <div className="two">
            {input(
              'company.tobaccoPermitOffice',
              TRADE.permitOffice,
              company.tobaccoPermitOffice,
              co('tobaccoPermitOffice'),
              { maxLength: PERMIT_OFFICE_MAX },
              TRADE.permitOfficeHelp,
            )}
            {input(
              'company.tobaccoPermitExpiresAt',
              TRADE.permitExpiresAt,
              company.tobaccoPermitExpiresAt,
              co('tobaccoPermitExpiresAt'),
              { inputMode: 'numeric', maxLength: 10, placeholder: DATE_PLACEHOLDER, autoComplete: 'off' },
              TRADE.permitExpiresAtHelp,
            )}
          </div>
        </fieldset>
        {asGuest ? (
          <fieldset>
            <legend>Лице за контакт</legend>
            <div className="two">
              {input('contact.firstName', 'Име', contact.firstName, ct('firstName'), { autoComplete: 'given-name', maxLength: NAME_MAX })}
              {input('contact.lastName', 'Фамилия', contact.lastName, ct('lastName'), { autoComplete: 'family-name', maxLength: NAME_MAX })}
            </div>
            <div className="two">
              {input('contact.email', 'Имейл', contact.email, ct('email'), { type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX })}
              {input('contact.phone', 'Телефон', contact.phone, ct('phone'), { type: 'tel', autoComplete: 'tel', maxLength: PHONE_MAX })}
            </div>
            {input(
              'contact.password',
              'Парола за профила',
              contact.password,
              ct('password'),
              { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX },
              `Поне ${PASSWORD_MIN} знака. С този имейл и парола ще влизате, за да поръчвате.`,
            )}
            <p className="muted">
              Имате профил? <Link to="/signin?next=/trade/apply">Влезте</Link> и кандидатствайте от него.
            </p>
          </fieldset>
        ) : (
          <p className="muted">Кандидатствате с профила {user.email}; той ще е първият член на фирмата.</p>
        )}
        <fieldset>
          <legend>Обекти (по избор)</legend>
          <p className="help">Магазините Ви, показани в „{TRADE.whereTitle}“ след одобрение.</p>
          {shops.map((s, i) => (
            <div className="trade-shop" key={s.key} role="group" aria-label={`Обект ${i + 1}`}>
              <div className="two">
                {input(`shops.${i}.name`, 'Име на обекта', s.name, sh(i, 'name'), { maxLength: 200 })}
                {input(`shops.${i}.city`, 'Град', s.city, sh(i, 'city'), { maxLength: NAME_MAX })}
              </div>
              <div className="two">
                {input(`shops.${i}.address`, 'Адрес', s.address, sh(i, 'address'), { maxLength: 300 })}
                {input(`shops.${i}.phone`, 'Телефон', s.phone, sh(i, 'phone'), { type: 'tel', maxLength: PHONE_MAX })}
              </div>
              <button type="button" className="button button-ghost" onClick={() => setShops((list) => list.filter((_, j) => j !== i))}>
                Премахни обект {i + 1}
              </button>
            </div>
          ))}
          {shops.length < COMPANY_SHOPS_MAX && (
            <button
              type="button"
              className="button button-ghost"
              onClick={() => setShops((list) => [...list, { key: nextKey.current++, name: '', city: '', address: '', phone: '' }])}
            >
              Добави обект
            </button>
          )}
        </fieldset>
        {errors.form && !otherErrors.length && (
          <p className="error-text" role="alert">
            {errors.form}
          </p>
        )}
        <button type="submit" className="button button-block button-large" aria-disabled={busy || undefined}>
          {busy ? 'Изпращане…' : 'Изпрати кандидатурата'}
        </button>
      </form>
    </div>
  );
}
