// Companies that buy for resale: a business's application, the staff's one write path
// (`changeCompany`: data, terms, status, shops), members, the listed shops of „Къде да купя“, and a
// member's own company with its shops (where its orders may be delivered).
import type { Transaction } from 'objection';
import type { Knex } from 'knex';
import { Company } from '../../models/Company';
import { CompanyShop } from '../../models/CompanyShop';
import { PriceList } from '../../models/PriceList';
import { Order } from '../../models/Order';
import { User } from '../../models/User';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/http/errors';
import { filterBy, raPage, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { Throttle } from '../../platform/http/throttle';
import { addressLimitKey } from '../../platform/http/clientAddress';
import { declare } from '../../platform/events';
import { claimVersion } from '../../platform/db/versions';
import { createUser, setMembership } from '../auth';
import { notifyStaff } from '../staff';
import { fromMinor } from '@domain/money';
import { normaliseTaxNumber } from '@domain/bulstat';
import { searchable } from '@domain/slug';
import { COMPANY_STATUSES, COMPANY_STATUS_LABELS, PAYMENT_TERMS_DAYS, type CompanyStatus } from '@domain/trade';
import { TRADE } from '@domain/tradeTexts';
import { API, KEPT_DATA } from '@domain/messages';
import { CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_MINUTES } from '@domain/limits';
import type { CompanyApplication, CompanyChange, CompanyMemberAdd } from '@domain/schemas/trade';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import type { ApiTradeCompany } from '@domain/api';
import type { CompanyChangeKind } from './events';
import { whereByPermit } from './permits';
import { memberView, memberTermsOf } from './memberViews';
import { invitationView, keepAnOwner, openInvitation, openInvitations } from './members';
import { MEMBER_TEXT, type CompanyInvitationView, type CompanyMemberView, type MemberRole } from '@domain/companyMembers';
import { isEmailAddress } from '@domain/email';
import './events';
import { concurrently } from '../../platform/db/concurrently';

/** The moves staff may make: anything else is 409. */
export const COMPANY_TRANSITIONS: Record<CompanyStatus, readonly CompanyStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['suspended'],
  suspended: ['approved'],
  rejected: ['approved'],
};

export interface CompanyView {
  id: number;
  name: string;
  eik: string;
  vatNumber: string;
  address: string;
  city: string;
  mol: string;
  tobaccoPermit: string;
  /** Who issued the permit ('' when not given). */
  tobaccoPermitOffice: string;
  /** The permit's last valid day, "YYYY-MM-DD"; null: none on record. */
  tobaccoPermitExpiresAt: string | null;
  contact: { firstName: string; lastName: string; email: string; phone: string };
  status: CompanyStatus;
  statusReason: string;
  priceListId: number | null;
  paymentTermsDays: number;
  creditLimit: number | null;
  /** Every trade order must carry the buyer's purchase-order number. */
  requirePurchaseOrderNumber: boolean;
  members: CompanyMemberView[];
  /** Invitations still open, newest first (as the owners see them): an address staff named with
   *  no account yet, or one an owner invited. */
  invitations: CompanyInvitationView[];
  shops: Array<{ id: number; name: string; city: string; address: string; phone: string; listed: boolean }>;
  createdAt: string;
  approvedAt: string | null;
  /** Raised by every change; a change made from an older copy is refused (409). */
  version: number;
}

export function companyView(c: Company): CompanyView {
  return {
    id: c.id,
    name: c.name,
    eik: c.eik,
    vatNumber: c.vatNumber ?? '',
    address: c.address,
    city: c.city,
    mol: c.mol,
    tobaccoPermit: c.tobaccoPermit,
    tobaccoPermitOffice: c.tobaccoPermitOffice ?? '',
    tobaccoPermitExpiresAt: c.tobaccoPermitExpiresAt ?? null,
    contact: { firstName: c.contactFirstName ?? '', lastName: c.contactLastName ?? '', email: c.contactEmail, phone: c.contactPhone ?? '' },
    status: c.status,
    statusReason: c.statusReason ?? '',
    priceListId: c.priceListId ?? null,
    paymentTermsDays: Number(c.paymentTermsDays ?? 0),
    creditLimit: fromMinor(c.creditLimit),
    requirePurchaseOrderNumber: Boolean(c.requirePurchaseOrderNumber),
    members: (c.members ?? []).map(memberView).sort((a, b) => a.id - b.id),
    invitations: (c.invitations ?? []).map(invitationView),
    shops: [...(c.shops ?? [])]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((s) => ({ id: s.id, name: s.name, city: s.city, address: s.address, phone: s.phone ?? '', listed: Boolean(s.listed) })),
    createdAt: c.createdAt,
    approvedAt: c.approvedAt ?? null,
    version: c.version,
  };
}

