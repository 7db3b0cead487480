// The trade channel's companies: a business's application, staff changing a company (data, terms,
// status), a member added by e-mail.
import { z } from 'zod';
import { NAME_MAX, PHONE_MAX } from '../limits';
import { isValidBgVatNumber, isValidEik, normaliseTaxNumber } from '../bulstat';
import { COMPANY_STATUSES } from '../trade';
import { MEMBER_ROLES } from '../companyMembers';
import { TRADE } from '../tradeTexts';
import { FIELD } from '../messages';
import { bool, day, email, input, int, list, money, object, oneOf, recordVersion, text } from './fields';
import { newPassword } from './auth';
import { PHONE_MIN, PHONE_PATTERN, permitExpiryProblem } from './rules';
import { addDays, shopDay } from '../dates';

/** Shops a company may list at most. */
export const COMPANY_SHOPS_MAX = 50;

const eikField = <R extends boolean>(required: R) =>
  text(13, { min: 9, required, message: TRADE.eikInvalid, check: (v: string) => isValidEik(normaliseTaxNumber(v)), example: '100000001' });
const vatField = text(14, {
  message: TRADE.vatNumberInvalid,
  check: (v: string) => isValidBgVatNumber(normaliseTaxNumber(v)),
  example: 'BG100000001',
});
const phone = <R extends boolean>(required: R) =>
  text(PHONE_MAX, { min: required ? PHONE_MIN : undefined, pattern: PHONE_PATTERN, required, message: FIELD.phoneInvalid });

/** The issuing office of a tobacco trade permit, at most this long. */
export const PERMIT_OFFICE_MAX = 120;

// A company's and a shop's names are names the shop's mail and pages carry, as people's are: no
// links, no control characters (domain/names.ts).
const companyFields = <R extends boolean>(required: R) => ({
  name: text(200, { min: 1, required, name: true }),
  eik: eikField(required),
  vatNumber: vatField,
  address: text(300, { min: 1, required }),
  city: text(NAME_MAX, { min: 1, required }),
  mol: text(200, { min: 1, required, name: true }),
  tobaccoPermit: text(60, { min: 1, required, message: TRADE.permitRequired }),
  tobaccoPermitOffice: text(PERMIT_OFFICE_MAX),
});

export const companyShopInput = input(
  {
    // A shop kept by a change (the staff's form sends its id back): its id stays, so orders
    // delivered to it keep pointing at it.
    id: int({ min: 1 }),
    name: text(200, { min: 1, required: true, name: true }),
    city: text(NAME_MAX, { min: 1, required: true }),
    address: text(300, { min: 1, required: true }),
    phone: text(PHONE_MAX, { pattern: /^(\+?[\d\s()-]{6,})?$/, message: FIELD.phoneInvalid }),
    listed: bool(),
  },
  { ignore: ['position', 'companyId'] },
);

/** POST /trade/applications. A guest gives the contact whole with a password (the new account);
 *  a signed-in customer may leave the contact out (taken from the account). */
export const companyApplicationInput = input({
  company: object(
    {
      ...companyFields(true),
      tobaccoPermitExpiresAt: day({
        nullable: true,
        refuse: (last: string) => permitExpiryProblem(last),
        // A permit valid for a year from the day the reference is read, so its example is accepted.
        example: addDays(shopDay(new Date()), 365),
      }),
    },
    { required: true },
  ),
  contact: object({
    firstName: text(NAME_MAX, { min: 1, name: true }),
    lastName: text(NAME_MAX, { min: 1, name: true }),
    email: email(),
    phone: text(PHONE_MAX, { pattern: /^(\+?[\d\s()-]{6,})?$/, message: FIELD.phoneInvalid }),
    password: newPassword(false),
  }),
  shops: list(companyShopInput, { max: COMPANY_SHOPS_MAX, message: TRADE.tooManyShops(COMPANY_SHOPS_MAX) }),
});
export type CompanyApplication = z.output<typeof companyApplicationInput>;

