// Input parsing for bodies and query strings: a small declarative shape per call, Bulgarian
// field errors, unknown fields refused, read-only fields that react-admin echoes back ignored.
// Money arrives as decimal BGN and leaves as integer stotinki.
import { API } from '../../../../domain/messages';
import { parseMoneyInput, toMinor } from '../../../../domain/money';
import { EMAIL_MAX, EMAIL_PATTERN, LINE_BREAK, SINGLE_LINE_MAX } from '../../../../domain/limits';
import { badRequest, FieldErrors } from './errors';

interface Base { required?: boolean; nullable?: boolean; message?: string }
export type Rule =
  /** `multiline`: may hold line breaks. Unset, a text up to SINGLE_LINE_MAX characters is one
   *  line (names, addresses, phones, company fields: CR/LF there would end up in e-mail headers
   *  and lines) and a longer one (notes, descriptions) may have several. */
  | (Base & { type: 'string'; max: number; min?: number; trim?: boolean; pattern?: RegExp; multiline?: boolean })
  | (Base & { type: 'email' })
  | (Base & { type: 'int'; min?: number; max?: number })
  | (Base & { type: 'number'; min?: number; max?: number })
  | (Base & { type: 'money'; min?: number; max?: number })
  | (Base & { type: 'bool' })
  | (Base & { type: 'enum'; values: readonly string[] })
  | (Base & { type: 'timestamp' })
  | (Base & { type: 'array'; of: Rule; max?: number })
  | (Base & { type: 'object'; shape: Shape; ignore?: readonly string[] })
  | (Base & { type: 'any' });
export type Shape = Record<string, Rule>;

export interface ParseOptions {
  /** Leave out required checks (partial updates). */
  partial?: boolean;
  /** Fields accepted and dropped (read-only echoes such as id, createdAt). */
  ignore?: readonly string[];
}

const NUMERIC_RE = /^\s*-?\d+(\.\d+)?\s*$/;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && NUMERIC_RE.test(v)) return Number(v);
  return undefined;
}

function moneyNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6 ? v : undefined;
  if (typeof v === 'string' && /^\s*-/.test(v)) return toNumber(v);
  return parseMoneyInput(typeof v === 'string' ? v : null) ?? undefined;
}

function parseValue(v: unknown, rule: Rule, path: string, errors: FieldErrors, opts: ParseOptions): unknown {
  const fail = (text: string) => {
    errors[path] = rule.message ?? text;
    return undefined;
  };
  switch (rule.type) {
    case 'any':
      return v;
    case 'string': {
      if (typeof v !== 'string') return fail(API.mustBeText);
      const s = rule.trim === false ? v : v.trim();
      // Before any other check: a line break is refused whatever the rule's own message says.
      if (!(rule.multiline ?? rule.max > SINGLE_LINE_MAX) && LINE_BREAK.test(v)) {
        errors[path] = API.singleLine;
        return undefined;
      }
      if (s.length > rule.max) return fail(API.tooLong(rule.max));
      if (rule.min && s.length < rule.min) return fail(rule.min === 1 ? API.required : API.tooShort(rule.min));
      if (rule.pattern && !rule.pattern.test(s)) return fail(API.invalidValue);
      return s;
    }
    case 'email': {
      if (typeof v !== 'string') return fail(API.invalidEmail);
      const s = v.trim().toLowerCase();
      if (s.length > EMAIL_MAX || !EMAIL_PATTERN.test(s)) return fail(API.invalidEmail);
      return s;
    }
    case 'int':
    case 'number':
    case 'money': {
      // Money typed as text is read the Bulgarian way ("29,90" and "29.90" alike) or refused;
      // never a guess such as 2990 or a third decimal rounded away.
      const n = rule.type === 'money' ? moneyNumber(v) : toNumber(v);
      if (n === undefined && rule.type === 'money') return fail(API.invalidMoney);
      if (n === undefined) return fail(API.mustBeNumber);
      if (rule.type === 'int' && !Number.isInteger(n)) return fail(API.mustBeInteger);
      if (rule.min !== undefined && n < rule.min) return fail(API.atLeast(rule.min));
      if (rule.max !== undefined && n > rule.max) return fail(API.atMost(rule.max));
      return rule.type === 'money' ? toMinor(n) : n;
    }
    case 'bool':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 1 || v === '1') return true;
      if (v === 'false' || v === 0 || v === '0') return false;
      return fail(API.mustBeBoolean);
    case 'enum':
      if (typeof v !== 'string' || !rule.values.includes(v)) return fail(API.oneOf(rule.values));
      return v;
    case 'timestamp': {
      if (typeof v !== 'string' || v.length > 40) return fail(API.invalidDate);
      const d = new Date(v);
      if (Number.isNaN(d.getTime())) return fail(API.invalidDate);
      return d.toISOString();
    }
    case 'array': {
      if (!Array.isArray(v)) return fail(API.mustBeList);
      if (rule.max !== undefined && v.length > rule.max) return fail(API.atMost(rule.max));
      return v.map((item, i) => parseValue(item, rule.of, `${path}.${i}`, errors, { ...opts, ignore: undefined }));
    }
    case 'object': {
      if (!isPlainObject(v)) return fail(API.mustBeObject);
      return parseShape(v, rule.shape, { partial: opts.partial, ignore: rule.ignore }, errors, path + '.');
    }
  }
}