/** Companies with their shops, members and open invitations (three queries for any number of companies). */
async function withPeople(companies: Company[], trx?: Transaction): Promise<Company[]> {
  if (!companies.length) return companies;
  const ids = companies.map((c) => c.id);
  const [shops, members, invitations] = await concurrently(trx, [
    () => CompanyShop.query(trx).whereIn('companyId', ids).orderBy('position').orderBy('id'),
    () => User.query(trx).whereIn('companyId', ids).orderBy('id'),
    () => openInvitations(ids, trx),
  ] as const);
  for (const c of companies) {
    c.shops = shops.filter((s) => s.companyId === c.id);
    c.members = members.filter((m) => m.companyId === c.id);
    c.invitations = invitations.filter((i) => i.companyId === c.id);
  }
  return companies;
}

async function loadCompany(id: number, trx?: Transaction): Promise<Company> {
  const c = await Company.query(trx).findById(id);
  if (!c) throw notFound(TRADE.notFound);
  return (await withPeople([c], trx))[0];
}

export async function findCompany(id: number): Promise<CompanyView> {
  return companyView(await loadCompany(id));
}

export const companyListSpec: RaListSpec = {
  idColumn: 'id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: {
    id: 'id',
    name: 'name',
    eik: 'eik',
    city: 'city',
    status: 'status',
    createdAt: 'createdAt',
    approvedAt: 'approvedAt',
    tobaccoPermitExpiresAt: 'tobaccoPermitExpiresAt',
  },
  filters: {
    q: filterBy.search('searchText'),
    status: filterBy.equals('status', COMPANY_STATUSES),
    // 'missing', 'expired', 'expiring' or 'valid' (or a list of them), on today's shop day.
    permit: (qb, value) => whereByPermit(qb, value),
  },
};

export async function listCompanies(params: RaListParams): Promise<{ rows: CompanyView[]; total: number }> {
  const { rows, total } = await raPage(Company.query(), params, companyListSpec);
  return { rows: (await withPeople(rows)).map(companyView), total };
}

// ---- The application ----------------------------------------------------------------------

const applicationThrottle = (perWindow = CONTACT_MAX_PER_WINDOW) =>
  new Throttle(Company.knex(), perWindow, CONTACT_WINDOW_MINUTES * 60_000);

function shopRows(companyId: number, shops: CompanyApplication['shops'] = []): Array<Partial<CompanyShop>> {
  return shops.map((s, i) => ({
    companyId,
    name: s.name,
    city: s.city,
    address: s.address,
    phone: s.phone ?? '',
    listed: s.listed ?? true,
    position: i,
  }));
}

/**
 * A business applies. A guest's contact becomes a new customer account (409 when the e-mail has
 * one: sign in first); a signed-in customer applies as themselves. Either way that account is the
 * company's first member. Throttled per address (IPv6 by /64) like the distributors' form.
 */
