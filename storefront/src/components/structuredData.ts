// schema.org structured data (JSON-LD) for search engines: the shop (Organization), the path to a
// page (BreadcrumbList) and a product (or a group of variants) with its offers, delivery and returns.
import { absoluteUrl, shortDescription } from './Seo';
import { convertAmount, isCurrency } from '@domain/money';
import type { ApiProduct, PublicSettings } from '@domain/api';
import { WITHDRAWAL_DAYS } from '@domain/orderStatus';

/** Where the seller is, from its legal identity: „гр. София 1000, бул. „Витоша“ 1“
 *  gives the locality, the postal code and the street; the shop's contacts fill what it lacks. */
export function sellerAddress(settings: PublicSettings) {
  const { contacts, legal } = settings;
  const full = legal?.address ?? '';
  const postalCode = /\b(\d{4})\b/.exec(full)?.[1];
  const firstComma = full.indexOf(',');
  const street = firstComma >= 0 ? full.slice(firstComma + 1).trim() : '';
  const place = (legal?.seat || (firstComma >= 0 ? full.slice(0, firstComma) : '') || contacts.city || 'София')
    .replace(/\b\d{4}\b/, '')
    .replace(/^\s*(гр\.|град|с\.|село)\s*/i, '')
    .split(',')[0]
    .trim();
  return {
    '@type': 'PostalAddress',
    ...(street || contacts.address ? { streetAddress: street || contacts.address } : {}),
    addressLocality: place || 'София',
    ...(postalCode ? { postalCode } : {}),
    addressCountry: 'BG',
  };
}

/** The shop's logo: a square PNG (512×512) at a stable address, not the favicon. */
export const LOGO_PATH = '/logo.png';

export function organizationLd(settings: PublicSettings) {
  const { contacts, legal } = settings;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: settings.brand,
    ...(legal?.companyName ? { legalName: legal.companyName } : {}),
    url: absoluteUrl('/'),
    logo: absoluteUrl(LOGO_PATH),
    ...(contacts.email ? { email: contacts.email } : {}),
    ...(contacts.phone ? { telephone: contacts.phone } : {}),
    ...(legal?.vatNumber ? { vatID: legal.vatNumber } : {}),
    ...(legal?.eik ? { taxID: legal.eik } : {}),
    address: sellerAddress(settings),
  };
}

export function breadcrumbLd(items: Array<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: absoluteUrl(item.path) })),
  };
}

/** The variant a product page opens on: the first in stock, else the first. */
export function openingVariant(product: ApiProduct) {
  return product.variants.find((v) => v.stock > 0) ?? product.variants[0] ?? null;
}

/** The price the page opens with, in the shop's currency (prices are kept in BGN). */
export function shownPrice(product: ApiProduct, settings: PublicSettings): { amount: number; currency: string } {
  const bgn = openingVariant(product)?.price ?? product.price;
  const currency = isCurrency(settings.currency) ? settings.currency : 'BGN';
  return { amount: convertAmount(bgn, 'BGN', currency), currency };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Handling (the parcel leaves in 0–1 working days) and transit (1–2 days), as the terms say. */
const DELIVERY_TIME = {
  '@type': 'ShippingDeliveryTime',
  handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
  transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 2, unitCode: 'DAY' },
};

/**
 * What delivery in Bulgaria costs for an item at this price, from the shop's fees: one entry for
 * an Econt/Speedy office (the cheaper) and one to an address; free from the threshold on.
 */
export function shippingDetailsLd(price: number, settings: PublicSettings) {
  const currency = isCurrency(settings.currency) ? settings.currency : 'BGN';
  const free = settings.freeShippingThreshold !== null && price >= settings.freeShippingThreshold;
  const fees = settings.shippingFees;
  const office = Math.min(fees.econt_office, fees.speedy_office);
  return [office, fees.address].map((fee) => ({
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: free ? 0 : round2(fee), currency },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'BG' },
    deliveryTime: DELIVERY_TIME,
  }));
}

/** The 14-day withdrawal (ЗЗП чл. 50): returned by mail (courier), the return shipping paid by the
 *  buyer as the returns page says. */
export function returnPolicyLd() {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'BG',
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: WITHDRAWAL_DAYS,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
  };
}

type Variant = ApiProduct['variants'][number];

function offerLd(url: string, amount: number, currency: string, inStock: boolean, settings: PublicSettings) {
  return {
    '@type': 'Offer',
    url,
    price: round2(amount),
    priceCurrency: currency,
    availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: settings.brand },
    shippingDetails: shippingDetailsLd(amount, settings),
    hasMerchantReturnPolicy: returnPolicyLd(),
  };
}

/**
 * A product for search engines' merchant listings (Google's Product and merchant listing guides).
 * One variant is a Product. Several are a ProductGroup whose `hasVariant` Products each carry
 * their SKU, GTIN, name, strength (as `size`: the aspect the variants differ by) and offer, beside
 * a Product for the variant the page opens with (`isVariantOf` the group: the item a reader of the
 * page sees, as on a variant's own page), so that a reader of plain Product data finds it too.
 */
export function productLd(product: ApiProduct, settings: PublicSettings): object[] {
  const url = absoluteUrl(`/products/${product.slug}`);
  const currency = isCurrency(settings.currency) ? settings.currency : 'BGN';
  const common = {
    description: shortDescription(product.seoDescription || product.description) || product.name,
    ...(product.images.length ? { image: product.images.map((im) => absoluteUrl(im.url)) } : {}),
    brand: { '@type': 'Brand', name: settings.brand },
    ...(product.category ? { category: product.category.name } : {}),
  };
  const inShopCurrency = (v: Variant | null) => convertAmount(v?.price ?? product.price, 'BGN', currency);
  const opening = openingVariant(product);
  const shown = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url,
    ...common,
    ...(opening?.sku ? { sku: opening.sku } : {}),
    ...(opening?.gtin ? { gtin: opening.gtin } : {}),
    offers: offerLd(url, shownPrice(product, settings).amount, currency, opening ? opening.stock > 0 : product.inStock, settings),
  };
  if (product.variants.length <= 1)
    return [
      {
        ...shown,
        offers: { ...shown.offers, availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock' },
      },
    ];
  const groupId = `${url}#variants`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      '@id': groupId,
      name: product.name,
      url,
      ...common,
      productGroupID: String(product.id),
      variesBy: ['https://schema.org/size'],
      hasVariant: product.variants.map((v) => ({
        '@type': 'Product',
        sku: v.sku,
        ...(v.gtin ? { gtin: v.gtin } : {}),
        name: `${product.name} – ${v.name}`,
        size: v.name,
        ...common,
        offers: offerLd(url, inShopCurrency(v), currency, v.stock > 0, settings),
      })),
    },
    { ...shown, ...(opening ? { size: opening.name } : {}), isVariantOf: { '@id': groupId } },
  ];
}
