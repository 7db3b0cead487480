// The field builders the input schemas are made of (zod 4, used plainly): each returns an ordinary
// zod schema carrying the Bulgarian texts of domain/messages.ts; the schemas are `z.strictObject`s
// of these and their types are `z.output<typeof schema>`. The API's rules, kept exactly:
// - a field absent (or '' for anything but text) is "not given": refused with `message` or
//   "Полето е задължително." when required, else left out (or null when nullable);
// - null is accepted only where nullable;
// - `message`, when set, replaces every text of that field but the one-line refusal;
// - objects refuse unknown fields ("Непознато поле.") and drop the read-only echoes named in
//   `ignore` (react-admin sends the record back whole);
// - a partial update needs no required field, at any depth: its schema is the same fields built
//   with `required: false` (see productChangeInput). zod's own `.partial()` would keep each field's
//   texts for null and '' as if it were still required, so it is not used for those;
// - a list checks each item with the item's own schema: an `input(...)`, or a builder given
//   `item: true` (an item is never "not given": null or '' there is a wrong value).
// A field given as '' where '' means "not given" comes out undefined: the server drops such keys
// (`withoutAbsent`, backend/src/platform/http/parseInput.ts). No I/O here.
/* eslint-disable @typescript-eslint/no-empty-object-type -- a field given no rule has the empty rule `{}` as its type */
import { z } from 'zod';
import { API, SAFETY } from '../messages';
import { NAME_CONTROL, NAME_LINK } from '../names';
import { LINE_BREAK, SINGLE_LINE_MAX } from '../limits';
import { isEmailAddress } from '../email';
import { parseMoneyInput, toMinor } from '../money';
import { parseBgDate } from '../dateInput';

export interface Presence {
  required?: boolean;
  nullable?: boolean;
  /** One text for every refusal of this field (the one-line refusal excepted). */
  message?: string;
  /** The text for a value not given (or, for text, left empty), where a form says more than
   *  "Полето е задължително." ("Въведете име."); the field's other refusals keep their texts. */
  missing?: string;
  /** A list's item: no rules of presence (null, or '' for anything but text, is a wrong value). */
  item?: boolean;
}

/** The type of a field with presence `P` whose value is `T`, as z.output reads it: `| null` where
 *  nullable, an optional key unless required. (Where '' means "not given" the field is a
 *  z.preprocess around the `.optional()`; only its type is written as the ZodOptional.) */
export type FieldOf<T, P> = P extends { item: true }
  ? z.ZodType<T>
  : P extends { required: true }
    ? z.ZodType<P extends { nullable: true } ? T | null : T>
    : z.ZodOptional<z.ZodType<P extends { nullable: true } ? T | null : T>>;

const say = (p: Presence, text: string) => p.message ?? text;

/** zod's text for a value of the wrong kind, replaced by the shop's: absent (undefined) or null
 *  where not allowed is said as a missing or invalid value, anything else with `text`. */
function wrongKind(p: Presence, text: string) {
  const missing = p.message ?? p.missing ?? API.required;
  return (issue: { input?: unknown }): string => {
    if (p.item) return say(p, text);
    if (issue.input === undefined) return missing;
    if (issue.input === null) return p.required ? missing : API.invalidValue;
    return say(p, text);
  };
}

/**
 * An empty form input sends '': for anything but text that means "not given" (null where the
 * field is nullable and not required). A preprocess, because zod's `.optional()` only lets
 * undefined through.
 */
const blankIsNotGiven = (p: Presence) => (v: unknown) => (v === '' ? (p.nullable && !p.required ? null : undefined) : v);

/** The value as a field: `.nullable()` where null is allowed, `.optional()` unless required. */
function field(value: z.ZodType, p: Presence, blankMeansAbsent: boolean): z.ZodType {
  if (p.item) return value;
  const nullable = p.nullable ? value.nullable() : value;
  const present = p.required ? nullable : nullable.optional();
  return blankMeansAbsent ? z.preprocess(blankIsNotGiven(p), present) : present;
}

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
  /** A value the field accepts, for the API reference where no pattern or length says one. */
  example?: string;
}