export async function applyForTrade(
  input: CompanyApplication,
  applicant: User | null,
  ip: string,
  perWindow?: number,
): Promise<CompanyView> {
  if (applicant && applicant.role !== 'customer') throw forbidden(TRADE.onlyCustomers);
  if (applicant?.companyId) throw conflict(TRADE.alreadyMember);
  const contact = input.contact ?? {};
  if (!applicant) {
    const errors: Record<string, string> = {};
    if (!contact.firstName) errors['contact.firstName'] = API.required;
    if (!contact.lastName) errors['contact.lastName'] = API.required;
    if (!contact.email) errors['contact.email'] = API.required;
    if (!contact.phone) errors['contact.phone'] = TRADE.phoneRequired;
    if (!contact.password) errors['contact.password'] = TRADE.passwordRequired;
    if (Object.keys(errors).length) throw badRequest(undefined, errors);
  }
  const key = [`trade-apply:ip:${addressLimitKey(ip)}`];
  const throttle = applicationThrottle(perWindow);
  if (await throttle.isBlocked(key)) throw tooManyRequests(TRADE.tooManyApplications);
  await throttle.fail(key);

  const company = await Company.transaction(async (trx) => {
    let member: User;
    if (applicant) {
      member = applicant;
    } else {
      const email = contact.email!.trim().toLowerCase();
      if (await User.query(trx).findOne({ email })) throw conflict(TRADE.emailTakenSignIn, { 'contact.email': TRADE.emailTakenSignIn });
      member = await createUser(
        {
          email,
          password: contact.password!,
          firstName: contact.firstName,
          lastName: contact.lastName,
          phone: contact.phone,
          role: 'customer',
        },
        trx,
        // Typed into the form: proven by the link in the acknowledgement. The company it applies for
        // is its own from now (membership is the account's, not the address's).
        { emailVerified: false },
      );
    }
    const c = input.company;
    const made = await Company.query(trx).insertAndFetch({
      name: c.name,
      eik: normaliseTaxNumber(c.eik),
      vatNumber: c.vatNumber ? normaliseTaxNumber(c.vatNumber) : '',
      address: c.address,
      city: c.city,
      mol: c.mol,
      tobaccoPermit: c.tobaccoPermit,
      tobaccoPermitOffice: c.tobaccoPermitOffice ?? '',
      tobaccoPermitExpiresAt: c.tobaccoPermitExpiresAt ?? null,
      contactFirstName: contact.firstName ?? member.firstName ?? '',
      contactLastName: contact.lastName ?? member.lastName ?? '',
      contactEmail: member.email,
      contactPhone: contact.phone ?? member.phone ?? '',
      status: 'pending',
      statusReason: '',
      priceListId: null,
      paymentTermsDays: 0,
      creditLimit: null,
      searchText: searchable(c.name, normaliseTaxNumber(c.eik), c.city, member.email),
    } as Partial<Company>);
    for (const shop of shopRows(made.id, input.shops)) await CompanyShop.query(trx).insert(shop);
    // Guarded: a second application of the same account racing this one finds it taken.
    const joined = await setMembership(trx, (q) => q.where({ id: member.id }).whereNull('companyId'), { companyId: made.id });
    if (!joined) throw conflict(TRADE.alreadyMember);
    await declare(trx, 'company.applied', {
      companyId: made.id,
      name: made.name,
      eik: made.eik,
      email: member.email,
      firstName: made.contactFirstName,
    });
    return loadCompany(made.id, trx);
  });
  return companyView(company);
}

// ---- Staff: the one write path ------------------------------------------------------------

/** A company as a versioned row (its members are part of it: their list is on its form). */
export function companyRow(id: number) {
  return { table: 'companies', id, audit: ['companies'] };
}

/**
 * Every staff change of a company: data, contact, terms, shops and status (with its reason).
 * Status moves follow COMPANY_TRANSITIONS (409 otherwise); rejecting needs a reason. The company's
 * contact is mailed after commit (events `company.changed`).
 */
