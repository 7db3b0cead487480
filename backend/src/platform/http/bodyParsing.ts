// Reading JSON bodies: whatever goes wrong is the client's and answers a 4xx with a Bulgarian
// message (errors.ts bodyParseError), never a 500, before any other check (CSRF included).
// The body is read as UTF-8: a body that declares another charset is refused (415) rather
// than read as something it says it is not.
import type { Context, Next } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { bodyParseError, HttpError } from './errors';
import { API } from '@domain/messages';
import { BODY_MAX_BYTES } from '@domain/limits';

const READABLE_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);

export function parseJsonBodies() {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: BODY_MAX_BYTES,
    encoding: 'utf-8',
    onError: (err) => {
      throw bodyParseError(err);
    },
  });
  return async function readBody(ctx: Context, next: Next) {
    const charset = ctx.request.charset;
    if (charset && ctx.request.is('json') && !READABLE_CHARSETS.has(charset.toLowerCase()))
      throw new HttpError(415, API.bodyCharsetUnsupported);
    return parse(ctx, next);
  };
}
