// „Служители“ on a member's account page. An owner manages who buys for the company: each member's
// role and order limit (changed in place), removing one (after a confirmation), the invitations
// still open (cancelled with „Отмени“) and a new invitation by e-mail. A buyer sees their own role
// and, when limited, from what amount an owner approves their orders. What was done is said in a
// live region kept in the page; a refusal is said on the field it is about.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { shopApi, type MemberCompany, type MemberTermsBody } from '../../api/shop';
import { useSettings } from '../../state/settings';
import { showFieldErrors } from '../../state/formErrors';
import { MEMBER_ROLES, MEMBER_ROLE_LABELS, MEMBER_TEXT, type CompanyMemberView, type MemberRole } from '@domain/companyMembers';
import { MEMBER_SCREEN_TEXT as T } from '@domain/memberScreens';
import { formatMoney, parseMoneyInput } from '@domain/money';
import { formatDate } from '@domain/dates';
import { EMAIL_MAX, EMAIL_PATTERN } from '@domain/limits';
import { FORM } from '@domain/messages';
import './members.css';

type TermsField = 'role' | 'orderLimit';
type Errors = Partial<Record<'email' | TermsField | 'form', string>>;

/** 1500 → "1500,00": the limit as it is typed here. */
function limitText(limit: number | null): string {
  return limit === null ? '' : limit.toFixed(2).replace('.', ',');
}

/** The limit typed, or the error to show on its field. */
function readLimit(text: string): { limit: number | null } | { error: string } {
  if (!text.trim()) return { limit: null };
  const limit = parseMoneyInput(text);
  return limit === null ? { error: FORM.invalidMoney } : { limit };
}

