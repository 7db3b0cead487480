// A trade member sees why tobacco products cannot be ordered once the company's permit has expired,
// and is asked for the new permit within 30 days of the expiry; nothing while it is valid, when no
// date is on record, or for a company that is not approved.
import { render, screen } from '@testing-library/react';
import { PermitNotice } from './PermitNotice';
import { TRADE } from '@domain/tradeTexts';
import { formatBgDate } from '@domain/dateInput';
import { addDays, shopDay } from '@domain/dates';

const today = shopDay(new Date());
const company = (tobaccoPermitExpiresAt: string | null, status: 'approved' | 'suspended' = 'approved') => ({
  id: 3,
  name: 'Вейп Трейд ООД',
  status,
  tobaccoPermit: 'ЗАДС-7',
  tobaccoPermitOffice: 'ТД Митница София',
  tobaccoPermitExpiresAt,
});

test('an expired permit: a headed notice naming the permit and the day', () => {
  const day = addDays(today, -1);
  render(<PermitNotice company={company(day)} />);
  const notice = screen.getByRole('region', { name: TRADE.permitExpiredTitle });
  expect(notice).toHaveTextContent(TRADE.permitExpired('ЗАДС-7', formatBgDate(day)));
});

test('within 30 days of the expiry: asks for the new permit; on the expiry day it still holds', () => {
  render(<PermitNotice company={company(today)} />);
  expect(screen.getByRole('region', { name: TRADE.permitExpiringTitle })).toHaveTextContent(
    TRADE.permitExpiring('ЗАДС-7', formatBgDate(today)),
  );
});

test('nothing while valid, without a date on record, or for a company that is not approved', () => {
  const { container } = render(
    <>
      <PermitNotice company={company(addDays(today, 31))} />
      <PermitNotice company={company(null)} />
      <PermitNotice company={company(addDays(today, -1), 'suspended')} />
      <PermitNotice company={undefined} />
    </>,
  );
  expect(container).toBeEmptyDOMElement();
});
