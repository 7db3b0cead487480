// The trade area's effects after commit (platform/events): the staff's notice of an application and
// the mails to the company's contact.
import type { Config } from '../../config';
import { subscribe } from '../../platform/events';
import { sendMail } from '../../platform/mail/transport';
import { Company } from '../../models/Company';
import { notifyStaff } from '../staff';
import { TRADE } from '@domain/tradeTexts';
import { applicationMail, companyChangedMail } from './mail';
import './events';

export const companyAdminLink = (id: number) => `/admin/companies/${id}`;

export function subscribeTradeEvents(config: Config): void {
  subscribe('company.applied', 'trade.applicationNotice', async ({ companyId, name, eik }) => {
    await notifyStaff({ type: 'contact', message: TRADE.notice(name, eik), link: companyAdminLink(companyId) });
  });
  subscribe('company.applied', 'trade.applicationMail', async ({ email, firstName, name }) => {
    await sendMail(config, { to: email, ...(await applicationMail(firstName, name)) });
  });
  subscribe('company.changed', 'trade.changeMail', async ({ companyId, kind, reason }) => {
    const company = await Company.query().findById(companyId);
    if (!company?.contactEmail) return;
    const mail = await companyChangedMail(company.contactFirstName ?? '', company.name, kind, reason, `${config.publicUrl}/signin`);
    await sendMail(config, { to: company.contactEmail, ...mail });
  });
}