const nameOf = (m: Pick<CompanyMemberView, 'firstName' | 'lastName' | 'email'>) =>
  [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

/** A refusal's field errors, the rest said on the form. */
function refusal(err: unknown, fields: readonly string[]): Errors {
  if (!(err instanceof ApiError)) return { form: T.failed };
  const found: Errors = {};
  for (const [k, v] of Object.entries(err.errors)) if (fields.includes(k)) found[k as keyof Errors] = v;
  return Object.keys(found).length ? found : { form: err.message };
}

export function CompanyMembers({
  company,
  onChange,
  onLeft,
}: {
  company: MemberCompany;
  onChange(c: MemberCompany): void;
  onLeft(): void;
}) {
  const id = useId();
  const { currency } = useSettings();
  const [said, setSaid] = useState('');
  const money = (limit: number | null) => (limit === null ? T.noLimit : formatMoney(limit, currency));
  const you = company.you;

  if (you.role !== 'owner')
    return (
      <section className="card company-members" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{T.membersTitle}</h2>
        <p>{T.yourRole(you.role)}</p>
        {you.orderLimit !== null && <p className="notice">{MEMBER_TEXT.limitNote(formatMoney(you.orderLimit, currency))}</p>}
      </section>
    );

  const cancelInvitation = async (invitation: MemberCompany['invitations'][number]) => {
    try {
      await shopApi.cancelInvitation(invitation.id);
      onChange({ ...company, invitations: company.invitations.filter((i) => i.id !== invitation.id) });
      setSaid(T.invitationCancelled(invitation.email));
      document.getElementById(`${id}-invitations`)?.focus();
    } catch (err) {
      setSaid(err instanceof ApiError ? err.message : T.failed);
    }
  };

  return (
    <section className="card company-members" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {T.membersTitle}
      </h2>
      <p className="muted">{T.membersIntro}</p>
      <p className="member-status ok-text" role="status">
        {said}
      </p>
      <ul className="member-list">
        {company.members.map((m) => (
          <MemberRow
            key={m.id}
            member={m}
            isYou={m.id === you.id}
            money={money}
            onSaved={(member) => {
              onChange({ ...company, members: company.members.map((x) => (x.id === member.id ? member : x)) });
              setSaid(MEMBER_TEXT.memberSaved);
              // An owner who made themselves a buyer manages no more: the page asks again.
              if (member.id === you.id && member.role !== 'owner') onLeft();
            }}
            onRemoved={() => {
              setSaid(MEMBER_TEXT.memberRemoved);
              if (m.id === you.id) return onLeft();
              onChange({ ...company, members: company.members.filter((x) => x.id !== m.id) });
              document.getElementById(`${id}-title`)?.focus();
            }}
          />
        ))}
      </ul>
      {company.invitations.length > 0 && (
        <>
          <h3 id={`${id}-invitations`} tabIndex={-1}>
            {T.invitationsTitle}
          </h3>
          <ul className="member-list">
            {company.invitations.map((i) => (
              <li key={i.id} className="card member-row">
                <span>
                  <strong>{i.email}</strong>
                  <span className="muted small block">
                    {MEMBER_ROLE_LABELS[i.role]} · {i.orderLimit === null ? T.noLimit : T.limitOf(money(i.orderLimit))} ·{' '}
                    {T.invitationExpires(formatDate(i.expiresAt))}
                  </span>
                </span>
                <span className="dialog-actions">
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={T.cancelInvitationOf(i.email)}
                    onClick={() => void cancelInvitation(i)}
                  >
                    {T.cancelInvitation}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <InviteForm
        onSent={(invitation) => {
          onChange({ ...company, invitations: [...company.invitations, invitation] });
          setSaid(MEMBER_TEXT.invitationSent(invitation.email));
        }}
      />
    </section>
  );
}

function RoleAndLimit({
  idPrefix,
  role,
  limit,
  errors,
  onRole,
  onLimit,
}: {
  idPrefix: string;
  role: MemberRole;
  limit: string;
  errors: Errors;
  onRole(r: MemberRole): void;
  onLimit(text: string): void;
}) {
  const { currency } = useSettings();
  const sign = currency === 'EUR' ? '€' : 'лв.';
  const error = (field: TermsField) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${idPrefix}-${field}-error` } : {};
  const errorText = (field: TermsField): ReactNode =>
    errors[field] && (
      <span id={`${idPrefix}-${field}-error`} className="error-text">
        {errors[field]}
      </span>
    );
  return (
    <>
      <div className={`field ${errors.role ? 'field-error' : ''}`}>
        <label htmlFor={`${idPrefix}-role`}>{T.roleLabel}</label>
        <select id={`${idPrefix}-role`} value={role} onChange={(e) => onRole(e.target.value as MemberRole)} {...error('role')}>
          {MEMBER_ROLES.map((r) => (
            <option key={r} value={r}>
              {MEMBER_ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        {errorText('role')}
      </div>
      {/* An owner decides every order: only a buyer has a limit. */}
      {role === 'buyer' && (
        <div className={`field ${errors.orderLimit ? 'field-error' : ''}`}>
          <label htmlFor={`${idPrefix}-limit`}>
            {T.limitLabel} ({sign})
          </label>
          <input
            id={`${idPrefix}-limit`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            value={limit}
            onChange={(e) => onLimit(e.target.value)}
            {...error('orderLimit')}
            aria-describedby={[`${idPrefix}-limit-help`, errors.orderLimit ? `${idPrefix}-orderLimit-error` : ''].filter(Boolean).join(' ')}
          />
          <span id={`${idPrefix}-limit-help`} className="help">
            {T.limitHelp}
          </span>
          {errorText('orderLimit')}
        </div>
      )}
    </>
  );
}

function MemberRow({
  member,
  isYou,
  money,
  onSaved,
  onRemoved,
}: {
  member: CompanyMemberView;
  isYou: boolean;
  money(limit: number | null): string;
  onSaved(m: CompanyMemberView): void;
  onRemoved(): void;
}) {
  const id = useId();
  const name = nameOf(member);
  const [mode, setMode] = useState<'view' | 'edit' | 'remove'>('view');
  const [role, setRole] = useState<MemberRole>(member.role);
  const [limit, setLimit] = useState(limitText(member.orderLimit));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  // Focus goes into what opened and, once it closes, back to the button that opened it.
  const last = useRef<'view' | 'edit' | 'remove'>('view');
  useEffect(() => {
    if (mode === 'edit') document.getElementById(`${id}-role`)?.focus();
    else if (mode === 'remove') document.getElementById(`${id}-remove-title`)?.focus();
    else if (last.current === 'edit') editRef.current?.focus();
    else if (last.current === 'remove') removeRef.current?.focus();
    last.current = mode;
  }, [mode, id]);

  const open = (next: 'edit' | 'remove') => {
    setRole(member.role);
    setLimit(limitText(member.orderLimit));
    setErrors({});
    setMode(next);
  };

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const read = role === 'buyer' ? readLimit(limit) : { limit: null };
    if ('error' in read) return showFieldErrors(setErrors, { orderLimit: read.error }, formRef.current);
    const body: MemberTermsBody = { role, orderLimit: read.limit };
    setBusy(true);
    setErrors({});
    try {
      const { member: saved } = await shopApi.changeMember(member.id, body);
      setMode('view');
      onSaved(saved);
    } catch (err) {
      showFieldErrors(setErrors, refusal(err, ['role', 'orderLimit']), formRef.current);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await shopApi.removeMember(member.id);
      last.current = 'view';
      onRemoved();
    } catch (err) {
      setErrors(refusal(err, []));
      setBusy(false);
    }
  };

  return (
    <li className="card member-row">
      <span>
        <strong>{name}</strong> {isYou && <span className="muted">{T.you}</span>}
        <span className="muted small block">{member.email}</span>
        <span className="small block">
          {MEMBER_ROLE_LABELS[member.role]} · {member.orderLimit === null ? T.noLimit : T.limitOf(money(member.orderLimit))}
        </span>
      </span>
      {mode === 'view' && (
        <span className="dialog-actions">
          <button
            ref={editRef}
            type="button"
            className="button button-ghost button-small"
            aria-label={T.editOf(name)}
            onClick={() => open('edit')}
          >
            {T.edit}
          </button>
          <button
            ref={removeRef}
            type="button"
            className="button button-ghost button-small"
            aria-label={T.removeOf(name)}
            onClick={() => open('remove')}
          >
            {T.remove}
          </button>
        </span>
      )}
      {mode === 'edit' && (
        <form ref={formRef} className="member-edit" onSubmit={(e) => void save(e)} noValidate aria-label={T.editOf(name)}>
          <div className="two">
            <RoleAndLimit idPrefix={id} role={role} limit={limit} errors={errors} onRole={setRole} onLimit={setLimit} />
          </div>
          {errors.form && (
            <p className="error-text" role="alert">
              {errors.form}
            </p>
          )}
          <div className="dialog-actions start">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {T.save}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setMode('view')}>
              {T.cancel}
            </button>
          </div>
        </form>
      )}
      {mode === 'remove' && (
        <div
          className="card confirm-box"
          role="alertdialog"
          aria-labelledby={`${id}-remove-title`}
          aria-describedby={`${id}-remove-text`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setMode('view');
          }}
        >
          <h3 id={`${id}-remove-title`} tabIndex={-1}>
            {T.removeTitle(name)}
          </h3>
          <p id={`${id}-remove-text`}>{isYou ? T.removeSelfText : T.removeText}</p>
          {errors.form && (
            <p className="error-text" role="alert">
              {errors.form}
            </p>
          )}
          <div className="dialog-actions start">
            <button type="button" className="button button-danger" aria-disabled={busy || undefined} onClick={() => void remove()}>
              {T.removeConfirm}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setMode('view')}>
              {T.back}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function InviteForm({ onSent }: { onSent(invitation: MemberCompany['invitations'][number]): void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('buyer');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!EMAIL_PATTERN.test(email.trim())) found.email = FORM.invalidEmail;
    const read = role === 'buyer' ? readLimit(limit) : { limit: null };
    if ('error' in read) found.orderLimit = read.error;
    showFieldErrors(setErrors, found, formRef.current);
    if (Object.keys(found).length || 'error' in read) return;
    setBusy(true);
    try {
      const { invitation } = await shopApi.inviteMember({
        email: email.trim(),
        role,
        orderLimit: read.limit,
      });
      setEmail('');
      setRole('buyer');
      setLimit('');
      onSent(invitation);
    } catch (err) {
      showFieldErrors(setErrors, refusal(err, ['email', 'role', 'orderLimit']), formRef.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="member-invite" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{T.inviteTitle}</h3>
      <div className={`field ${errors.email ? 'field-error' : ''}`}>
        <label htmlFor={`${id}-email`}>{T.emailLabel}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          maxLength={EMAIL_MAX}
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        {errors.email && (
          <span id={`${id}-email-error`} className="error-text">
            {errors.email}
          </span>
        )}
      </div>
      <div className="two">
        <RoleAndLimit idPrefix={id} role={role} limit={limit} errors={errors} onRole={setRole} onLimit={setLimit} />
      </div>
      {errors.form && (
        <p className="error-text" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? T.sending : T.inviteSend}
      </button>
    </form>
  );
}
