// The page's HTML document: the built storefront's index.html (its scripts and styles) with the
// rendered app in #root, the head tags React hoisted moved into <head> (in place of the shell's
// default title and description), the age gate's head script (ageGateHead.ts), and the page's
// data for hydration in a JSON script element.
import fs from 'node:fs';
import path from 'node:path';
import type { PagePayload } from '@domain/storefrontPages';
import { appAfterPaint } from './appAfterPaint';
import { scriptJson } from '@domain/scriptJson';
import { AGE_GATE_HEAD } from './ageGateHead';

export const ROOT_ELEMENT = '<div id="root"></div>';
export const DATA_ELEMENT_ID = '__DATA__';

/** Without a built storefront (tests, development): the same document, without scripts. */
const BARE_TEMPLATE = `<!doctype html>
<html lang="bg">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#5b21b6" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body>
    ${ROOT_ELEMENT}
  </body>
</html>
`;

export interface Template {
  /** Up to </head> (not included), without the shell's <title> and description. */
  head: string;
  /** The build's chunks by source file (Vite's manifest); empty without a build. */
  chunks?: Record<string, { file: string; name?: string; imports?: string[] }>;
  /** From </head> to the root element (not included). */
  bodyStart: string;
  /** After the root element. */
  bodyEnd: string;
}

/** A template from an index.html; null when it has no empty root element to fill. */
export function parseTemplate(html: string): Template | null {
  const headEnd = html.indexOf('</head>');
  const root = html.indexOf(ROOT_ELEMENT);
  if (headEnd < 0 || root < headEnd) return null;
  const head = html
    .slice(0, headEnd)
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  return { head, bodyStart: html.slice(headEnd, root), bodyEnd: html.slice(root + ROOT_ELEMENT.length) };
}

/** The built storefront's template, or the bare one when there is no build; null when unusable. */
export function loadTemplate(storefrontDist: string): Template | null {
  const index = path.join(storefrontDist, 'index.html');
  const template = parseTemplate(fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : BARE_TEMPLATE);
  if (template) template.head = inlineStylesheets(template.head, storefrontDist);
  const manifest = path.join(storefrontDist, '.vite', 'manifest.json');
  if (template && fs.existsSync(manifest)) {
    try {
      template.chunks = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    } catch {
      /* no preloads, the page still works */
    }
  }
  return template;
}

/**
 * The built stylesheet in the page itself (the CSP allows inline styles): the first paint then
 * waits for nothing but the HTML, instead of a CSS download that shares a slow phone connection
 * with the app's scripts.
 */
export function inlineStylesheets(head: string, storefrontDist: string): string {
  return head.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g, (tag, file: string) => {
    const css = path.join(storefrontDist, file);
    if (!fs.existsSync(css)) return tag;
    return `<style>${fs.readFileSync(css, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * <link rel="modulepreload"> for a page's chunk and the chunks it imports, unless the shell
 * loads them already: the browser fetches the page's code beside the app's, and hydration
 * (which waits for it) starts sooner.
 */
export function chunkPreloads(template: Template, source: string | undefined): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = template.chunks?.[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  if (source) {
    // A page other pages also import is a shared chunk, keyed by its file and named after it.
    const name = path.basename(source).replace(/\.\w+$/, '');
    const shared = Object.entries(template.chunks ?? {}).find(([, c]) => c.name === name)?.[0];
    visit(template.chunks?.[source] ? source : (shared ?? source));
  }
  return [...files]
    .filter((file) => !template.head.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/** React writes the tags it hoists (title, meta, link) before the app when it renders no <head>. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

export function splitHoisted(appHtml: string): { headTags: string; body: string } {
  const headTags = HOISTED.exec(appHtml)?.[0] ?? '';
  return { headTags, body: appHtml.slice(headTags.length) };
}

/** The image preloads React hoisted (storefront components/priorityImage). */
const IMAGE_PRELOAD = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="image")[^>]*>/g;

/**
 * The page's first pictures are asked for first, ahead of the styles and any script: over HTTP/1.1
 * a phone has six connections to the shop, and a picture found after seven scripts waited for one.
 */
export function imagesFirst(head: string, hoisted: string): { head: string; hoisted: string } {
  const images = hoisted.match(IMAGE_PRELOAD)?.join('') ?? '';
  if (!images) return { head, hoisted };
  const at = Math.min(
    ...['<script', '<style', '<link rel="modulepreload"'].map((tag) => head.indexOf(tag)).filter((i) => i >= 0),
    head.length,
  );
  return { head: `${head.slice(0, at)}${images}${head.slice(at)}`, hoisted: hoisted.replace(IMAGE_PRELOAD, '') };
}

export function pageDocument(template: Template, appHtml: string, payload: PagePayload, chunk?: string): string {
  const split = splitHoisted(appHtml);
  const { head, boot } = appAfterPaint(`${template.head}${chunkPreloads(template, chunk)}`);
  const images = imagesFirst(head, split.headTags);
  return (
    `${images.head}${AGE_GATE_HEAD}${images.hoisted}\n  ${template.bodyStart}<div id="root">${split.body}</div>` +
    `<script type="application/json" id="${DATA_ELEMENT_ID}">${scriptJson(payload)}</script>${boot}${template.bodyEnd}`
  );
}