export async function changeCompany(id: number, change: CompanyChange, staffId: number | null = null): Promise<CompanyView> {
  const company = await Company.transaction(async (trx) => {
    // The version first: a copy older than the company is refused before anything is written.
    if ((await claimVersion(trx, companyRow(id), change.version)) === null) throw notFound(TRADE.notFound);
    const current = (await Company.query(trx).findById(id).forUpdate())!;
    const patch: Partial<Company> = {};
    const errors: Record<string, string> = {};
    for (const k of ['name', 'address', 'city', 'mol', 'tobaccoPermit', 'tobaccoPermitOffice'] as const)
      if (change[k] !== undefined) patch[k] = change[k];
    // A new date is a new notice (trade/permits): the mark stays with the date it was given for.
    if (change.tobaccoPermitExpiresAt !== undefined) patch.tobaccoPermitExpiresAt = change.tobaccoPermitExpiresAt;
    if (change.eik !== undefined) patch.eik = normaliseTaxNumber(change.eik);
    if (change.vatNumber !== undefined) patch.vatNumber = change.vatNumber ? normaliseTaxNumber(change.vatNumber) : '';
    if (change.contact) {
      const c = change.contact;
      if (c.firstName !== undefined) patch.contactFirstName = c.firstName;
      if (c.lastName !== undefined) patch.contactLastName = c.lastName;
      if (c.email !== undefined) patch.contactEmail = c.email;
      if (c.phone !== undefined) patch.contactPhone = c.phone;
    }
    if (change.priceListId !== undefined && change.priceListId !== current.priceListId) {
      if (change.priceListId !== null && !(await PriceList.query(trx).findById(change.priceListId)))
        errors.priceListId = TRADE.priceListUnknown;
      patch.priceListId = change.priceListId;
    }
    if (change.paymentTermsDays !== undefined) {
      if (!(PAYMENT_TERMS_DAYS as readonly number[]).includes(change.paymentTermsDays)) errors.paymentTermsDays = TRADE.paymentTermsInvalid;
      patch.paymentTermsDays = change.paymentTermsDays;
    }
    if (change.creditLimit !== undefined) patch.creditLimit = change.creditLimit;
    if (change.requirePurchaseOrderNumber !== undefined) patch.requirePurchaseOrderNumber = change.requirePurchaseOrderNumber;

    const from = current.status;
    const to = change.status ?? from;
    const reason = (change.statusReason ?? '').trim();
    if (to !== from) {
      if (!COMPANY_TRANSITIONS[from].includes(to))
        throw conflict(TRADE.transitionNotAllowed(COMPANY_STATUS_LABELS[from], COMPANY_STATUS_LABELS[to]), {
          status: TRADE.transitionNotAllowed(COMPANY_STATUS_LABELS[from], COMPANY_STATUS_LABELS[to]),
        });
      if (to === 'rejected' && !reason) errors.statusReason = TRADE.reasonRequired;
      patch.status = to;
      patch.statusReason = to === 'approved' ? '' : reason;
      if (to === 'approved') patch.approvedAt = new Date().toISOString();
    } else if (change.statusReason !== undefined) {
      patch.statusReason = reason;
    }
    if (Object.keys(errors).length) throw badRequest(undefined, errors);

    if (Object.keys(patch).length) {
      const m = { ...current, ...patch };
      patch.searchText = searchable(m.name, m.eik, m.city, m.contactEmail);
      await current.$query(trx).patch(patch);
    }
    if (change.shops) await replaceShops(trx, id, change.shops);
    const membersMoved = change.members ? await setMembers(trx, id, change.members, staffId) : false;
    if (Object.keys(patch).length || change.shops || membersMoved) {
      const kind: CompanyChangeKind = to !== from ? (to as CompanyChangeKind) : 'changed';
      await declare(trx, 'company.changed', { companyId: id, kind, from, to, reason: patch.statusReason ?? current.statusReason ?? '' });
    }
    return loadCompany(id, trx);
  });
  return companyView(company);
}

/**
 * The company's shops become these: a shop sent with the id of one of its shops is that shop,
 * changed in place (orders delivered to it keep pointing at it); others are new; shops not sent go
 * (their orders keep the shop's name and address).
 */
async function replaceShops(trx: Transaction, companyId: number, shops: NonNullable<CompanyChange['shops']>): Promise<void> {
  const kept = new Set((await CompanyShop.query(trx).where({ companyId }).select('id')).map((s) => s.id));
  const rows = shopRows(companyId, shops);
  const staying = shops.map((s) => (s.id !== undefined && kept.has(s.id) ? s.id : null));
  await CompanyShop.query(trx)
    .delete()
    .where({ companyId })
    .whereNotIn('id', [...staying.filter((sid): sid is number => sid !== null), 0]);
  for (const [i, row] of rows.entries()) {
    const sid = staying[i];
    if (sid !== null)
      await CompanyShop.query(trx)
        .patch(row as Partial<CompanyShop>)
        .where({ id: sid, companyId });
    else await CompanyShop.query(trx).insert(row);
  }
}

/** A decision by its own route: the same write path. */
export function decideCompany(id: number, to: CompanyStatus, reason: string | undefined): Promise<CompanyView> {
  return changeCompany(id, { status: to, statusReason: reason ?? '' });
}

