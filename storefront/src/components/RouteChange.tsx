// What a browser does on a real page load, done for the single-page app (react-router's
// <ScrollRestoration> needs a data router; this app uses <BrowserRouter>):
// - a new page (link, "Следваща") opens at the top; Back/Forward (and a reload) return to where
//   the shopper was on that entry, once the page is tall enough again (its data loads late);
// - focus moves to the new page's main heading (h1, made focusable with tabindex=-1), so a
//   keyboard or screen-reader user starts on the new page, not on the link they left;
// - the new page's title is announced once, in the page's polite live region (state/announce).
// Positions are kept per history entry (location.key) in sessionStorage, as browsers keep them
// per tab.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { announce } from '../state/announce';
import { useLocation, useNavigationType } from 'react-router-dom';

export const SCROLL_KEY = 'scroll-positions';
const KEEP_ENTRIES = 50;
/** How long a Back may wait for its page to grow tall enough to scroll back to. */
const RESTORE_WAIT_MS = 4000;
/** How long a new page may take to show its heading. */
const HEADING_WAIT_MS = 8000;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const value = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number) {
  try {
    const all = readPositions();
    delete all[key];
    all[key] = Math.round(y);
    const keys = Object.keys(all);
    for (const k of keys.slice(0, Math.max(0, keys.length - KEEP_ENTRIES))) delete all[k];
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify(all));
  } catch {
    /* private mode: positions are not kept */
  }
}

/** Scrolls to y as soon as the page is tall enough; gives up when the shopper scrolls first. */
function restoreTo(y: number): () => void {
  let frame = 0;
  let stopped = false;
  const stop = () => {
    stopped = true;
    cancelAnimationFrame(frame);
    for (const e of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.removeEventListener(e, stop);
  };
  for (const e of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.addEventListener(e, stop, { passive: true });
  const deadline = Date.now() + RESTORE_WAIT_MS;
  const attempt = () => {
    if (stopped) return;
    window.scrollTo(0, y);
    // Loading pages (skeletons say aria-busy) may still change height: hold on until they are done.
    const loading = !!document.querySelector('main [aria-busy="true"], .route-progress-loading');
    if ((!loading && Math.abs(window.scrollY - y) <= 1) || Date.now() > deadline) return stop();
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}

/** Calls back with the main heading once the page shows it. */
function whenHeading(found: (h: HTMLElement) => void): () => void {
  // Not the heading of a page still on its way out, nor of a skeleton.
  const look = () => (document.querySelector('main [aria-busy="true"]') ? null : document.querySelector<HTMLElement>('main h1'));
  const observer = new MutationObserver(() => {
    const h = look();
    if (h) {
      cleanup();
      found(h);
    }
  });
  const timer = setTimeout(() => cleanup(), HEADING_WAIT_MS);
  const cleanup = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  // First look once the updates the new page scheduled in its own effects have been rendered.
  const first = setTimeout(() => {
    const h = look();
    if (h) {
      cleanup();
      found(h);
    }
  }, 0);
  return () => {
    clearTimeout(first);
    cleanup();
  };
}

/**
 * A page loaded afresh has no history state, and react-router names its entry 'default': the same
 * name for every page loaded afresh in the tab, so one such page's remembered position was
 * restored on the next (a member opening a product page landed halfway down it). Called before
 * the router reads the entry: it gets a key of its own, which the browser keeps in history.state
 * across a reload and Back/Forward, so those still return to the shopper's place.
 */
export function keyThisEntry(): void {
  const state = window.history.state as { key?: unknown } | null;
  if (state && typeof state.key === 'string' && state.key) return;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ usr: null, ...(state ?? {}), key, idx: 0 }, '');
}

export function RouteChange() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  const lastPath = useRef(location.pathname);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Remember this entry's position while the shopper is on it.
  useEffect(() => {
    const key = location.key;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // A scroll caused by the next page (its scroll to the top) is not this entry's.
        const current = (window.history.state as { key?: string } | null)?.key;
        if (current && current !== key) return;
        savePosition(key, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [location.key]);

  // Scroll: before paint, so the new page never flashes at the old position.
  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      const y = readPositions()[location.key];
      return y ? restoreTo(y) : (window.scrollTo(0, 0), undefined);
    }
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return undefined;
    }
    window.scrollTo(0, 0);
    return undefined;
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  // Focus and announce: only when the page changes (not on the first load, where the browser
  // starts at the top of the document, and not when only the query changes, e.g. a filter).
  useEffect(() => {
    const pageChanged = lastPath.current !== location.pathname;
    lastPath.current = location.pathname;
    if (first.current) {
      first.current = false;
      return undefined;
    }
    if (!pageChanged) return undefined;
    return whenHeading((h) => {
      if (!h.hasAttribute('tabindex')) h.setAttribute('tabindex', '-1');
      h.focus({ preventScroll: navigationType === 'POP' });
      // The title React hoisted into <head> for this page, else the heading.
      announce(document.title || h.textContent || '');
    });
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  return null;
}
