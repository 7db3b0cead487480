// What the trade area declares (platform/events): the staff notice and the mails hang on these and
// run after the transaction that made the change commits.
import type { CompanyStatus } from '@domain/trade';

/** What changed about a company, for its mail. */
export type CompanyChangeKind = 'approved' | 'rejected' | 'suspended' | 'changed';

declare module '../../platform/events' {
  interface ShopEvents {
    /** A business applied (POST /trade/applications). */
    'company.applied': { companyId: number; name: string; eik: string; email: string; firstName: string };
    /** Staff changed a company: its status (`kind` names the decision) or its data, terms or members. */
    'company.changed': { companyId: number; kind: CompanyChangeKind; from: CompanyStatus; to: CompanyStatus; reason: string };
    /** The permit of an approved company expires within the notice (or has expired, `expired`):
     *  told once per expiry date ("YYYY-MM-DD") by the daily job. */
    'company.permitExpiring': { companyId: number; expiresAt: string; expired: boolean };
    /** An owner invited someone: the mail (with the invitation's token, made then) follows. */
    'company.memberInvited': { invitationId: number };
    /** A buyer's order above their limit is held: the company's owners are mailed. */
    'order.awaitingApproval': { orderId: number };
    /** An owner declined a held order: its buyer is mailed the reason. */
    'order.approvalDeclined': { orderId: number; by: string; reason: string };
  }
}

export {};