/** A company may be deleted while pending or rejected and without orders; else 409. */
export async function deleteCompany(id: number): Promise<CompanyView> {
  return Company.transaction(async (trx) => {
    const company = await loadCompany(id, trx);
    const ordered = await Order.query(trx).where({ companyId: id }).resultSize();
    if (!['pending', 'rejected'].includes(company.status) || ordered > 0) throw conflict(TRADE.deleteNotAllowed);
    await setMembership(trx, (q) => q.where({ companyId: id }), { companyId: null });
    await CompanyShop.query(trx).delete().where({ companyId: id });
    await Company.query(trx).deleteById(id);
    return companyView(company);
  });
}

// ---- Members ------------------------------------------------------------------------------

type MemberRef = NonNullable<CompanyChange['members']>[number];

/**
 * The company's members become these accounts (customers, in no other company: else 400 naming the
 * entry); an address with no account yet is invited with the entry's role and limit, as an owner
 * invites (members.ts openInvitation: mailed, and it joins once accepted). Answers whether anyone
 * joined or left.
 */
async function setMembers(trx: Transaction, companyId: number, refs: MemberRef[], invitedBy: number | null): Promise<boolean> {
  type Wanted = { role?: MemberRole; orderLimit?: number | null };
  const chosen = new Map<number, Wanted>();
  const invited = new Map<string, Wanted>();
  const errors: Record<string, string> = {};
  for (const [i, ref] of refs.entries()) {
    const byId = typeof ref === 'number' ? ref : typeof ref === 'object' && ref.id ? ref.id : undefined;
    const byEmail = typeof ref === 'string' ? ref : typeof ref === 'object' && !ref.id ? ref.email : undefined;
    const email = byEmail?.trim().toLowerCase();
    const user = byId ? await User.query(trx).findById(byId) : email ? await User.query(trx).findOne({ email }) : undefined;
    const wanted = typeof ref === 'object' ? { role: ref.role, orderLimit: ref.orderLimit } : {};
    if (!user && email && isEmailAddress(email)) invited.set(email, wanted);
    else if (!user && email) errors[`members.${i}`] = API.invalidEmail;
    else if (!user || user.role !== 'customer') errors[`members.${i}`] = TRADE.memberUnknown;
    else if (user.companyId && user.companyId !== companyId) errors[`members.${i}`] = TRADE.memberElsewhere;
    else chosen.set(user.id, wanted);
  }
  if (Object.keys(errors).length) throw badRequest(undefined, errors);
  const before = await User.query(trx)
    .where({ companyId })
    .orWhereIn('id', [...chosen.keys(), 0]);
  // Who stays or joins with which role: named, or as they are (a newcomer as an owner).
  const roleOf = (u: User) => chosen.get(u.id)?.role ?? (u.companyId === companyId ? u.companyRole : 'owner');
  // A company always keeps an owner: someone must approve a buyer's held order and manage the
  // members. A list naming no owner (staff adding a buyer, say) says nothing about the owners, so
  // they stay as they are (an owner it names as a buyer is that no longer); a list naming one is
  // the whole list, and cannot leave the company without an owner. An address only invited is no
  // owner yet.
  const namesOwner = before.some((u) => chosen.has(u.id) && roleOf(u) === 'owner');
  const keptOwners = namesOwner
    ? []
    : before.filter((u) => u.companyId === companyId && u.companyRole === 'owner' && !chosen.has(u.id)).map((u) => u.id);
  if (chosen.size && !namesOwner && !keptOwners.length) throw badRequest(MEMBER_TEXT.lastOwner, { members: MEMBER_TEXT.lastOwner });
  const ids = [...chosen.keys(), ...keptOwners];
  let moved = await setMembership(trx, (q) => q.where({ companyId }).whereNotIn('id', [...ids, 0]), {
    companyId: null,
    companyRole: 'owner',
    orderLimit: null,
  });
  for (const u of before.filter((b) => chosen.has(b.id))) {
    const wanted = chosen.get(u.id)!;
    const joining = u.companyId !== companyId;
    const terms = memberTermsOf(u, wanted, joining);
    if (!joining && terms.companyRole === u.companyRole && terms.orderLimit === (u.orderLimit ?? null)) continue;
    moved += await setMembership(trx, (q) => q.where({ id: u.id }).where((w) => w.whereNull('companyId').orWhere('companyId', companyId)), {
      companyId,
      ...terms,
    });
  }
  for (const [email, wanted] of invited)
    await openInvitation(trx, companyId, email, memberTermsOf({ companyRole: 'owner', orderLimit: null }, wanted, true), invitedBy);
  return moved > 0;
}

