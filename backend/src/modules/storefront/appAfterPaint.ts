// A rendered page is whole without its scripts: the app (hydration: buttons, the cart) is asked
// for once the page and its first pictures have been painted, not beside the HTML. On a phone's slow connection the ~100 KB
// of code then no longer shares the first moments with the page and its first pictures, and the
// page shows sooner (Lighthouse counts what is fetched before the first paint as holding it up).
// The shell's module script and the chunk preloads become a list the boot script reads after the
// first frame; the boot script is allowed by its hash in the CSP (platform/http/securityHeaders).
import crypto from 'node:crypto';
import { scriptJson } from '@domain/scriptJson';

const SCRIPTS_ELEMENT_ID = 'app-scripts';

/** Once the page and its first pictures have loaded and the next frame is painted: preload the
 *  chunks, run the app. (The pictures further down load lazily and do not hold it up.) */
export const APP_BOOT_SCRIPT =
  `addEventListener("load",function(){requestAnimationFrame(function(){setTimeout(function(){` +
  `var b=JSON.parse(document.getElementById(${JSON.stringify(SCRIPTS_ELEMENT_ID)}).textContent),h=document.head;` +
  `b.preload.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)});` +
  `b.entry.forEach(function(u){var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=u;h.appendChild(s)})` +
  `},0)})})`;

export const APP_BOOT_SCRIPT_SOURCE = `'sha256-${crypto.createHash('sha256').update(APP_BOOT_SCRIPT, 'utf8').digest('base64')}'`;

const MODULE_SCRIPT = /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>/g;

/** The head without the app's script tags, and the tags that load it after the first paint. */
export function appAfterPaint(headParts: string): { head: string; boot: string } {
  const entry = [...headParts.matchAll(MODULE_SCRIPT)].map((m) => m[1]);
  if (!entry.length) return { head: headParts, boot: '' };
  const preload = [...headParts.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const head = headParts.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const boot = `<script type="application/json" id="${SCRIPTS_ELEMENT_ID}">${scriptJson({ entry, preload })}</script><script>${APP_BOOT_SCRIPT}</script>`;
  return { head, boot };
}
