// The trade area's effects after commit (platform/events): the staff's notice of an application and
// the mails to the company's contact.
import type { Config } from '../../config';
import { subscribe } from '../../platform/events';
import { sendMail } from '../../platform/mail/transport';
import { Company } from '../../models/Company';
import { User } from '../../models/User';
import { notifyStaff } from '../staff';
import { addressProven, countRegistrationLink, newVerificationLink } from '../auth';
import { TRADE } from '@domain/tradeTexts';
import { EMAIL_VERIFY_HOURS } from '@domain/limits';
import { formatBgDate } from '@domain/dateInput';
import { applicationMail, approvalDeclinedMail, awaitingApprovalMail, companyChangedMail, invitationMail, permitMail } from './mail';
import { Order } from '../../models/Order';
import { formatMoney, fromMinor } from '@domain/money';
import { invitationLink, ownersOf } from './members';
import { getSettings } from '../settings';
import './events';

export const companyAdminLink = (id: number) => `/admin/companies/${id}`;

export function subscribeTradeEvents(config: Config): void {
  subscribe('company.applied', 'trade.applicationNotice', async ({ companyId, name, eik }) => {
    await notifyStaff({ type: 'contact', message: TRADE.notice(name, eik), link: companyAdminLink(companyId) });
  });
  // An applicant whose address is not proven (the form made the account, or it was never proven)
  // gets the shop's words only, with the link that proves the address.
  subscribe('company.applied', 'trade.applicationMail', async ({ email, firstName, name }, effect) => {
    const member = await User.query().findOne({ email });
    const proven = addressProven(member);
    let link: string | null = null;
    if (member && !proven) {
      await countRegistrationLink(member.id);
      link = (await newVerificationLink(User.knex(), config, member.id, member.email)).link;
    }
    const mail = await applicationMail({ proven, firstName, company: name }, link, EMAIL_VERIFY_HOURS);
    await sendMail(config, { to: email, ...mail }, { effect });
  });
  subscribe('company.changed', 'trade.changeMail', async ({ companyId, kind, reason }, effect) => {
    const company = await Company.query().findById(companyId);
    if (!company?.contactEmail) return;
    const contact = await User.query().findOne({ email: company.contactEmail.toLowerCase() });
    const to = { proven: addressProven(contact), firstName: company.contactFirstName ?? '', company: company.name };
    const mail = await companyChangedMail(to, kind, reason, `${config.publicUrl}/signin`);
    await sendMail(config, { to: company.contactEmail, ...mail }, { effect });
  });
  // The permit's notice (trade/permits remindPermits): the staff's notice is written with the mark.
  subscribe('company.permitExpiring', 'trade.permitMail', async ({ companyId, expiresAt, expired }, effect) => {
    const company = await Company.query().findById(companyId);
    if (!company?.contactEmail) return;
    const contact = await User.query().findOne({ email: company.contactEmail.toLowerCase() });
    const to = { proven: addressProven(contact), firstName: company.contactFirstName ?? '', company: company.name };
    const mail = await permitMail(to, company.tobaccoPermit, formatBgDate(expiresAt), expired, `${config.publicUrl}/account`);
    await sendMail(config, { to: company.contactEmail, ...mail }, { effect });
  });
  // The invitation's token is made here, so that only the mail carries it.
  subscribe('company.memberInvited', 'trade.invitationMail', async ({ invitationId }, effect) => {
    const made = await invitationLink(invitationId, config.publicUrl);
    if (!made) return;
    const company = await Company.query().findById(made.invitation.companyId);
    if (!company) return;
    const limit =
      made.invitation.orderLimit != null ? formatMoney(fromMinor(made.invitation.orderLimit) ?? 0, (await getSettings()).currency) : null;
    const mail = await invitationMail(company.name, made.invitation.role, limit, made.link);
    await sendMail(config, { to: made.invitation.email, ...mail }, { effect });
  });
  subscribe('order.awaitingApproval', 'trade.approvalMail', async ({ orderId }, effect) => {
    const order = await Order.query().findById(orderId);
    if (!order?.companyId || order.status !== 'awaiting_approval') return;
    const buyer = `${order.customerFirstName} ${order.customerLastName}`.trim();
    const total = formatMoney(fromMinor(order.total) ?? 0, order.currency);
    for (const owner of await ownersOf(order.companyId)) {
      const mail = await awaitingApprovalMail(owner.firstName ?? '', order.number, buyer, total, `${config.publicUrl}/orders/${order.id}`);
      await sendMail(config, { to: owner.email, ...mail }, { effect });
    }
  });
  subscribe('order.approvalDeclined', 'trade.approvalDeclinedMail', async ({ orderId, by, reason }, effect) => {
    const order = await Order.query().findById(orderId);
    if (!order) return;
    const mail = await approvalDeclinedMail(
      order.customerFirstName ?? '',
      order.number,
      by,
      reason,
      `${config.publicUrl}/orders/${order.id}`,
    );
    await sendMail(config, { to: order.customerEmail, ...mail }, { effect });
  });
}
