// The data a server-rendered page was rendered with: the server fetches it once and
// puts it in the page (<script type="application/json" id="__DATA__">), so hydration renders the
// same thing without asking the API again. It belongs to the page the server rendered only:
// once the shopper moves to another page, pages fetch their data as before.
import { createContext, ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { PublicSettings } from '@domain/api';
import type { PagePayload } from '@domain/storefrontPages';

export type { PagePayload };

export const DATA_ELEMENT_ID = '__DATA__';

const PreloadedContext = createContext<PagePayload | null>(null);

/** The shop's public address for absolute links: the server's when known, else this window's. */
let knownOrigin = '';
export function siteOrigin(): string {
  if (knownOrigin) return knownOrigin;
  return typeof window !== 'undefined' ? window.location.origin : '';
}

/** The payload the server put in this page, if any. */
export function readPagePayload(doc: Document = document): PagePayload | null {
  const el = doc.getElementById(DATA_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as PagePayload;
  } catch {
    return null;
  }
}

/** Holds the payload while the shopper is still on the page it was made for. */
export function PreloadedProvider({ payload, children }: { payload: PagePayload | null; children: ReactNode }) {
  if (payload?.origin) knownOrigin = payload.origin;
  const location = useLocation();
  const [current, setCurrent] = useState(payload);
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current) setCurrent(null);
  }, [location.key]);
  return <PreloadedContext.Provider value={current}>{children}</PreloadedContext.Provider>;
}

/** The preloaded value for this page, or undefined when the page must fetch it. */
export function usePreloaded<K extends keyof PagePayload>(key: K): PagePayload[K] | undefined {
  const payload = useContext(PreloadedContext);
  const location = useLocation();
  if (!payload || payload.url !== location.pathname + location.search) return undefined;
  return payload[key];
}

/** The settings the page was rendered with (they do not depend on the page). */
export function usePreloadedSettings(): PublicSettings | undefined {
  return useContext(PreloadedContext)?.settings;
}

/** True while on the page the server rendered (its HTML is what the browser hydrates). */
export function useRenderedOnServer(): boolean {
  return useContext(PreloadedContext) !== null;
}
