// A page's head (title template '%s | {brand}' with a default title; description and
// keywords) plus what search engines and link previews read: the canonical URL, Open Graph,
// Twitter cards and JSON-LD. React 19 hoists <title>, <meta> and <link> into <head>, on the
// server (the renderer moves them there) and on every client-side navigation alike.
import { useLocation } from 'react-router-dom';
import { useSettings } from '../state/settings';
import { siteOrigin } from '../state/preloaded';
import { previewImagePath } from '@domain/storefrontPages';
import { scriptJson } from '@domain/scriptJson';

export const DEFAULT_TITLE = 'Вейп устройства TWINS и TRIPLES';
export const DEFAULT_DESCRIPTION =
  'VAP SOLO – вейп устройства TWINS и TRIPLES с два и три вкуса. Доставка в цяла България, плащане с наложен платеж.';
/** The picture a link preview shows when the page has none of its own. */
export const DEFAULT_IMAGE = '/uploads/demo/twins.svg';
const DESCRIPTION_MAX = 160;

/** '%s | {brand}', the brand once even when the title already ends with it ("… | VAP SOLO"). */
export function pageTitle(title: string | undefined, brand: string): string {
  const escaped = brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const own = (title || '').replace(new RegExp(`(\\s*[|–—-]\\s*${escaped})+\\s*$`, 'i'), '').trim();
  return `${own || DEFAULT_TITLE} | ${brand}`;
}

/** One line of at most 160 characters, cut at a word. */
export function shortDescription(text: string | undefined): string {
  const flat = (text || '').replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2)).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** An absolute URL on the shop's public address. */
export function absoluteUrl(pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${siteOrigin()}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export interface SeoProps {
  title?: string;
  description?: string;
  keywords?: string;
  /** The page's own address (path and query); the current path when absent. */
  canonical?: string;
  /** The preview picture (path or URL). */
  image?: string;
  type?: 'website' | 'product';
  /** Price shown on a product page, for Open Graph's product:price. */
  price?: { amount: number; currency: string };
  /** Structured data (schema.org), one <script type="application/ld+json"> each. */
  jsonLd?: object[];
  /** Pages that must not be indexed (the 404 page). */
  noindex?: boolean;
}

export function Seo({ title, description, keywords, canonical, image, type = 'website', price, jsonLd = [], noindex }: SeoProps) {
  const { brand } = useSettings();
  const location = useLocation();
  const fullTitle = pageTitle(title, brand);
  const text = shortDescription(description) || DEFAULT_DESCRIPTION;
  const url = absoluteUrl(canonical ?? location.pathname);
  const picture = absoluteUrl(previewImagePath(image || DEFAULT_IMAGE));
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      {keywords && <meta name="keywords" content={keywords} />}
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={brand} />
      <meta property="og:locale" content="bg_BG" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={picture} />
      {price && <meta property="product:price:amount" content={price.amount.toFixed(2)} />}
      {price && <meta property="product:price:currency" content={price.currency} />}
      {price && <meta property="og:price:amount" content={price.amount.toFixed(2)} />}
      {price && <meta property="og:price:currency" content={price.currency} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={text} />
      <meta name="twitter:image" content={picture} />
      {jsonLd.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      ))}
    </>
  );
}
