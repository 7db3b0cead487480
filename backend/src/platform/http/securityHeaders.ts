// Security headers on every answer. The CSP allows no inline scripts (the Vite builds load
// module scripts from files) but the ones named by their hashes (the age gate's one line in
// rendered pages: app.ts hands it in); inline styles are allowed because MUI/emotion inject them.
import type { Context, Next } from 'koa';

const csp = (scriptSources: string[]) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The headers every answer carries, in order (`scriptSources`: inline scripts allowed by their
 *  CSP hash sources, 'sha256-…'); also what the front door sends with a kept answer. */
export function securityHeaderPairs(production: boolean, scriptSources: string[] = []): Array<[string, string]> {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ['Content-Security-Policy', csp(scriptSources)],
    ...(production ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
}

export function securityHeaders(production: boolean, scriptSources: string[] = []) {
  const pairs = securityHeaderPairs(production, scriptSources);
  return async (ctx: Context, next: Next) => {
    await next();
    for (const [name, value] of pairs) {
      // Uploaded files carry a stricter policy of their own.
      if (name === 'Content-Security-Policy' && ctx.response.get(name)) continue;
      ctx.set(name, value);
    }
    if (ctx.path.startsWith('/api/') && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  };
}