async function membersChanged(trx: Transaction, company: Company): Promise<CompanyView> {
  await declare(trx, 'company.changed', {
    companyId: company.id,
    kind: 'changed',
    from: company.status,
    to: company.status,
    reason: company.statusReason ?? '',
  });
  // A member's terms come with the user, whose write drops auth's kept copy.
  return companyView(await loadCompany(company.id, trx));
}

/**
 * Staff add a member by e-mail: a customer account joins with the role and limit asked (absent: an
 * owner, no limit); an address with no account is invited with them instead, as on the company's
 * form (setMembers) and as an owner invites (members.ts openInvitation: mailed, shown in the
 * answer's `invitations`, a member once accepted). 404 for an account that is no customer's, 409
 * for a member of another company.
 */
export async function addMember(id: number, input: CompanyMemberAdd, invitedBy: number | null): Promise<CompanyView> {
  const email = input.email.trim().toLowerCase();
  return Company.transaction(async (trx) => {
    const company = await loadCompany(id, trx);
    const user = await User.query(trx).findOne({ email });
    const terms = memberTermsOf({ companyRole: 'owner', orderLimit: null }, input, true);
    if (!user) {
      // Only an invitation: no member moved, so the company's version stays (as an owner's).
      await openInvitation(trx, id, email, terms, invitedBy);
      return companyView(await loadCompany(id, trx));
    }
    if (user.role !== 'customer') throw notFound(TRADE.memberUnknown);
    if (user.companyId === id) return companyView(company);
    if (user.companyId) throw conflict(TRADE.memberElsewhere, { email: TRADE.memberElsewhere });
    await claimVersion(trx, companyRow(id), undefined);
    await setMembership(trx, (q) => q.where({ id: user.id }), { companyId: id, ...terms });
    return membersChanged(trx, company);
  });
}

/** Staff remove a member as an owner does (members.ts removeMemberByOwner): the member leaves with
 *  no role or limit, and the company keeps an owner while anyone else remains. */
export async function removeMember(id: number, userId: number): Promise<CompanyView> {
  return Company.transaction(async (trx) => {
    const company = await loadCompany(id, trx);
    const removed = await setMembership(trx, (q) => q.where({ id: userId, companyId: id }), {
      companyId: null,
      companyRole: 'owner',
      orderLimit: null,
    });
    if (!removed) throw notFound(TRADE.memberNotHere);
    await keepAnOwner(trx, id);
    await claimVersion(trx, companyRow(id), undefined);
    return membersChanged(trx, company);
  });
}

// ---- A contact who leaves ----------------------------------------------------------------

/**
 * A person's account is closed (their data erased): they stop being the contact of their company,
 * and of any company whose contact has their proven address. The longest-standing remaining member
 * takes the role (their name, e-mail and phone become the contact's); with none left the contact is
 * emptied and staff are told to name one. The company's search text loses the address. Runs in the
 * closing transaction; answers the companies touched.
 */
export async function contactLeaves(
  trx: Knex.Transaction,
  leaving: { id: number; email: string; companyId?: number | null },
  addressProven: boolean,
): Promise<number[]> {
  const email = leaving.email.toLowerCase();
  const companies = (await trx('companies')
    .whereRaw('lower(contact_email) = ?', [email])
    .where((q) => {
      // An unproven address may be someone else's: then only the account's own company.
      if (!addressProven) q.where('id', leaving.companyId ?? 0);
    })
    .select('id', 'name', 'eik', 'city')) as Array<{ id: number; name: string; eik: string; city: string }>;
  for (const c of companies) {
    const heir = (await trx('users')
      .where({ companyId: c.id })
      .whereNot({ id: leaving.id })
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
      .first('email', 'firstName', 'lastName', 'phone')) as
      { email: string; firstName: string; lastName: string; phone: string } | undefined;
    const contact = heir
      ? {
          contactFirstName: heir.firstName ?? '',
          contactLastName: heir.lastName ?? '',
          contactEmail: heir.email,
          contactPhone: heir.phone ?? '',
        }
      : { contactFirstName: '', contactLastName: '', contactEmail: '', contactPhone: '' };
    await trx('companies')
      .where({ id: c.id })
      .update({ ...contact, searchText: searchable(c.name, c.eik, c.city, contact.contactEmail), updatedAt: new Date().toISOString() });
    if (!heir) await notifyStaff({ type: 'contact', message: KEPT_DATA.contactNeeded(c.name), link: `/admin/companies/${c.id}` }, trx);
  }
  return companies.map((c) => c.id);
}

