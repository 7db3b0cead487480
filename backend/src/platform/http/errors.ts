// One error shape for every refusal: { message, errors? } with the right status. Route code
// throws HttpError (or lets Objection's errors through); this middleware turns both into answers.
import type { Context, Next } from 'koa';
import {
  ValidationError,
  NotFoundError,
  UniqueViolationError,
  ForeignKeyViolationError,
  CheckViolationError,
  NotNullViolationError,
  DataError,
} from 'objection';
import { BANK_STATEMENT_TEXT } from '@domain/bankStatements';
import { API } from '@domain/messages';
import { scrubError } from './scrub';
import { isWriteFailure, noteWriteFailure } from '../db/storage';

export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  /** More to answer beside message and errors (e.g. the new quote with a 409 on a changed total). */
  extra?: Record<string, unknown>;
  constructor(
    public status: number,
    message: string,
    public errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = API.invalidInput, errors?: FieldErrors) => new HttpError(400, message, errors);
export const unauthorized = (message: string = API.notSignedIn) => new HttpError(401, message);
export const forbidden = (message: string = API.forbidden) => new HttpError(403, message);
export const notFound = (message: string = API.notFound) => new HttpError(404, message);
export const conflict = (message: string = API.conflict, errors?: FieldErrors) => new HttpError(409, message, errors);
export const tooManyRequests = (message: string = API.tooManyAttempts) => new HttpError(429, message);
export const serviceUnavailable = (message: string, errors?: FieldErrors) => new HttpError(503, message, errors);

/**
 * A body the parser could not read, as a refusal a person understands: too large (413), an
 * encoding or charset it does not speak (415), anything else (broken or cut-off compression,
 * invalid JSON, a body that ends early) 400. Never a 500: the client sent it.
 */
export function bodyParseError(err: any): HttpError {
  const type = String(err?.type ?? '');
  if (type === 'entity.too.large' || err?.status === 413) return new HttpError(413, API.payloadTooLarge);
  if (type === 'encoding.unsupported' || err?.status === 415) return new HttpError(415, API.bodyEncodingUnsupported);
  if (type === 'charset.unsupported') return new HttpError(415, API.bodyCharsetUnsupported);
  if (type === 'entity.parse.failed' || err?.name === 'SyntaxError') return badRequest(API.invalidJson, { body: API.invalidJson });
  return badRequest(API.bodyUnreadable, { body: API.bodyUnreadable });
}

/** Which unique column a violation is about, for a message a person understands. */
function uniqueMessage(err: { columns?: string[]; constraint?: string; table?: string; message: string }): {
  message: string;
  field?: string;
} {
  const cols = (err.columns ?? []).join(',') + ' ' + (err.constraint ?? '') + ' ' + err.message;
  if (/email/.test(cols)) return { message: API.emailTaken, field: 'email' };
  if (/sku/.test(cols)) return { message: API.skuTaken, field: 'sku' };
  if (/slug/.test(cols)) return { message: API.slugTaken, field: 'slug' };
  if (/line_hash|bank_statement_lines/.test(cols)) return { message: BANK_STATEMENT_TEXT.importing, field: 'file' };
  if (err.table === 'discounts' || /discounts[._]code/.test(cols)) return { message: API.discountCodeTaken, field: 'code' };
  return { message: API.conflict };
}

function toAnswer(err: any): { status: number; message: string; errors?: FieldErrors } {
  if (err instanceof HttpError) return { status: err.status, message: err.message, errors: err.errors };
  if (err instanceof ValidationError) {
    const errors: FieldErrors = {};
    for (const [field, list] of Object.entries((err.data ?? {}) as Record<string, Array<{ message: string }>>)) {
      errors[field] = API.invalidValue;
      void list;
    }
    return { status: 400, message: API.invalidInput, errors };
  }
  if (err instanceof NotFoundError) return { status: 404, message: API.notFound };
  // better-sqlite3's own error when Objection did not wrap it (e.g. inside insertAndFetch).
  if (err instanceof UniqueViolationError || err?.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    const { message, field } = uniqueMessage(err);
    return { status: 409, message, errors: field ? { [field]: message } : undefined };
  }
  if (err instanceof ForeignKeyViolationError) return { status: 409, message: API.referencedElsewhere };
  if (err instanceof CheckViolationError || err instanceof NotNullViolationError || err instanceof DataError) {
    return { status: 400, message: API.invalidInput };
  }
  // Body parser and other http-errors style failures.
  if (err?.type === 'entity.parse.failed' || err?.name === 'SyntaxError') return { status: 400, message: API.invalidJson };
  if (err?.type === 'entity.too.large' || err?.status === 413) return { status: 413, message: API.payloadTooLarge };
  if (err?.type === 'encoding.unsupported' || err?.type === 'charset.unsupported') return toAnswer(bodyParseError(err));
  // zlib's own errors (a broken compressed body that got past the body parser's guard).
  if (typeof err?.code === 'string' && /^Z_/.test(err.code)) return toAnswer(bodyParseError(err));
  // A full disk (or a failing one): the shop cannot write now, and will again when space returns.
  if (isWriteFailure(err)) {
    noteWriteFailure();
    return { status: 503, message: API.cannotWrite };
  }
  const status = Number(err?.status || err?.statusCode);
  if (status === 405 || status === 501) return { status: 405, message: API.methodNotAllowed };
  if (status >= 400 && status < 500) return { status, message: status === 404 ? API.notFound : API.invalidInput };
  return { status: 500, message: API.serverError };
}

export function errorMiddleware(log: (err: unknown, ctx: Context) => void = defaultLog) {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
    } catch (err) {
      const { status, message, errors } = toAnswer(err);
      if (status >= 500) log(err, ctx);
      ctx.status = status;
      const body = errors && Object.keys(errors).length ? { message, errors } : { message };
      ctx.body = err instanceof HttpError && err.extra ? { ...err.extra, ...body } : body;
    }
  };
}

function defaultLog(err: unknown, ctx: Context) {
  // scrub: a failed query's text carries its bindings (session ids, tokens): never in the log.
  console.error(JSON.stringify({ level: 'error', method: ctx.method, path: ctx.path, error: scrubError(err) }));
}
