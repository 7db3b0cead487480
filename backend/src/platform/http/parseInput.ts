// Request input through the shared schemas (domain/schemas, zod): a refusal is the API's one
// answer, 400 `{ message, errors: { "field.path": text } }`, every field at once: one problem
// is said plainly in `message`, several point to the fields.
import type { z } from 'zod';
import { API } from '../../../../domain/messages';
import { fieldErrors, ID_PATTERN, partialOf } from '../../../../domain/schemas/fields';
import { badRequest, FieldErrors } from './errors';

export interface ParseOptions {
  /** A partial update: no field is required, at any depth. */
  partial?: boolean;
}

export function throwIfErrors(errors: FieldErrors) {
  const keys = Object.keys(errors);
  if (keys.length === 0) return;
  const message = keys.length === 1 ? errors[keys[0]] : API.invalidInput;
  throw badRequest(message, errors);
}

function parseWith<T>(input: unknown, schema: z.ZodType): T {
  const result = schema.safeParse(input);
  if (!result.success) {
    throwIfErrors(fieldErrors(result.error));
    // A refusal always answers 400, even one no field's text came out of.
    throw badRequest(API.invalidInput);
  }
  return result.data as T;
}

/** A JSON body (an object) checked against its schema; throws 400 with every field error. */
export function parseBody<T = Record<string, any>>(body: unknown, schema: z.ZodType, opts: ParseOptions = {}): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(API.invalidInput, { body: API.mustBeObject });
  return parseWith<T>(body, opts.partial ? partialOf(schema) : schema);
}

/** Query-string parameters checked against a `query(...)` schema. */
export function parseQuery<T = Record<string, any>>(query: Record<string, unknown>, schema: z.ZodType): T {
  return parseWith<T>({ ...query }, schema);
}

/** A positive integer id from a route parameter, or 400. */
export function parseId(raw: string | undefined): number {
  if (!raw || !ID_PATTERN.test(raw)) throw badRequest(API.invalidId, { id: API.invalidId });
  const n = Number(raw);
  if (n < 1 || !Number.isSafeInteger(n)) throw badRequest(API.invalidId, { id: API.invalidId });
  return n;
}