/** The companies this address is the contact of (when `email` is given), and the one this account
 *  buys for or bought for (when `userId` is). */
export async function companyIdsOf(db: Knex, email: string | null, userId: number | null): Promise<number[]> {
  const ids = new Set<number>();
  if (email !== null)
    for (const r of (await db('companies').whereRaw('lower(contact_email) = ?', [email.toLowerCase()]).select('id')) as Array<{
      id: number;
    }>)
      ids.add(Number(r.id));
  if (userId !== null) {
    for (const r of (await db('orders').where({ userId }).whereNotNull('companyId').distinct('companyId')) as Array<{ companyId: number }>)
      ids.add(Number(r.companyId));
    const member = (await db('users').where({ id: userId }).first('companyId')) as { companyId: number | null } | undefined;
    if (member?.companyId) ids.add(Number(member.companyId));
  }
  return [...ids].sort((a, b) => a - b);
}

export interface CompanyLegalData {
  name: string;
  eik: string;
  vatNumber: string;
  address: string;
  city: string;
  mol: string;
  tobaccoPermit: string;
}

/** A company's legal data (kept whoever leaves it: its invoices name it). */
export async function companyLegalData(db: Knex, ids: number[]): Promise<CompanyLegalData[]> {
  if (!ids.length) return [];
  return db('companies').whereIn('id', ids).orderBy('id').select('name', 'eik', 'vatNumber', 'address', 'city', 'mol', 'tobaccoPermit');
}

// ---- Where to buy -------------------------------------------------------------------------

export interface ListedShop {
  name: string;
  city: string;
  address: string;
  phone: string;
}

/** The listed shops of approved companies, by city, then name. */
export async function listedShops(): Promise<ListedShop[]> {
  const rows = await CompanyShop.query()
    .select('company_shops.name', 'company_shops.city', 'company_shops.address', 'company_shops.phone')
    .join('companies', 'companies.id', 'company_shops.company_id')
    .where('companies.status', 'approved')
    .where('company_shops.listed', true);
  return rows
    .map((r) => ({ name: r.name, city: r.city, address: r.address, phone: r.phone ?? '' }))
    .sort((a, b) => a.city.localeCompare(b.city, 'bg') || a.name.localeCompare(b.name, 'bg'));
}

// ---- A member's own company and its shops ------------------------------------------------

/** The company a signed-in customer buys for, with its shops (403 for one who buys for none). */
export async function memberCompany(user: Pick<User, 'id' | 'companyId' | 'companyRole' | 'orderLimit'>): Promise<ApiTradeCompany> {
  const company = user.companyId ? await Company.query().findById(user.companyId) : undefined;
  if (!company) throw forbidden(TRADE_ORDER_TEXT.noCompany);
  const view = companyView((await withPeople([company]))[0]);
  const owner = user.companyRole === 'owner';
  return {
    id: view.id,
    name: view.name,
    status: view.status,
    requirePurchaseOrderNumber: view.requirePurchaseOrderNumber,
    shops: view.shops.map(({ id, name, city, address, phone }) => ({ id, name, city, address, phone })),
    members: view.members,
    invitations: owner ? view.invitations : [],
    you: { id: user.id, role: user.companyRole ?? 'owner', orderLimit: fromMinor(user.orderLimit ?? null) },
  };
}

export interface OrderShop {
  id: number;
  name: string;
  city: string;
  address: string;
}

/** The shop of this company an order is delivered to: another company's (or none) is a 400 on
 *  `shipping.companyShopId`. */
export async function companyShopForOrder(companyId: number | null, shopId: number, trx?: Transaction): Promise<OrderShop> {
  const shop = companyId ? await CompanyShop.query(trx).findOne({ id: shopId, companyId }) : undefined;
  if (!shop) throw badRequest(TRADE_ORDER_TEXT.companyShopUnknown, { 'shipping.companyShopId': TRADE_ORDER_TEXT.companyShopUnknown });
  return { id: shop.id, name: shop.name, city: shop.city, address: shop.address };
}
