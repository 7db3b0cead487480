// A member's price: net, labelled „без ДДС“, with the same price with VAT in small print;
// both in the shop's currency and, while dual display is on, the other beside it.
// Shown only when the server answered trade prices (`pricesInclude: 'net'`): guests and consumers
// never get one.
import type { ApiProduct, ApiTradeTier } from '@domain/api';
import { lineAmounts, SHOP_VAT_PERCENT } from '@domain/pricing';
import { fromMinor, toMinor } from '@domain/money';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { Price } from './Price';

/** Whether the answer carries a member's net prices. */
export function hasTradePrices(product: Pick<ApiProduct, 'pricesInclude' | 'variants'>): boolean {
  return product.pricesInclude === 'net' && product.variants.some((v) => typeof v.tradePrice === 'number');
}

/** The pack a member orders this variant in (1: by the piece). */
export function packOf(variant: { packSize?: number } | null | undefined): number {
  return Math.max(1, Math.floor(variant?.packSize ?? 1));
}

export function TradePrice({ net, className }: { net: number; className?: string }) {
  const gross = fromMinor(
    lineAmounts({ unitMinor: toMinor(net), quantity: 1, vatPercent: SHOP_VAT_PERCENT, pricesInclude: 'net' }).unitGross,
  )!;
  return (
    <span className={['trade-price', className].filter(Boolean).join(' ')}>
      <Price amount={net} /> <span className="trade-price-note">{PRICE_LIST_TEXTS.withoutVat}</span>
      <small className="trade-price-gross muted">
        {' '}
        (<Price amount={gross} /> {PRICE_LIST_TEXTS.withVat})
      </small>
    </span>
  );
}

/** A member's quantity breaks beside the price: the steps after the base, „от 50 бр. — 4,90 €“
 *  (nothing when the price does not step down). */
export function TierList({ tiers, className }: { tiers?: ApiTradeTier[]; className?: string }) {
  if (!tiers || tiers.length < 2) return null;
  return (
    <ul className={['tier-list', className].filter(Boolean).join(' ')}>
      {tiers.slice(1).map((t) => (
        <li key={t.minQuantity}>
          {PRICE_LIST_TEXTS.tierFrom(t.minQuantity)} — <Price amount={t.netPrice} />
        </li>
      ))}
    </ul>
  );
}

/** The product page's table of a member's prices by quantity (when the price steps down). */
export function TierTable({ tiers }: { tiers?: ApiTradeTier[] }) {
  if (!tiers || tiers.length < 2) return null;
  return (
    <table className="tier-table">
      <caption>{PRICE_LIST_TEXTS.tiersTitle}</caption>
      <thead>
        <tr>
          <th scope="col">{PRICE_LIST_TEXTS.fromQuantity}</th>
          <th scope="col">{PRICE_LIST_TEXTS.unitPriceNet}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((t) => (
          <tr key={t.minQuantity}>
            <th scope="row">{PRICE_LIST_TEXTS.tierFrom(t.minQuantity)}</th>
            <td>
              <Price amount={t.netPrice} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** „в опаковка по 10 бр.“ for a pack of more than one. */
export function PackNote({ packSize }: { packSize: number }) {
  if (packSize <= 1) return null;
  return <span className="pack-note">{PRICE_LIST_TEXTS.perPack(packSize)}</span>;
}
