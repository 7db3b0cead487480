// Who buys for a company and how far: a member is an owner (sees and decides everything, manages
// the members) or a buyer (sees the orders they placed; an order above their limit waits for an
// owner's approval). The limit is on the order's net goods (after any discount, before VAT and
// shipping), in minor units of the shop's currency; none means no limit.
import type { OrderStatus } from './orderStatus';

export const MEMBER_ROLES = ['owner', 'buyer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_ROLE_LABELS: Readonly<Record<MemberRole, string>> = {
  owner: 'Собственик',
  buyer: 'Купувач',
};

/** Days an invitation to join a company stays open. */
export const MEMBER_INVITATION_DAYS = 14;
/** Invitations a company may have open at once. */
export const MEMBER_INVITATIONS_OPEN_MAX = 20;

/** A member as the company's answer shows them (the limit as a decimal of the shop's currency). */
export interface CompanyMemberView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
  orderLimit: number | null;
}

/** An invitation not yet accepted (owners see them; the token is only in the mail). */
export interface CompanyInvitationView {
  id: number;
  email: string;
  role: MemberRole;
  orderLimit: number | null;
  createdAt: string;
  expiresAt: string;
}

/** What an invitation's link shows before it is accepted. */
export interface InvitationPreview {
  companyName: string;
  email: string;
  role: MemberRole;
  orderLimit: number | null;
  expired: boolean;
  accepted: boolean;
}

/** Whether an order of this net amount (minor units) by this member waits for an owner. */
export function needsApproval(member: { role: MemberRole; orderLimit: number | null }, netGoods: number): boolean {
  return member.role === 'buyer' && member.orderLimit !== null && netGoods > member.orderLimit;
}

/** An order that has taken its stock (a held one has not): cancelling it gives the stock back. */
export function tookStock(status: OrderStatus): boolean {
  return status !== 'awaiting_approval';
}

export const MEMBER_TEXT = {
  ownersOnly: 'Само собственик на фирмата може да прави това.',
  memberNotFound: 'Няма такъв служител във фирмата.',
  lastOwner: 'Фирмата трябва да има поне един собственик.',
  alreadyMember: 'Този адрес вече е служител на фирмата.',
  memberElsewhere: 'Този адрес е на служител на друга фирма.',
  invitationsFull: (max: number) => `Фирмата има ${max} отворени покани. Отменете някоя, преди да поканите друг.`,
  invitationNotFound: 'Поканата не е намерена или е отменена.',
  invitationExpired: 'Поканата е изтекла. Помолете собственика за нова.',
  invitationUsed: 'Поканата вече е приета.',
  invitationOtherEmail: (email: string) => `Поканата е за ${email}. Влезте с този адрес, за да я приемете.`,
  invitationUnproven: 'Потвърдете адреса си от писмото, което ви изпратихме, и опитайте отново.',
  invitationSent: (email: string) => `Поканата е изпратена до ${email}.`,
  joined: (company: string) => `Вече сте служител на ${company}.`,
  memberRemoved: 'Служителят е премахнат от фирмата.',
  memberSaved: 'Промените са записани.',
  notAwaiting: 'Поръчката не чака одобрение.',
  approved: (number: string) => `Поръчка ${number} е одобрена и изпратена към магазина.`,
  declined: (number: string) => `Поръчка ${number} е отказана.`,
  declineReasonRequired: 'Напишете причината за отказа.',
  heldForApproval: (number: string) =>
    `Поръчка ${number} надхвърля лимита ви и чака одобрение от собственик на фирмата. Ще ви пишем, когато бъде одобрена.`,
  limitNote: (limit: string) => `Поръчки над ${limit} без ДДС чакат одобрение от собственик.`,
  mailInvitedSubject: (brand: string) => `Покана да поръчвате за фирма в ${brand}`,
  mailInvited: (company: string, role: string) =>
    `Поканени сте да поръчвате за ${company} в магазина на едро като ${role.toLocaleLowerCase('bg')}. Влезте или се регистрирайте с този имейл и приемете поканата.`,
  mailInvitedLimit: (limit: string) => `Поръчките ви над ${limit} без ДДС ще чакат одобрение от собственик на фирмата.`,
  mailInvitedDays: (days: number) => `Поканата важи ${days} дни.`,
  mailInvitedLink: 'Приемете поканата',
  mailAwaitingSubject: (number: string) => `Поръчка ${number} чака вашето одобрение`,
  mailAwaiting: (number: string, buyer: string, total: string) =>
    `${buyer} направи поръчка ${number} за ${total}, която надхвърля лимита му. Одобрете я или я откажете от профила си.`,
  mailAwaitingLink: 'Вижте поръчката',
  mailDeclinedSubject: (number: string) => `Поръчка ${number} не е одобрена`,
  mailDeclined: (number: string, owner: string) => `${owner} отказа поръчка ${number}.`,
  mailDeclinedReason: (reason: string) => `Причина: ${reason}`,
  statementOwnersOnly: 'Извлечението по сметка виждат собствениците на фирмата.',
} as const;
