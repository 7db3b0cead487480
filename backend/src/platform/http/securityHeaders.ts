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

/** `scriptSources`: inline scripts allowed by their CSP hash sources ('sha256-…'). */
export function securityHeaders(production: boolean, scriptSources: string[] = []) {
  const CSP = csp(scriptSources);
  return async (ctx: Context, next: Next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    // Uploaded files carry a stricter policy of their own.
    if (!ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', CSP);
    if (production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (ctx.path.startsWith('/api/') && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  };
}
