// The field builders every input schema is made of (zod 4), each carrying the Bulgarian texts of
// domain/messages.ts. The API's rules, kept exactly:
// - a field absent (or '' for anything but text) is "not given": refused with `message` or
//   "Полето е задължително." when required, else left out (or null when nullable);
// - null is accepted only where nullable;
// - `message`, when set, replaces every text of that field but the one-line refusal;
// - objects refuse unknown fields ("Непознато поле.") and drop the read-only echoes named in
//   `ignore` (react-admin sends the record back whole);
// - a partial update (`partialOf`) needs no required field, at any depth.
// No I/O here: the server (backend/src/platform/http/parseInput.ts) and the forms use these.
import { z } from 'zod';
import { API, SAFETY } from '../messages';
import { NAME_CONTROL, NAME_LINK } from '../names';
import { LINE_BREAK, SINGLE_LINE_MAX } from '../limits';
import { isEmailAddress } from '../email';
import { parseMoneyInput, toMinor } from '../money';

export interface Presence {
  required?: boolean;
  nullable?: boolean;
  /** One text for every refusal of this field (the one-line refusal excepted). */
  message?: string;
}

/** The schema of one field; its output type is what the route gets. */
export type Field<T = unknown> = z.ZodType<T>;

/** Each schema with required fields has a twin for partial updates (built alongside it). */
const partialTwins = new WeakMap<z.ZodType, z.ZodType>();

/** The same schema with nothing required, at any depth (PUT of a few fields). */
export function partialOf<T>(schema: Field<T>): Field<T> {
  return (partialTwins.get(schema) as Field<T> | undefined) ?? schema;
}

/** The value's own schema without the rules of presence: what a list checks each item with
 *  (an item is never "not given": null or '' there is a wrong value). */
const bareValues = new WeakMap<z.ZodType, z.ZodType>();
const bareOf = (f: z.ZodType): z.ZodType => bareValues.get(f) ?? f;

/**
 * The rules of presence around a value's own schema. `text`: '' is a value (checked as text);
 * for any other kind '' means "not given" (an empty form input).
 */
function present<T>(value: Field<T>, p: Presence, kind: 'text' | 'other', partial = false): Field<T> {
  const required = !!p.required && !partial;
  const missing = p.message ?? API.required;
  const presence = (v: unknown, ctx: { addIssue: (issue: { code: 'custom'; message: string }) => void }) => {
    if (v === undefined || (v === '' && kind !== 'text')) {
      if (required) ctx.addIssue({ code: 'custom', message: missing });
      return v === '' && p.nullable && !required ? null : undefined;
    }
    if (v === null && !p.nullable) ctx.addIssue({ code: 'custom', message: required ? missing : API.invalidValue });
    return v;
  };
  const inner = required ? value.nullable() : value.nullable().optional();
  const field = z.preprocess(presence, inner) as unknown as Field<T>;
  bareValues.set(field, value);
  return field;
}

/** A field with its twin for partial updates: a required field, or a list or object (which may
 *  hold required ones). */
function withPartial<T>(build: (partial: boolean) => Field<T>, twin = true): Field<T> {
  const full = build(false);
  if (twin) partialTwins.set(full, build(true));
  return full;
}

const say = (p: Presence, text: string) => p.message ?? text;

export interface TextRule extends Presence {
  min?: number;
  /** Trimmed before the checks (the default); passwords keep their spaces. */
  trim?: boolean;
  pattern?: RegExp;
  /** Unset: up to SINGLE_LINE_MAX characters is one line (names, addresses, phones: a CR/LF
   *  there would end up in e-mail headers and lines); a longer field may hold several. */
  multiline?: boolean;
  /** A name the shop's mail carries (a greeting, a notice): no links, no control characters
   *  (domain/names.ts), with texts of their own. */
  name?: boolean;
  /** A further rule on a non-empty value (e.g. a check digit); refused with `message`. */
  check?: (value: string) => boolean;
}

