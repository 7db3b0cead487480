// A member's price: net, labelled „без ДДС“, with the same price with VAT in small print;
// both in the shop's currency and, while dual display is on, the other beside it (DESIGN §5).
// Shown only when the server answered trade prices (`pricesInclude: 'net'`): guests and consumers
// never get one.
import type { ApiProduct } from '@domain/api';
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

/** „в опаковка по 10 бр.“ for a pack of more than one. */
export function PackNote({ packSize }: { packSize: number }) {
  if (packSize <= 1) return null;
  return <span className="pack-note">{PRICE_LIST_TEXTS.perPack(packSize)}</span>;
}