/** A buyer's limit as the API reference says it. */
const ORDER_LIMIT_DESCRIPTION =
  'Лимит на една поръчка на купувач: нетната стойност на стоките (след отстъпка, без ДДС и доставка); над него поръчката чака одобрение от собственик (awaiting_approval). null — без лимит; собственикът няма лимит.';

/** Members on a company's PUT: the whole list, each an account's id, its e-mail, or the answer's own
 *  `{ id, email, … }` sent back (react-admin), so the list sent is who buys for the company (a list
 *  naming no owner keeps the owners; an address with no account is invited). */
export const COMPANY_MEMBERS_MAX = 200;
const memberRef = z.union([
  z.number().int().positive(),
  z.string().trim().min(3).max(254),
  z.looseObject({
    id: z.number().int().positive().optional(),
    email: z.string().trim().min(3).max(254).optional(),
    // Absent: an existing member keeps theirs, a new one is an owner (as every member was before roles).
    role: oneOf(MEMBER_ROLES),
    orderLimit: money({ min: 0, nullable: true, description: ORDER_LIMIT_DESCRIPTION }),
  }),
]);

/** PUT /admin/companies/:id: any of the data, the terms, the status (with its reason), the shops, the members. */
export const companyChangeInput = input(
  {
    ...companyFields(false),
    // Staff record the date the permit shows, past or not: an expired one stops regulated orders.
    tobaccoPermitExpiresAt: day({ nullable: true }),
    contact: object({
      firstName: text(NAME_MAX, { name: true }),
      lastName: text(NAME_MAX, { name: true }),
      email: email(),
      phone: phone(false),
    }),
    status: oneOf(COMPANY_STATUSES),
    statusReason: text(1000),
    priceListId: int({ min: 1, nullable: true }),
    paymentTermsDays: int({ min: 0, max: 365 }),
    creditLimit: money({
      min: 0,
      nullable: true,
      description: 'Кредитен лимит на фирмата (неплатено плюс новата поръчка, с ДДС); null — без лимит.',
    }),
    // Every trade order of the company must carry the buyer's purchase-order number.
    requirePurchaseOrderNumber: bool(),
    shops: list(companyShopInput, { max: COMPANY_SHOPS_MAX, message: TRADE.tooManyShops(COMPANY_SHOPS_MAX) }),
    members: list(memberRef, { max: COMPANY_MEMBERS_MAX }),
    version: recordVersion(),
  },
  // The open invitations are shown with the company, not saved with it: react-admin sends them back.
  { ignore: ['id', 'createdAt', 'approvedAt', 'updatedAt', 'invitations'] },
);
export type CompanyChange = z.output<typeof companyChangeInput>;

/** POST /admin/companies/:id/approve|reject|suspend. */
export const companyDecisionInput = input({ reason: text(1000) });

/** POST /admin/companies/:id/members: an account's e-mail (it joins) or an address with no account
 *  (it is invited), with the role and limit it is to have (absent: an owner, no limit). */
export const companyMemberInput = input({
  email: email({ required: true }),
  role: oneOf(MEMBER_ROLES),
  orderLimit: money({ min: 0, nullable: true, description: ORDER_LIMIT_DESCRIPTION }),
});
export type CompanyMemberAdd = z.output<typeof companyMemberInput>;

/** An owner's invitation (POST /trade/members) and change of a member (PUT /trade/members/:id). */
const memberTerms = {
  role: oneOf(MEMBER_ROLES, { required: true }),
  // Net goods per order above which an owner approves; none: no limit.
  orderLimit: money({ min: 0, nullable: true, description: ORDER_LIMIT_DESCRIPTION }),
};
export const memberInviteInput = input({ email: email({ required: true }), ...memberTerms });
export type MemberInvite = z.output<typeof memberInviteInput>;
export const memberChangeInput = input(memberTerms, { ignore: ['id', 'email', 'firstName', 'lastName'] });
export type MemberChange = z.output<typeof memberChangeInput>;

/** An owner's decision on an order held for approval. The total the owner was shown, when prices
 *  moved since the buyer placed it (409 with the new total otherwise). */
export const orderApprovalInput = input({ expectedTotal: money({ min: 0 }) });
export const orderDeclineInput = input({ reason: text(1000, { min: 1, required: true }) });