/** Text up to `max` characters ('' is text: refused only by `min`). */
export function text(max: number, rule: TextRule = {}): Field<string> {
  const { min, trim = true, pattern, multiline = max > SINGLE_LINE_MAX, name = false } = rule;
  let s = z.string({ error: say(rule, API.mustBeText) });
  // Before any other check: a line break is refused whatever the field's own message says.
  if (!multiline) s = s.refine((v) => !LINE_BREAK.test(v), { error: API.singleLine, abort: true });
  if (trim) s = s.trim();
  // abort: a pattern never runs over more than `max` characters.
  s = s.max(max, { error: say(rule, API.tooLong(max)), abort: true });
  if (name) {
    s = s.refine((v) => !NAME_CONTROL.test(v), { error: SAFETY.nameHasControl, abort: true });
    s = s.refine((v) => !NAME_LINK.test(v), { error: SAFETY.nameHasLink, abort: true });
  }
  if (min) s = s.min(min, { error: say(rule, min === 1 ? API.required : API.tooShort(min)) });
  if (pattern) s = s.regex(pattern, { error: say(rule, API.invalidValue) });
  if (rule.check) {
    const check = rule.check;
    s = s.refine((v) => v === '' || check(v), { error: say(rule, API.invalidValue) });
  }
  return withPartial((partial) => present(s, rule, 'text', partial), !!rule.required);
}

/** An e-mail address, trimmed and lower-cased. */
export function email(rule: Presence = {}): Field<string> {
  const bad = say(rule, API.invalidEmail);
  // isEmailAddress checks the length before its pattern: a megabyte never reaches the pattern.
  const s = z.string({ error: bad }).trim().toLowerCase().refine(isEmailAddress, { error: bad });
  return withPartial((partial) => present(s, rule, 'other', partial), !!rule.required);
}

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
/** A number, or a string that is one (query strings, form posts); anything else as it came. */
const asNumber = (v: unknown) => (typeof v === 'string' && NUMERIC.test(v) ? Number(v) : v);

export interface NumberRule extends Presence {
  min?: number;
  max?: number;
}

function bounded(n: z.ZodNumber, rule: NumberRule): z.ZodNumber {
  if (rule.min !== undefined) n = n.gte(rule.min, { error: say(rule, API.atLeast(rule.min)) });
  if (rule.max !== undefined) n = n.lte(rule.max, { error: say(rule, API.atMost(rule.max)) });
  return n;
}

/** Any finite number. */
export function number(rule: NumberRule = {}): Field<number> {
  const n = z.preprocess(asNumber, bounded(z.number({ error: say(rule, API.mustBeNumber) }), rule));
  return withPartial((partial) => present(n, rule, 'other', partial), !!rule.required);
}

/** A whole number. */
export function int(rule: NumberRule = {}): Field<number> {
  const whole = z.number({ error: say(rule, API.mustBeNumber) }).refine(Number.isInteger, { error: say(rule, API.mustBeInteger), abort: true });
  const n = z.preprocess(asNumber, bounded(whole as unknown as z.ZodNumber, rule));
  return withPartial((partial) => present(n, rule, 'other', partial), !!rule.required);
}

/**
 * An amount as the decimal it is typed in ("29,90", "29.90", 29.9), read the Bulgarian way and
 * never guessed (2990, or a third decimal rounded away, is refused), answered in minor units.
 * `min` and `max` are decimal amounts.
 */
export function readMoney(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6 ? v : undefined;
  if (typeof v === 'string' && /^\s*-/.test(v)) return NUMERIC.test(v) ? Number(v) : undefined;
  return parseMoneyInput(typeof v === 'string' ? v : null) ?? undefined;
}

export function money(rule: NumberRule = {}): Field<number> {
  const amount = bounded(z.number({ error: say(rule, API.invalidMoney) }), rule);
  const m = z.preprocess((v) => readMoney(v) ?? NaN, amount.transform(toMinor));
  return withPartial((partial) => present(m, rule, 'other', partial), !!rule.required);
}

