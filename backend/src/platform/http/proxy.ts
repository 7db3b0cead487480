// TRUST_PROXY with the proxies' addresses: X-Forwarded-* count only when the connection comes from
// one of them, and the client is the first address from the right of X-Forwarded-For that is not
// a proxy. (With a number of hops Koa does it itself: `proxy` + `maxIpsCount`.)
import type { Context, Next } from 'koa';

const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

const plain = (ip: string) => ip.trim().replace(/^::ffff:/, '');

export function trustListedProxies(trusted: string[]) {
  const proxies = new Set(trusted.map(plain));
  return async (ctx: Context, next: Next) => {
    const from = plain(ctx.req.socket.remoteAddress ?? '');
    if (!proxies.has(from)) {
      for (const h of FORWARDED) delete ctx.req.headers[h];
      ctx.request.ip = from;
      return next();
    }
    const chain = String(ctx.get('x-forwarded-for') || '')
      .split(',')
      .map(plain)
      .filter(Boolean);
    let client = from;
    while (chain.length) {
      const hop = chain.pop()!;
      client = hop;
      if (!proxies.has(hop)) break;
    }
    ctx.request.ip = client;
    return next();
  };
}
