// The storefront's server entry (storefront/src/entry-server.tsx): the same React components
// the browser runs. `npm run build` puts it in build/current/storefront-server/entry-server.js
// (scripts/build.mjs, with the storefront), loaded here at run time. Without that build (tests, `npm run dev`) the source is loaded when a
// TypeScript loader is present (jest, tsx); failing both, pages are served as the plain shell.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../config';
import type { PageNeeds, PagePayload } from '@domain/storefrontPages';

export interface StorefrontEntry {
  pageNeeds(url: string): PageNeeds;
  /** The page's HTML: React's hoisted head tags (<title>, <meta>, <link>) first, then the app. */
  render(payload: PagePayload): Promise<string>;
}

/** The built entry inside a build folder (config.buildDir). */
export const builtEntry = (buildDir: string) => path.join(buildDir, 'storefront-server', 'entry-server.js');
export const SOURCE_ENTRY = path.join(ROOT, 'storefront/src/entry-server.tsx');

function isEntry(m: unknown): m is StorefrontEntry {
  return !!m && typeof (m as StorefrontEntry).render === 'function' && typeof (m as StorefrontEntry).pageNeeds === 'function';
}

/** The first of these files that loads as an entry, or null. */
export function loadEntry(files: string[]): StorefrontEntry | null {
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    try {
      // A path known only at run time: bundlers leave it to Node's require.
      const m = require(file);
      if (isEntry(m)) return m;
    } catch {
      /* not loadable here (a .tsx without a TypeScript loader): try the next */
    }
  }
  return null;
}