/** Text up to `max` characters ('' is text: refused only by `min`). */
export function text<const P extends TextRule = {}>(max: number, rule: P = {} as P): FieldOf<string, P> {
  const { min, trim = true, pattern, multiline = max > SINGLE_LINE_MAX, name = false } = rule;
  let s = z.string({ error: wrongKind(rule, API.mustBeText) });
  // Before any other check: a line break is refused whatever the field's own message says.
  if (!multiline) s = s.refine((v) => !LINE_BREAK.test(v), { error: API.singleLine, abort: true });
  if (trim) s = s.trim();
  // abort: a pattern never runs over more than `max` characters.
  s = s.max(max, { error: say(rule, API.tooLong(max)), abort: true });
  if (name) {
    s = s.refine((v) => !NAME_CONTROL.test(v), { error: SAFETY.nameHasControl, abort: true });
    s = s.refine((v) => !NAME_LINK.test(v), { error: SAFETY.nameHasLink, abort: true });
  }
  if (min) s = s.min(min, { error: say(rule, min === 1 ? (rule.missing ?? API.required) : API.tooShort(min)) });
  if (pattern) s = s.regex(pattern, { error: say(rule, API.invalidValue) });
  if (rule.check) {
    const check = rule.check;
    s = s.refine((v) => v === '' || check(v), { error: say(rule, API.invalidValue) });
  }
  if (rule.example !== undefined) s = s.meta({ examples: [rule.example] });
  return field(s, rule, false) as FieldOf<string, P>;
}

/** An e-mail address, trimmed and lower-cased. */
export function email<const P extends Presence = {}>(rule: P = {} as P): FieldOf<string, P> {
  const bad = say(rule, API.invalidEmail);
  // isEmailAddress checks the length before its pattern: a megabyte never reaches the pattern.
  const s = z
    .string({ error: wrongKind(rule, API.invalidEmail) })
    .trim()
    .toLowerCase()
    .refine(isEmailAddress, { error: bad })
    .meta({ examples: ['ivan@example.bg'] });
  return field(s, rule, true) as FieldOf<string, P>;
}

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
/** A number, or a string that is one (query strings, form posts); anything else as it came. */
const asNumber = (v: unknown) => (typeof v === 'string' && NUMERIC.test(v) ? Number(v) : v);

export interface NumberRule extends Presence {
  min?: number;
  max?: number;
  /** What the amount is, for the API reference (money fields say their unit by themselves). */
  description?: string;
}

function bounded(n: z.ZodNumber, rule: NumberRule): z.ZodNumber {
  if (rule.min !== undefined) n = n.gte(rule.min, { error: say(rule, API.atLeast(rule.min)) });
  if (rule.max !== undefined) n = n.lte(rule.max, { error: say(rule, API.atMost(rule.max)) });
  return n;
}

/** Any finite number. */
export function number<const P extends NumberRule = {}>(rule: P = {} as P): FieldOf<number, P> {
  const n = z.preprocess(asNumber, bounded(z.number({ error: wrongKind(rule, API.mustBeNumber) }), rule));
  return field(n, rule, true) as FieldOf<number, P>;
}

