// The quotes' effects after commit (platform/events): the staff's notice of a request, and the
// member's mail of an answer or a refusal (to who asked; their company's contact when that account
// is gone).
import type { Config } from '../../config';
import { subscribe } from '../../platform/events';
import { sendMail } from '../../platform/mail/transport';
import { QuoteRequest } from '../../models/QuoteRequest';
import { User } from '../../models/User';
import { notifyStaff } from '../staff';
import { QUOTE_TEXT } from '@domain/quoteTexts';
import { quoteForMail } from './service';
import { quoteAnsweredMail, quoteDeclinedMail } from './mail';
import './events';

export const quoteAdminLink = (id: number) => `/admin/quote-requests/${id}`;

/** Who is told of the answer: the member who asked, else the company's contact. */
async function recipientOf(quoteId: number, contact: { email: string; firstName: string }) {
  const q = await QuoteRequest.query().findById(quoteId);
  const asker = q?.userId ? await User.query().findById(q.userId) : undefined;
  return asker ? { email: asker.email, firstName: asker.firstName ?? '' } : contact;
}

export function subscribeQuoteEvents(config: Config): void {
  subscribe('quote.requested', 'quotes.requestNotice', async ({ quoteId }) => {
    const found = await quoteForMail(quoteId);
    if (!found) return;
    const { quote } = found;
    await notifyStaff({
      type: 'order',
      message: QUOTE_TEXT.notice(quote.companyName, quote.number, quote.lines.length),
      link: quoteAdminLink(quoteId),
    });
  });
  for (const event of ['quote.answered', 'quote.declined'] as const)
    subscribe(event, `quotes.${event === 'quote.answered' ? 'answerMail' : 'declineMail'}`, async ({ quoteId }, effect) => {
      const found = await quoteForMail(quoteId);
      if (!found) return;
      const { quote, company } = found;
      // Declined after it was answered: only the refusal's mail goes.
      if (event === 'quote.answered' && quote.status === 'declined') return;
      const to = await recipientOf(quoteId, { email: company.contactEmail, firstName: company.contactFirstName ?? '' });
      if (!to.email) return;
      const accountUrl = `${config.publicUrl}/account#quotes`;
      const mail =
        event === 'quote.answered'
          ? await quoteAnsweredMail(quote, to.firstName, accountUrl)
          : await quoteDeclinedMail(quote, to.firstName, accountUrl);
      await sendMail(config, { to: to.email, ...mail }, { effect });
    });
}
