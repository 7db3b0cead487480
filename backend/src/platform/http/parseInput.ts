// Request input through the shared schemas (domain/schemas, zod): a refusal is the API's one
// answer, 400 `{ message, errors: { "field.path": text } }`, every field at once: one problem
// is said plainly in `message`, several point to the fields.
import { z } from 'zod';
import { API } from '@domain/messages';
import { fieldErrors, ID_PATTERN, withoutAbsent } from '@domain/schemas/fields';
import { badRequest, FieldErrors } from './errors';

export function throwIfErrors(errors: FieldErrors) {
  const keys = Object.keys(errors);
  if (keys.length === 0) return;
  const message = keys.length === 1 ? errors[keys[0]] : API.invalidInput;
  throw badRequest(message, errors);
}

/** Each schema as zod compiles it ahead of use (`z.compile`): one generated function per schema,
 *  about half the time of the runtime parse inside a request, where the parse runs cold. The
 *  compiled parse hands anything it would refuse to the runtime parser, so refusals say the same;
 *  a schema zod cannot compile is used as it is. */
const compiledSchemas = new WeakMap<z.ZodType, z.ZodType>();
export function compiledSchema<S extends z.ZodType>(schema: S): S {
  let made = compiledSchemas.get(schema);
  if (!made) {
    made = z.compile(schema);
    compiledSchemas.set(schema, made);
  }
  return made as S;
}

function parseWith<S extends z.ZodType>(input: unknown, schema: S): z.output<S> {
  const result = compiledSchema(schema).safeParse(input);
  if (!result.success) {
    throwIfErrors(fieldErrors(result.error));
    // A refusal always answers 400, even one no field's text came out of.
    throw badRequest(API.invalidInput);
  }
  return withoutAbsent(result.data);
}

/** A JSON body (an object) checked against its schema (a partial update has a schema of its
 *  own); throws 400 with every field error. */
export function parseBody<S extends z.ZodType>(body: unknown, schema: S): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(API.invalidInput, { body: API.mustBeObject });
  return parseWith(body, schema);
}

/** Query-string parameters checked against a `query(...)` schema. */
export function parseQuery<S extends z.ZodType>(query: Record<string, unknown>, schema: S): z.output<S> {
  return parseWith({ ...query }, schema);
}

/** A positive integer id from a route parameter, or 400. */
export function parseId(raw: string | undefined): number {
  if (!raw || !ID_PATTERN.test(raw)) throw badRequest(API.invalidId, { id: API.invalidId });
  const n = Number(raw);
  if (n < 1 || !Number.isSafeInteger(n)) throw badRequest(API.invalidId, { id: API.invalidId });
  return n;
}