/** A whole number. */
export function int<const P extends NumberRule = {}>(rule: P = {} as P): FieldOf<number, P> {
  const whole = z
    .number({ error: wrongKind(rule, API.mustBeNumber) })
    .refine(Number.isInteger, { error: say(rule, API.mustBeInteger), abort: true });
  const n = z.preprocess(asNumber, bounded(whole, rule));
  return field(n, rule, true) as FieldOf<number, P>;
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

/** How the API reference says every amount is sent: the decimal in the shop's currency, never its
 *  minor units (the answers give amounts the same way). */
export const MONEY_DESCRIPTION =
  'Сума във валутата на магазина (settings.currency), с до два знака след десетичния знак: 29.9, 29.90 или „29,90“ — не в стотинки/центове.';

export function money<const P extends NumberRule = {}>(rule: P = {} as P): FieldOf<number, P> {
  const described = rule.description ? `${rule.description} ${MONEY_DESCRIPTION}` : MONEY_DESCRIPTION;
  const amount = bounded(z.number({ error: wrongKind(rule, API.invalidMoney) }), rule).meta({ description: described });
  // Absent and null stay what they are (the field says so); anything unreadable is NaN, refused.
  const m = z.preprocess((v) => (v === undefined || v === null ? v : (readMoney(v) ?? NaN)), amount.transform(toMinor));
  return field(m, rule, true) as FieldOf<number, P>;
}

/** Yes or no: true/false, also as "true"/"false", 1/0, "1"/"0". */
export interface BoolRule extends Presence {
  /** A tick the form must have (18+, the terms): false is refused with `message`. */
  ticked?: boolean;
}

export function bool<const P extends BoolRule = {}>(rule: P = {} as P): FieldOf<boolean, P> {
  const value = z.boolean({ error: wrongKind(rule, API.mustBeBoolean) });
  const b = z.preprocess(
    (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
    rule.ticked ? value.refine((v) => v, { error: say(rule, API.invalidValue) }) : value,
  );
  return field(b, rule, true) as FieldOf<boolean, P>;
}

/** One of the given strings. */
export function oneOf<const V extends readonly string[], const P extends Presence = {}>(
  values: V,
  rule: P = {} as P,
): FieldOf<V[number], P> {
  const e = z.enum(values as unknown as [string, ...string[]], { error: wrongKind(rule, API.oneOf(values)) });
  return field(e, rule, true) as FieldOf<V[number], P>;
}

/** A date and time, answered as an ISO timestamp. */
export function timestamp<const P extends Presence = {}>(rule: P = {} as P): FieldOf<string, P> {
  const bad = say(rule, API.invalidDate);
  const t = z
    .string({ error: wrongKind(rule, API.invalidDate) })
    .max(40, { error: bad })
    .refine((v) => !Number.isNaN(new Date(v).getTime()), { error: bad, abort: true })
    .meta({ examples: ['2026-11-28T10:00:00.000Z'] })
    .transform((v) => new Date(v).toISOString());
  return field(t, rule, true) as FieldOf<string, P>;
}

export interface DayRule extends Presence {
  /** A further rule on a real day ("YYYY-MM-DD"): the refusal's own text, or undefined to accept. */
  refuse?: (day: string) => string | undefined;
  /** The day the API reference shows, where the plain example would be refused. */
  example?: string;
}

/** A calendar day, answered as "YYYY-MM-DD": sent so, or as typed the Bulgarian way ("31.12.2026");
 *  an impossible day (29.02.2026) is refused, never rolled over into the next month. */
export function day<const P extends DayRule = {}>(rule: P = {} as P): FieldOf<string, P> {
  const bad = say(rule, API.invalidDate);
  const read = z
    .string({ error: wrongKind(rule, API.invalidDate) })
    .max(40, { error: bad, abort: true })
    .refine((v) => parseBgDate(v) !== null, { error: bad, abort: true })
    .meta({ examples: [rule.example ?? '2026-11-28'] })
    .transform((v) => parseBgDate(v)!);
  const refuse = rule.refuse;
  const checked = refuse
    ? read.superRefine((v, ctx) => {
        const text = refuse(v);
        if (text) ctx.addIssue({ code: 'custom', message: text });
      })
    : read;
  return field(checked, rule, true) as FieldOf<string, P>;
}

export interface ListRule extends Presence {
  max?: number;
}

/** A list of `item` (built with `item: true`, or an `input`); one longer than `max` is refused
 *  before its items are read. */
export function list<I extends z.ZodType, const P extends ListRule = {}>(item: I, rule: P = {} as P): FieldOf<z.output<I>[], P> {
  let outer = z.array(z.unknown(), { error: wrongKind(rule, API.mustBeList) });
  if (rule.max !== undefined) outer = outer.max(rule.max, { error: say(rule, API.atMost(rule.max)) });
  return field(outer.pipe(z.array(item)), rule, true) as FieldOf<z.output<I>[], P>;
}

export interface ObjectRule extends Presence {
  /** Read-only fields a client echoes back: accepted and dropped. */
  ignore?: readonly string[];
}

/** A read-only field a client echoes back: accepted whatever it holds, and dropped. */
const echo = z
  .unknown()
  .transform((): undefined => undefined)
  .optional();

/** The shape with the echoes named in `ignore` as fields of their own (a field of the shape wins
 *  over one). Typed as the shape alone: an echo is never part of what the route gets. */
function withEchoes<S extends z.ZodRawShape>(shape: S, ignore: readonly string[] = []): S {
  return { ...Object.fromEntries(ignore.map((k) => [k, echo])), ...shape };
}

/** A strict object's texts: an unknown field is "Непознато поле.", the rest as `wrong` says. */
const objectError = (wrong: (issue: { input?: unknown }) => string) => (issue: { code?: string; input?: unknown }) =>
  issue.code === 'unrecognized_keys' ? API.unknownField : wrong(issue);

/** The version of a record the copy being saved was loaded at (a change refused with 409 when
 *  the record has changed since; see the server's platform/db/versions). A new record has none. */
export const recordVersion = () => int({ min: 1, max: 2_147_483_647 });

/**
 * An input of exactly these fields (unknown ones refused, `ignore`d ones dropped): a request
 * body's schema, and a list's item. A plain `z.strictObject`.
 */
export function input<S extends z.ZodRawShape>(shape: S, rule: { ignore?: readonly string[] } = {}) {
  return z.strictObject(withEchoes(shape, rule.ignore), { error: objectError(wrongKind({ item: true }, API.mustBeObject)) });
}

/** A group of fields inside an input (`customer`, a settings group), with its own presence. */
export function object<S extends z.ZodRawShape, const P extends ObjectRule = {}>(
  shape: S,
  rule: P = {} as P,
): FieldOf<z.output<z.ZodObject<S>>, P> {
  const strict = z.strictObject(withEchoes(shape, rule.ignore), { error: objectError(wrongKind(rule, API.mustBeObject)) });
  return field(strict, rule, true) as FieldOf<z.output<z.ZodObject<S>>, P>;
}

/**
 * Query-string parameters: unknown ones are ignored (cache-busting and tracking parameters are
 * common); a parameter given twice is refused.
 */
export function query<S extends z.ZodRawShape>(shape: S) {
  const once = (f: z.ZodType) =>
    z.preprocess((v, ctx) => {
      if (!Array.isArray(v)) return v;
      // As if not given: a required one says so, any other is an invalid value.
      const missing = f.safeParse(undefined);
      ctx.addIssue({ code: 'custom', message: missing.success ? API.invalidValue : missing.error.issues[0].message });
      return v;
    }, f);
  const fields = Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, once(f as z.ZodType)]));
  return z.object(fields) as unknown as z.ZodObject<S>;
}

/** The parsed input without the keys that came out undefined (a field given as '' where that
 *  means "not given", an echo): such a field was not given, so the answer does not name it. */
export function withoutAbsent<T>(value: T): T {
  // Zod's output is a fresh object the caller owns: dropped keys are deleted in place (no copy on
  // every request; the checkout is a hot path). Own enumerable keys only, so a key named
  // `__proto__` is never assigned through.
  if (Array.isArray(value)) {
    for (const item of value) withoutAbsent(item);
    return value;
  }
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record)) {
    if (record[k] === undefined) delete record[k];
    else withoutAbsent(record[k]);
  }
  return value;
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
