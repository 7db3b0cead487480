// A price in bg-BG format; with the dual display on, the euro amount beside it, same size.
import { bgnToEur, formatMoney } from '../../../domain/money';
import { useSettings } from '../state/settings';

export function Price({ amount, className, strike }: { amount: number | null | undefined; className?: string; strike?: boolean }) {
  const { dualCurrency, currency } = useSettings();
  if (amount === null || amount === undefined) return null;
  const bgn = formatMoney(amount, 'BGN');
  const eur = formatMoney(bgnToEur(amount), 'EUR');
  const [first, second] = currency === 'EUR' ? [eur, bgn] : [bgn, eur];
  const Tag = strike ? 's' : 'span';
  return (
    <Tag className={['price', className].filter(Boolean).join(' ')}>
      <span>{first}</span>
      {dualCurrency && <span className="price-alt"> / {second}</span>}
    </Tag>
  );
}
