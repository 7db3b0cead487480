// Placeholder until the static-serving work lands: serves nothing.
import type { Context, Next } from 'koa';
import type { Config } from '../config';

export function staticFiles(_config: Config) {
  return async (_ctx: Context, next: Next) => next();
}