/** Yes or no: true/false, also as "true"/"false", 1/0, "1"/"0". */
export function bool(rule: Presence = {}): Field<boolean> {
  const b = z.preprocess(
    (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
    z.boolean({ error: say(rule, API.mustBeBoolean) }),
  );
  return withPartial((partial) => present(b, rule, 'other', partial), !!rule.required);
}

/** One of the given strings. */
export function oneOf<const V extends readonly string[]>(values: V, rule: Presence = {}): Field<V[number]> {
  const e = z.enum(values as unknown as [string, ...string[]], { error: say(rule, API.oneOf(values)) });
  return withPartial((partial) => present(e as unknown as Field<V[number]>, rule, 'other', partial), !!rule.required);
}

/** A date and time, answered as an ISO timestamp. */
export function timestamp(rule: Presence = {}): Field<string> {
  const bad = say(rule, API.invalidDate);
  const t = z
    .string({ error: bad })
    .max(40, { error: bad })
    .refine((v) => !Number.isNaN(new Date(v).getTime()), { error: bad, abort: true })
    .transform((v) => new Date(v).toISOString());
  return withPartial((partial) => present(t, rule, 'other', partial), !!rule.required);
}

export interface ListRule extends Presence {
  max?: number;
}

/** A list of `item`; a list longer than `max` is refused before its items are read. */
export function list<T>(item: Field<T>, rule: ListRule = {}): Field<T[]> {
  let outer = z.array(z.unknown(), { error: say(rule, API.mustBeList) });
  if (rule.max !== undefined) outer = outer.max(rule.max, { error: say(rule, API.atMost(rule.max)) });
  return withPartial((partial) => present(outer.pipe(z.array(bareOf(partial ? partialOf(item) : item))) as Field<T[]>, rule, 'other', partial));
}

export type Shape = Record<string, Field<any>>;
/** What an object schema answers: the fields given (absent ones are left out). */
export type Parsed<S extends Shape> = { [K in keyof S]?: z.output<S[K]> };

export interface ObjectRule extends Presence {
  /** Read-only fields a client echoes back: accepted and dropped. */
  ignore?: readonly string[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An object of exactly these fields (unknown ones refused, `ignore`d ones dropped). */
export function object<S extends Shape>(shape: S, rule: ObjectRule = {}): Field<Parsed<S>> {
  const ignored = (rule.ignore ?? []).filter((k) => !Object.prototype.hasOwnProperty.call(shape, k));
  const dropIgnored = (v: unknown) => {
    if (!isPlainObject(v) || !ignored.some((k) => Object.prototype.hasOwnProperty.call(v, k))) return v;
    const out = { ...v };
    for (const k of ignored) delete out[k];
    return out;
  };
  /** A field given as '' where '' means "not given" comes out undefined: leave it out. */
  const leaveOutAbsent = (o: Record<string, unknown>) => {
    for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
    return o;
  };
  const build = (partial: boolean) => {
    const fields = partial ? Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, partialOf(f)])) : shape;
    const strict = z.strictObject(fields, {
      error: (issue) => (issue.code === 'unrecognized_keys' ? API.unknownField : say(rule, API.mustBeObject)),
    });
    return present(z.preprocess(dropIgnored, strict.transform(leaveOutAbsent)) as unknown as Field<Parsed<S>>, rule, 'other', partial);
  };
  return withPartial(build);
}

/**
 * Query-string parameters: unknown ones are ignored (cache-busting and tracking parameters are
 * common); a parameter given twice is refused.
 */
export function query<S extends Shape>(shape: S): Field<Parsed<S>> {
  const once = (f: Field<any>) =>
    z.preprocess((v, ctx) => {
      if (!Array.isArray(v)) return v;
      // As if not given: a required one says so, any other is an invalid value.
      const missing = f.safeParse(undefined);
      ctx.addIssue({ code: 'custom', message: missing.success ? API.invalidValue : missing.error.issues[0].message });
      return v;
    }, f);
  const fields = Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, once(f)]));
  const leaveOutAbsent = (o: Record<string, unknown>) => {
    for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
    return o;
  };
  return z.object(fields).transform(leaveOutAbsent) as unknown as Field<Parsed<S>>;
}

/** A positive whole-number id from a route parameter. */
export const ID_PATTERN = /^\d{1,12}$/;

/** The first text per field, keyed by its dotted path (`items.0.quantity`), as the API answers. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const at = issue.path.map(String);
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...at, k].join('.')) : [at.join('.')];
    // Own keys only: `path in errors` is true for "constructor" or "toString" on any object, and
    // such a field's refusal was lost (a body of only that key then passed with nothing parsed).
    for (const path of paths) {
      if (!Object.prototype.hasOwnProperty.call(errors, path)) {
        Object.defineProperty(errors, path, { value: issue.message, enumerable: true, writable: true, configurable: true });
      }
    }
  }
  return errors;
}
