// schema.org structured data (JSON-LD) for search engines: the shop (Organization), the path to a
// page (BreadcrumbList) and a product with its offer.
import { absoluteUrl, shortDescription } from './Seo';
import { convertAmount, isCurrency } from '../../../domain/money';
import type { ApiProduct, PublicSettings } from '../../../domain/api';

export function organizationLd(settings: PublicSettings) {
  const { contacts } = settings;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: settings.brand,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
    ...(contacts.email ? { email: contacts.email } : {}),
    ...(contacts.phone ? { telephone: contacts.phone } : {}),
    address: { '@type': 'PostalAddress', ...(contacts.address ? { streetAddress: contacts.address } : {}), addressLocality: contacts.city || 'София', addressCountry: 'BG' },
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

export function productLd(product: ApiProduct, settings: PublicSettings) {
  const url = absoluteUrl(`/products/${product.slug}`);
  const price = shownPrice(product, settings);
  const sku = openingVariant(product)?.sku;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: shortDescription(product.seoDescription || product.description) || product.name,
    url,
    ...(product.images.length ? { image: product.images.map((im) => absoluteUrl(im.url)) } : {}),
    ...(sku ? { sku } : {}),
    brand: { '@type': 'Brand', name: settings.brand },
    ...(product.category ? { category: product.category.name } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: Math.round(price.amount * 100) / 100,
      priceCurrency: price.currency,
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: settings.brand },
    },
  };
}
