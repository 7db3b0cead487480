// The quotes' e-mails to the member who asked: the answer with its prices, total and validity, or the
// refusal with its reason. The address is their signed-in account's, so their name may be used.
import { compose, linkPart, para, type MailContent } from '../../platform/mail/layout';
import { getSettings } from '../settings';
import { formatMoney, type Currency } from '@domain/money';
import { formatBgDate } from '@domain/dateInput';
import { QUOTE_TEXT } from '@domain/quoteTexts';
import type { ApiQuoteRequest } from '@domain/api';

const greeting = (name: string) => para(`Здравейте${name ? `, ${name}` : ''}!`);

export async function quoteAnsweredMail(q: ApiQuoteRequest, firstName: string, accountUrl: string): Promise<MailContent> {
  const settings = await getSettings();
  const money = (n: number | null) => formatMoney(n ?? 0, q.currency as Currency);
  return compose(QUOTE_TEXT.mailAnsweredSubject(q.number, settings.brand), { settings }, [
    greeting(firstName),
    para(QUOTE_TEXT.mailAnswered(q.companyName, q.number)),
    ...q.lines.map((l) =>
      para(
        QUOTE_TEXT.mailLine(
          l.variantName ? `${l.productName} (${l.variantName})` : l.productName,
          l.quantity,
          money(l.netPrice),
          money(l.lineTotal),
        ),
      ),
    ),
    para(QUOTE_TEXT.mailTotals(money(q.subtotalNet), money(q.vatTotal), money(q.total))),
    para(QUOTE_TEXT.mailValidUntil(formatBgDate(q.validUntil))),
    linkPart(QUOTE_TEXT.mailOpenAccount, accountUrl),
  ]);
}

export async function quoteDeclinedMail(q: ApiQuoteRequest, firstName: string, accountUrl: string): Promise<MailContent> {
  const settings = await getSettings();
  return compose(QUOTE_TEXT.mailDeclinedSubject(q.number, settings.brand), { settings }, [
    greeting(firstName),
    para(QUOTE_TEXT.mailDeclined(q.number)),
    q.reason ? para(QUOTE_TEXT.declinedReason(q.reason)) : null,
    linkPart(QUOTE_TEXT.mailOpenAccount, accountUrl),
  ]);
}
