// The trade area's e-mails to a company's contact: the application received, and every change staff
// make (approval: sign in and order at your prices; rejection and suspension: with the reason).
// To an address not yet proven its owner's (a stranger may have typed it into the form) they carry
// only the shop's own words: no name and no company name typed into the form, and the
// acknowledgement brings the link that proves the address.
import { compose, linkPart, para, type MailContent } from '../../platform/mail/layout';
import { getSettings } from '../settings';
import { TRADE } from '@domain/tradeTexts';
import { EMAIL_OWNERSHIP } from '@domain/messages';
import type { CompanyChangeKind } from './events';
import { MEMBER_INVITATION_DAYS, MEMBER_ROLE_LABELS, MEMBER_TEXT, type MemberRole } from '@domain/companyMembers';

/** Who the mail is to: the contact's first name and the company's name, when the address is proven. */
export interface Addressee {
  proven: boolean;
  firstName: string;
  company: string;
}

const greeting = (to: Addressee) => para(`Здравейте${to.proven && to.firstName ? `, ${to.firstName}` : ''}!`);
const companyOf = (to: Addressee) => (to.proven ? to.company : EMAIL_OWNERSHIP.yourCompany);
/** A sentence that may begin with the company's name begins with a capital. */
const sentence = (text: string) => text.charAt(0).toLocaleUpperCase('bg') + text.slice(1);

export async function applicationMail(to: Addressee, verifyLink: string | null, verifyHours: number): Promise<MailContent> {
  const settings = await getSettings();
  return compose(TRADE.mailAppliedSubject(settings.brand), { settings }, [
    greeting(to),
    para(TRADE.mailApplied(companyOf(to))),
    verifyLink ? para(`Потвърдете, че този имейл е Ваш (връзката важи ${verifyHours} часа и може да се използва само веднъж):`) : null,
    verifyLink ? linkPart('Потвърдете имейла', verifyLink) : null,
  ]);
}

export async function companyChangedMail(to: Addressee, kind: CompanyChangeKind, reason: string, signInUrl: string): Promise<MailContent> {
  const settings = await getSettings();
  const company = companyOf(to);
  // The reason is the staff's own words.
  const withReason = reason ? para(TRADE.mailReason(reason)) : null;
  switch (kind) {
    case 'approved':
      return compose(TRADE.mailApprovedSubject(settings.brand), { settings }, [
        greeting(to),
        para(sentence(TRADE.mailApproved(company))),
        linkPart(TRADE.mailSignIn, signInUrl),
      ]);
    case 'rejected':
      return compose(TRADE.mailRejectedSubject(settings.brand), { settings }, [
        greeting(to),
        para(TRADE.mailRejected(company)),
        withReason,
      ]);
    case 'suspended':
      return compose(TRADE.mailSuspendedSubject(settings.brand), { settings }, [
        greeting(to),
        para(TRADE.mailSuspended(company)),
        withReason,
      ]);
    default:
      return compose(TRADE.mailChangedSubject(settings.brand), { settings }, [greeting(to), para(TRADE.mailChanged(company))]);
  }
}

/** The permit's notice: it expires on `date` (or, `expired`, has expired), send the new one. The
 *  permit's number was typed into the form too: it goes only to a proven address. */
export async function permitMail(to: Addressee, permit: string, date: string, expired: boolean, accountUrl: string): Promise<MailContent> {
  const settings = await getSettings();
  const company = companyOf(to);
  const number = to.proven ? permit : null;
  return compose(TRADE.mailPermitSubject(settings.brand, date, expired), { settings }, [
    greeting(to),
    para(sentence(expired ? TRADE.mailPermitExpired(company, number, date) : TRADE.mailPermitExpiring(company, number, date))),
    para(TRADE.mailPermitSend(settings.contacts.email ?? '')),
    linkPart(TRADE.mailSignIn, accountUrl),
  ]);
}

/** The invitation to join a company (to an address nobody has proven yet: the company's name is the
 *  owner's, who is a member of an approved company, so it may be named). */
export async function invitationMail(company: string, role: MemberRole, limit: string | null, link: string): Promise<MailContent> {
  const settings = await getSettings();
  return compose(MEMBER_TEXT.mailInvitedSubject(settings.brand), { settings }, [
    para('Здравейте!'),
    para(MEMBER_TEXT.mailInvited(company, MEMBER_ROLE_LABELS[role])),
    limit ? para(MEMBER_TEXT.mailInvitedLimit(limit)) : null,
    para(MEMBER_TEXT.mailInvitedDays(MEMBER_INVITATION_DAYS)),
    linkPart(MEMBER_TEXT.mailInvitedLink, link),
  ]);
}

/** To each owner: a buyer's order waits for them. */
export async function awaitingApprovalMail(
  firstName: string,
  number: string,
  buyer: string,
  total: string,
  link: string,
): Promise<MailContent> {
  const settings = await getSettings();
  return compose(MEMBER_TEXT.mailAwaitingSubject(number), { settings }, [
    para(`Здравейте${firstName ? `, ${firstName}` : ''}!`),
    para(MEMBER_TEXT.mailAwaiting(number, buyer, total)),
    linkPart(MEMBER_TEXT.mailAwaitingLink, link),
  ]);
}

/** To the buyer: an owner declined their order, with the owner's reason. */
export async function approvalDeclinedMail(
  firstName: string,
  number: string,
  owner: string,
  reason: string,
  link: string,
): Promise<MailContent> {
  const settings = await getSettings();
  return compose(MEMBER_TEXT.mailDeclinedSubject(number), { settings }, [
    para(`Здравейте${firstName ? `, ${firstName}` : ''}!`),
    para(MEMBER_TEXT.mailDeclined(number, owner)),
    para(MEMBER_TEXT.mailDeclinedReason(reason)),
    linkPart(MEMBER_TEXT.mailAwaitingLink, link),
  ]);
}
