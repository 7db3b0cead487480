// An amount in bg-BG format in the currency it is in: the shop's currency of account by default,
// an order's own currency for an order. While dual display is on, the other currency beside it
// at the fixed rate, same size: "14,27 € / 27,91 лв.". A screen reader hears a price and its
// equivalent, "14,27 € (равностойност 27,91 лв.)", not "slash" (the slash is hidden from it);
// a struck old price is named as one („Стара цена“).
import { convertAmount, formatMoney, isCurrency, otherCurrency, type Currency } from '@domain/money';
import { A11Y } from '@domain/messages';
import { useSettings } from '../state/settings';

export function Price({
  amount,
  currency,
  className,
  strike,
}: {
  amount: number | null | undefined;
  currency?: Currency | string;
  className?: string;
  strike?: boolean;
}) {
  const settings = useSettings();
  if (amount === null || amount === undefined) return null;
  const own: Currency = isCurrency(currency) ? currency : settings.currency;
  const other = otherCurrency(own);
  const Tag = strike ? 's' : 'span';
  return (
    <Tag className={['price', className].filter(Boolean).join(' ')}>
      {strike && <span className="sr-only">{A11Y.oldPrice}: </span>}
      <span>{formatMoney(amount, own)}</span>
      {settings.dualCurrency && (
        <span className="price-alt">
          <span aria-hidden="true"> / </span>
          <span className="sr-only"> ({A11Y.equivalent} </span>
          {formatMoney(convertAmount(amount, own, other), other)}
          <span className="sr-only">)</span>
        </span>
      )}
    </Tag>
  );
}
