// The trade channel's shared vocabulary: companies that buy for resale,
// their statuses and payment terms, the shop's sales modes and which product kinds the tobacco law
// regulates. Pure: used by the server, the admin and the storefront alike.
import type { ProductKind } from './productKinds';
import { addDays } from './dates';

export const COMPANY_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  pending: 'Чака одобрение',
  approved: 'Одобрен',
  rejected: 'Отказан',
  suspended: 'Спрян',
};

/** Payment terms a company may get, in days: 0 is prepayment. */
export const PAYMENT_TERMS_DAYS = [0, 7, 14, 30] as const;
export type PaymentTermsDays = (typeof PAYMENT_TERMS_DAYS)[number];

/** `all`: consumers and trade (the shop as first built); `trade_only`: regulated products are
 *  offered and sold online to members of approved companies only (ЗТТСТИ чл. 31а). */
export const SALES_MODES = ['all', 'trade_only'] as const;
export type SalesMode = (typeof SALES_MODES)[number];

/** What a consumer sees of a regulated product in `trade_only`: the product without price and
 *  ordering, or nothing. */
export const CONSUMER_CATALOGUES = ['info', 'hidden'] as const;
export type ConsumerCatalogue = (typeof CONSUMER_CATALOGUES)[number];

/** E-cigarettes with their devices, refill containers (pods, cartridges) and liquids are tobacco-related
 *  products (ЗТТСТИ § 1 т. 39); accessories are not. */
export const REGULATED_KINDS: readonly ProductKind[] = ['device', 'pod', 'liquid'];

export function isRegulatedKind(kind: ProductKind | null | undefined): boolean {
  return !!kind && REGULATED_KINDS.includes(kind);
}

/** A company's buying terms as the server applies them to its members (minor units). */
export interface TradeTerms {
  companyId: number;
  companyName: string;
  priceListId: number | null;
  paymentTermsDays: number;
  /** With VAT, minor units of the currency of account; null: no limit. */
  creditLimit: number | null;
  /** The tobacco trade permit's number and its last valid day ("YYYY-MM-DD"; null: none on record). */
  tobaccoPermit: string;
  tobaccoPermitExpiresAt: string | null;
  /** Every order must carry the buyer's purchase-order number. */
  requirePurchaseOrderNumber?: boolean;
}

/** How many days before its expiry a permit is flagged to staff and the company is told. */
export const PERMIT_NOTICE_DAYS = 30;

/**
 * Where a company's tobacco trade permit stands on a shop-local day ("YYYY-MM-DD"):
 * `missing`: no expiry date on record, so nothing is blocked (the shop has not been told of one);
 * `expired`: its last valid day is before the day, so regulated goods cannot be ordered;
 * `expiring`: it is still valid and ends within PERMIT_NOTICE_DAYS; `valid`: it ends later.
 */
export const PERMIT_STANDINGS = ['missing', 'expired', 'expiring', 'valid'] as const;
export type PermitStanding = (typeof PERMIT_STANDINGS)[number];

export function permitStanding(expiresAt: string | null | undefined, today: string): PermitStanding {
  if (!expiresAt) return 'missing';
  if (expiresAt < today) return 'expired';
  return expiresAt <= permitNoticeHorizon(today) ? 'expiring' : 'valid';
}

/** The last expiry date that is within the notice on `today`. */
export function permitNoticeHorizon(today: string): string {
  return addDays(today, PERMIT_NOTICE_DAYS);
}

/** A price list's discount is kept in hundredths of a percent (12.5 % = 1250). */
export const PERCENT_BP = 100;

/** A variant's trade unit price, net, minor units: the list's fixed net price for it, else the retail
 *  net price (retail gross less VAT, half-up) less the list's discount, the price rounded half-up. */
export function tradeUnitNet(retailGross: number, vatPercent: number, discountBp: number, fixedNet?: number | null): number {
  if (fixedNet !== undefined && fixedNet !== null) return fixedNet;
  const retailNet = retailGross - halfUp(retailGross * vatPercent, 100 + vatPercent);
  return halfUp(retailNet * (100 * PERCENT_BP - discountBp), 100 * PERCENT_BP);
}

function halfUp(a: number, b: number): number {
  const q = Math.floor(a / b);
  return 2 * (a - q * b) >= b ? q + 1 : q;
}

/** One step of a variant's trade price: from `minQuantity` units a line costs `netPrice` a unit (net,
 *  minor units here; decimals in the API). */
export interface TradeTier {
  minQuantity: number;
  netPrice: number;
}

/**
 * A variant's trade price ladder by a price list (net, minor units), cheapest quantity first: the
 * base from 1 unit — the list's row from 1, else the retail net less the list's discount — then the
 * list's rows from more units (quantity breaks). What a line pays is tradeUnitPriceAt of it.
 */
export function tradePriceTiers(
  retailGross: number,
  vatPercent: number,
  discountBp: number,
  rows: ReadonlyArray<TradeTier> = [],
): TradeTier[] {
  const base = rows.find((r) => r.minQuantity <= 1);
  const breaks = rows.filter((r) => r.minQuantity > 1).sort((a, b) => a.minQuantity - b.minQuantity);
  return [{ minQuantity: 1, netPrice: tradeUnitNet(retailGross, vatPercent, discountBp, base?.netPrice) }, ...breaks];
}

/** The unit price a line of `quantity` pays by a ladder: the step with the greatest minimum quantity
 *  the line reaches (the first step below every minimum). The one rule for quotes, orders, invoices. */
export function tradeUnitPriceAt(tiers: ReadonlyArray<TradeTier>, quantity: number): number {
  let price = tiers[0]?.netPrice ?? 0;
  let reached = 0;
  for (const t of tiers)
    if (t.minQuantity <= Math.max(1, quantity) && t.minQuantity >= reached) {
      price = t.netPrice;
      reached = t.minQuantity;
    }
  return price;
}

/** What a product asks of a trade line: at least `minimum` units, in multiples of `multiple`. */
export interface TradeQuantityRule {
  minimum: number;
  multiple: number;
  /** Whether the multiple is the variant's pack (the product sets none of its own). */
  byPack: boolean;
}

/** A product's trade minimum (default 1) and multiple (its own, else the variant's pack size). */
export function tradeQuantityRule(
  product: { tradeMinimumQuantity?: number | null; tradeMultiple?: number | null },
  variant: { packSize?: number | null },
): TradeQuantityRule {
  const own = product.tradeMultiple ?? null;
  return {
    minimum: Math.max(1, product.tradeMinimumQuantity ?? 1),
    multiple: Math.max(1, own ?? variant.packSize ?? 1),
    byPack: own === null,
  };
}

/** Why a trade line's quantity is refused by its rule: below the minimum first, then not a multiple. */
export function tradeQuantityProblem(quantity: number, rule: TradeQuantityRule): 'minimum' | 'multiple' | null {
  if (quantity < rule.minimum) return 'minimum';
  if (quantity % rule.multiple !== 0) return 'multiple';
  return null;
}
