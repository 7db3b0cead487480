// A trade member is told before they try: once their company's tobacco trade permit has expired
// the shop takes no orders of tobacco products from it (the server refuses them, naming the permit
// and the day), and within 30 days of the expiry it asks for the new permit. Nothing while the
// permit is valid or no date is on record (then nothing is stopped). Words, not only a colour.
import { TRADE } from '@domain/tradeTexts';
import { formatBgDate } from '@domain/dateInput';
import { shopDay } from '@domain/dates';
import { permitStanding } from '@domain/trade';
import type { ApiUser } from '@domain/api';

export function PermitNotice({ company, heading = true }: { company: ApiUser['company'] | null | undefined; heading?: boolean }) {
  if (!company || company.status !== 'approved') return null;
  const standing = permitStanding(company.tobaccoPermitExpiresAt, shopDay(new Date()));
  if (standing !== 'expired' && standing !== 'expiring') return null;
  const expired = standing === 'expired';
  const date = formatBgDate(company.tobaccoPermitExpiresAt);
  const text = expired ? TRADE.permitExpired(company.tobaccoPermit ?? '', date) : TRADE.permitExpiring(company.tobaccoPermit ?? '', date);
  if (!heading) return <p className={`notice permit-notice ${expired ? 'permit-expired' : ''}`}>{text}</p>;
  return (
    <section className={`card permit-notice ${expired ? 'permit-expired' : ''}`} aria-labelledby="permit-notice-title">
      <h2 id="permit-notice-title">{expired ? TRADE.permitExpiredTitle : TRADE.permitExpiringTitle}</h2>
      <p>{text}</p>
    </section>
  );
}
