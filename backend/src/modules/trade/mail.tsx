// The trade area's e-mails to a company's contact: the application received, and every change staff
// make (approval: sign in and order at your prices; rejection and suspension: with the reason).
import { compose, linkPart, para, type MailContent } from '../../platform/mail/layout';
import { getSettings } from '../settings';
import { TRADE } from '@domain/tradeTexts';
import type { CompanyChangeKind } from './events';

const greeting = (firstName: string) => para(`Здравейте${firstName ? `, ${firstName}` : ''}!`);

export async function applicationMail(firstName: string, company: string): Promise<MailContent> {
  const settings = await getSettings();
  return compose(TRADE.mailAppliedSubject(settings.brand), { settings }, [greeting(firstName), para(TRADE.mailApplied(company))]);
}

export async function companyChangedMail(
  firstName: string,
  company: string,
  kind: CompanyChangeKind,
  reason: string,
  signInUrl: string,
): Promise<MailContent> {
  const settings = await getSettings();
  const withReason = reason ? para(TRADE.mailReason(reason)) : null;
  switch (kind) {
    case 'approved':
      return compose(TRADE.mailApprovedSubject(settings.brand), { settings }, [
        greeting(firstName),
        para(TRADE.mailApproved(company)),
        linkPart(TRADE.mailSignIn, signInUrl),
      ]);
    case 'rejected':
      return compose(TRADE.mailRejectedSubject(settings.brand), { settings }, [
        greeting(firstName),
        para(TRADE.mailRejected(company)),
        withReason,
      ]);
    case 'suspended':
      return compose(TRADE.mailSuspendedSubject(settings.brand), { settings }, [
        greeting(firstName),
        para(TRADE.mailSuspended(company)),
        withReason,
      ]);
    default:
      return compose(TRADE.mailChangedSubject(settings.brand), { settings }, [greeting(firstName), para(TRADE.mailChanged(company))]);
  }
}