function parseShape(input: Record<string, unknown>, shape: Shape, opts: ParseOptions, errors: FieldErrors, prefix = ''): Record<string, any> {
  const out: Record<string, any> = {};
  for (const key of Object.keys(input)) {
    if (!Object.prototype.hasOwnProperty.call(shape, key) && !opts.ignore?.includes(key)) {
      errors[prefix + key] = API.unknownField;
    }
  }
  for (const [key, rule] of Object.entries(shape)) {
    const v = Object.prototype.hasOwnProperty.call(input, key) ? input[key] : undefined;
    const path = prefix + key;
    if (v === undefined || (v === '' && rule.type !== 'string')) {
      if (rule.required && !opts.partial) errors[path] = rule.message ?? API.required;
      else if (v === '' && rule.nullable) out[key] = null;
      continue;
    }
    if (v === null) {
      if (rule.nullable) out[key] = null;
      else if (rule.required && !opts.partial) errors[path] = rule.message ?? API.required;
      else errors[path] = API.invalidValue;
      continue;
    }
    const parsed = parseValue(v, rule, path, errors, opts);
    if (parsed !== undefined) out[key] = parsed;
  }
  return out;
}

/** Parse a JSON body against a shape; throws 400 with every field error at once. */
export function parseBody<T = Record<string, any>>(body: unknown, shape: Shape, opts: ParseOptions = {}): T {
  if (!isPlainObject(body)) throw badRequest(API.invalidInput, { body: API.mustBeObject });
  const errors: FieldErrors = {};
  const out = parseShape(body, shape, opts, errors);
  throwIfErrors(errors);
  return out as T;
}

/** Parse query-string parameters; repeated parameters are refused. Unknown ones are ignored
 *  (cache-busting and tracking parameters are common) unless strict. */
export function parseQuery<T = Record<string, any>>(query: Record<string, unknown>, shape: Shape, strict = false): T {
  const errors: FieldErrors = {};
  const picked: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if (!Object.prototype.hasOwnProperty.call(shape, k)) {
      if (strict) errors[k] = API.unknownField;
      continue;
    }
    if (Array.isArray(v)) errors[k] = API.invalidValue;
    else picked[k] = v;
  }
  const out = parseShape(picked, shape, {}, errors);
  throwIfErrors(errors);
  return out as T;
}

export function throwIfErrors(errors: FieldErrors) {
  const keys = Object.keys(errors);
  if (keys.length === 0) return;
  // One problem: say it plainly. Several: point to the fields.
  const message = keys.length === 1 ? errors[keys[0]] : API.invalidInput;
  throw badRequest(message, errors);
}

/** A positive integer id from a route parameter, or 400. */
export function parseId(raw: string | undefined): number {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw badRequest(API.invalidId, { id: API.invalidId });
  const n = Number(raw);
  if (n < 1 || !Number.isSafeInteger(n)) throw badRequest(API.invalidId, { id: API.invalidId });
  return n;
}
