// The API reference, built from the routes themselves: every route carries a description of
// itself as a middleware of its own, next to its path, and the OpenAPI 3.1 document is read from
// the mounted router's stack (the paths and methods Koa really answers) with the zod schemas the
// route parses with (z.toJSONSchema), so no schema is ever written twice.
//
// Describing a route is one argument more, before its handler:
//
//   const doc = apiDoc('Количка'); // once per route file: its tag in the reference
//   router.post('/cart/add', requireUser, doc('Добавяне в количката', { auth: 'customer', body: cartAddInput }), handler);
//
// `auth` says who may call: 'public' (anyone: the default outside /admin), 'customer' (a signed-in
// account), 'trade' (a member of an approved company) or 'staff' (the default under /admin, which
// app.ts guards as a whole). `body` and `query` are the schemas the handler hands to parseBody and
// parseQuery (a list of bodies when it picks one by who calls); `answer` is the answer's schema
// where one exists, or a sentence where the answer has only a TypeScript type; `status` a success
// other than 200; `raList`, `upload`, `produces`, `idempotent`, `limited` and `errors` what the
// route also takes or refuses. The refusals that follow from the rest (400, 401, 403, 404, 409,
// 413, 503) are added by themselves. A route without a description fails
// backend/test/openapi.test.ts, which names it.
import type { Middleware } from 'koa';
import { z } from 'zod';
import { API } from '@domain/messages';

export type ApiAuth = 'public' | 'customer' | 'trade' | 'staff';

export interface ApiOperation {
  summary: string;
  /** A longer note (Markdown is allowed by OpenAPI; kept to plain sentences here). */
  description?: string;
  tags: string[];
  auth?: ApiAuth;
  /** The JSON body's schema, the one the route hands to parseBody (several: the route picks one
   *  by who calls, e.g. a trade member's checkout). */
  body?: z.ZodType | z.ZodType[];
  /** A multipart upload: its file field and what it takes. */
  upload?: { field: string; description: string };
  /** The query's schema, the one the route hands to parseQuery. */
  query?: z.ZodType;
  /** react-admin's list parameters (sort, range, filter) and its Content-Range header. */
  raList?: boolean;
  /** The success answer: a schema where one exists, else what it holds in a sentence. */
  answer?: z.ZodType | string;
  /** The success status (200 unless said). */
  status?: number;
  /** The answer's media type when it is not JSON (a PDF, a CSV file, plain text). */
  produces?: string;
  /** Refusals beside the ones read from the route (auth, parameters, body, writes). */
  errors?: number[];
  /** Rate-limited: 429 after too many tries. */
  limited?: boolean;
  /** Takes the Idempotency-Key header. */
  idempotent?: boolean;
}

const DESCRIBED = Symbol('apiOperation');

type Described = Middleware & { [DESCRIBED]?: ApiOperation };

/** The describing middleware: passes straight on, and carries its route's description. */
export function describeRoute(op: ApiOperation): Middleware {
  const step: Described = (_ctx, next) => next();
  step[DESCRIBED] = op;
  return step;
}

/** A route file's describer: its tag once, then one call per route. */
export function apiDoc(tag: string) {
  return (summary: string, more: Omit<ApiOperation, 'summary' | 'tags'> = {}) => describeRoute({ ...more, summary, tags: [tag] });
}

/** What app.ts mounts: a route's full path, methods and middleware (a @koa/router layer). */
export interface RouteLayer {
  path: string | RegExp;
  methods: string[];
  paramNames?: Array<{ name: string | number }>;
  stack: Middleware[];
}

export function describedOperation(layer: RouteLayer): ApiOperation | undefined {
  return (layer.stack as Described[]).find((m) => m[DESCRIBED])?.[DESCRIBED];
}

/** The routes (method and Koa path) that carry no description. */
export function undescribedRoutes(layers: RouteLayer[]): string[] {
  return routesOf(layers)
    .filter((r) => !r.op)
    .map((r) => `${r.method} ${r.path}`);
}

function routesOf(layers: RouteLayer[]) {
  return layers
    .filter((l) => l.methods.length > 0)
    .flatMap((l) =>
      l.methods
        .filter((m) => m !== 'HEAD')
        .map((method) => ({
          method,
          path: String(l.path),
          params: (l.paramNames ?? []).map((p) => String(p.name)),
          op: describedOperation(l),
        })),
    );
}

// --- the document -------------------------------------------------------------------------

type Json = Record<string, unknown>;

export const ERROR_SCHEMA: Json = {
  type: 'object',
  description: 'Отказ: съобщение за човек и, когато са засегнати полета, текст за всяко поле (път с точки, напр. "items.0.quantity").',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

const ERRORS: Record<number, { description: string; example: Json }> = {
  400: {
    description: 'Невалидни данни: полетата и текстът за всяко.',
    example: { message: API.invalidInput, errors: { email: 'Невалиден имейл адрес.' } },
  },
  401: { description: 'Не сте влезли (или токенът е изтекъл).', example: { message: API.notSignedIn } },
  403: { description: 'Нямате права, или липсва/невалиден CSRF токен при промяна с бисквитка.', example: { message: API.forbidden } },
  404: { description: 'Не е намерено.', example: { message: API.notFound } },
  409: {
    description: 'Конфликт с текущите данни (зает ключ, остаряла версия, състояние, което не позволява промяната).',
    example: { message: API.conflict },
  },
  413: { description: 'Заявката е твърде голяма.', example: { message: API.payloadTooLarge } },
  415: { description: 'Неподдържан вид на файла или компресиране на тялото.', example: { message: API.bodyEncodingUnsupported } },
  422: { description: 'Ключът Idempotency-Key е използван с друго тяло или за друго извикване.', example: { message: API.invalidInput } },
  429: { description: 'Твърде много опити: опитайте отново по-късно.', example: { message: API.tooManyAttempts } },
  503: { description: 'Сървърът временно не може да запише промени.', example: { message: API.cannotWrite } },
};

const AUTH_TEXT: Record<ApiAuth, string> = {
  public: 'Достъп: всеки (и без вход).',
  customer: 'Достъп: влязъл клиент (всеки профил).',
  trade: 'Достъп: член на одобрена фирма (търговски клиент).',
  staff: 'Достъп: служители (администратори).',
};

const RA_PARAMETERS: Json[] = [
  {
    name: 'sort',
    in: 'query',
    required: false,
    description: 'react-admin: JSON ["поле","ASC"|"DESC"]',
    schema: { type: 'string' },
    example: '["id","DESC"]',
  },
  {
    name: 'range',
    in: 'query',
    required: false,
    description: 'react-admin: JSON [от, до] (включително)',
    schema: { type: 'string' },
    example: '[0,24]',
  },
  {
    name: 'filter',
    in: 'query',
    required: false,
    description: 'react-admin: JSON обект с филтрите на списъка',
    schema: { type: 'string' },
    example: '{}',
  },
];
const typeText = (schema: unknown) => {
  const s = (schema ?? {}) as Json;
  return Array.isArray(s.enum) ? `едно от ${s.enum.join(', ')}` : String(s.type ?? 'текст');
};

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NUMERIC_PARAM = /^(id|[a-z]+Id)$/;

/** Koa's `/orders/:id` as OpenAPI's `/orders/{id}`. */
export const openApiPath = (koaPath: string) => koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/.-]+/)
    .filter(Boolean)
    .map((w) => (w.startsWith(':') ? 'By' + cap(w.slice(1)) : cap(w.replace(/[^A-Za-z0-9]/g, ''))));
  return method.toLowerCase() + words.join('');
}
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** A zod schema as JSON Schema (draft 2020-12, what OpenAPI 3.1 speaks): what a client sends
 *  (input), with anything JSON cannot say (a transform's output) left open. */
export function jsonSchemaOf(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12', override: listItems }) as Json;
  delete out.$schema;
  return out;
}

/** A list is read in two steps (its length, then its items: domain/schemas/fields `list`); as
 *  input that is an array of anything, so the reference says what its items are from the second. */
function listItems(ctx: { zodSchema: unknown; jsonSchema: Json }) {
  const def = (ctx.zodSchema as { _zod?: { def?: { type?: string; in?: z.ZodType; out?: z.ZodType } } })._zod?.def;
  if (def?.type !== 'pipe' || ctx.jsonSchema.type !== 'array' || !(def.out instanceof z.ZodArray)) return;
  const items = jsonSchemaOf(def.out.element as z.ZodType);
  ctx.jsonSchema.items = items;
}

/** A component's own $defs moved beside it, so its references still resolve under components. */
function hoistDefs(name: string, schema: Json, components: Json): Json {
  const defs = schema.$defs as Record<string, Json> | undefined;
  if (!defs) return schema;
  delete schema.$defs;
  const rename = (key: string) => `${name}_${key}`;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const copy: Json = {};
    for (const [k, v] of Object.entries(node as Json)) {
      copy[k] =
        k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `#/components/schemas/${rename(v.slice(8))}` : rewrite(v);
    }
    return copy;
  };
  for (const [key, def] of Object.entries(defs)) components[rename(key)] = rewrite(def);
  return rewrite(schema) as Json;
}

/** An example read off a JSON schema: its own example or default where it has one, else a
 *  plausible value of its type, so every body shows one without a copy kept by hand. */
export function exampleOf(schema: unknown, components: Json = {}, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 8) return null;
  const s = schema as Json;
  if (typeof s.$ref === 'string') return exampleOf(components[s.$ref.split('/').pop()!], components, depth + 1);
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = s[key] as unknown[] | undefined;
    if (Array.isArray(list) && list.length) {
      const first = list.find((x) => (x as Json)?.type !== 'null') ?? list[0];
      return exampleOf(first, components, depth + 1);
    }
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') as string) : (s.type as string | undefined);
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      // Every field the schema says something about (an empty schema is a field only kept for
      // react-admin's round trip, e.g. a read-only id), required ones first.
      const required = new Set((s.required as string[] | undefined) ?? []);
      const said = Object.keys(props).filter((k) => required.has(k) || Object.keys(props[k] ?? {}).length > 0);
      const keys = [...said.filter((k) => required.has(k)), ...said.filter((k) => !required.has(k))];
      return Object.fromEntries(
        (keys.length ? keys : Object.keys(props).slice(0, 3)).map((k) => [k, exampleOf(props[k], components, depth + 1)]),
      );
    }
    case 'array': {
      const item = exampleOf(s.items, components, depth + 1);
      const min = typeof s.minItems === 'number' ? Math.max(1, Math.min(s.minItems, 2)) : 1;
      return Array.from({ length: min }, () => item);
    }
    case 'integer':
      return typeof s.minimum === 'number' ? Math.max(1, s.minimum) : 1;
    case 'number':
      return typeof s.minimum === 'number' ? Math.max(1, s.minimum) : 10.5;
    case 'boolean':
      return true;
    case 'string':
      return stringExample(s);
    case 'null':
      return null;
    default:
      return null;
  }
}

function stringExample(s: Json): string {
  switch (s.format) {
    case 'email':
      return 'ivan@example.bg';
    case 'date':
      return '2026-11-28';
    case 'date-time':
      return '2026-11-28T10:00:00.000Z';
    case 'uri':
      return 'https://example.bg/';
    case 'uuid':
      return '123e4567-e89b-42d3-a456-426614174000';
  }
  // The first of a few plausible values that the field's pattern and lengths accept.
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
  const fits = (v: string) => v.length >= min && v.length <= max && (!pattern || pattern.test(v));
  return STRING_CANDIDATES.find(fits) ?? (fits('x'.repeat(min)) ? 'x'.repeat(min) : STRING_CANDIDATES[0]);
}

const STRING_CANDIDATES = [
  'текст',
  'Текст',
  '2026-11-28',
  '/uploads/example.webp',
  '1000',
  '0888 123 456',
  'BG80BNBG96611020345678',
  'BNBGBGSF',
  'abc',
  '1',
  'ABC',
  '',
];

export interface DocumentInfo {
  title: string;
  version: string;
  description?: string;
}

/** The OpenAPI 3.1 document of every described route mounted in `layers`. */
export function openApiDocument(layers: RouteLayer[], info: DocumentInfo): Json {
  const schemas: Json = { Error: ERROR_SCHEMA };
  const named = new Map<z.ZodType, string>();
  const refTo = (schema: z.ZodType, name: string): Json => {
    let key = named.get(schema);
    if (!key) {
      key = name;
      named.set(schema, key);
      schemas[key] = hoistDefs(key, jsonSchemaOf(schema), schemas);
    }
    return { $ref: `#/components/schemas/${key}` };
  };

  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const route of routesOf(layers)) {
    const op = route.op;
    if (!op) continue;
    const id = operationId(route.method, route.path);
    const auth: ApiAuth = op.auth ?? (route.path.startsWith('/api/admin') ? 'staff' : 'public');
    const mutation = MUTATIONS.has(route.method);
    op.tags.forEach((t) => tags.add(t));

    const parameters: Json[] = route.params.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: NUMERIC_PARAM.test(name) ? { type: 'integer', minimum: 1 } : { type: 'string' },
    }));
    if (op.query) {
      const q = jsonSchemaOf(op.query);
      const required = new Set((q.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries((q.properties ?? {}) as Record<string, Json>))
        parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
    if (op.raList) {
      // A list that also speaks the plain paging may share a name with it (sort): one parameter
      // that takes either form.
      for (const ra of RA_PARAMETERS) {
        const same = parameters.find((p) => p.in === 'query' && p.name === ra.name);
        if (!same) parameters.push({ ...ra });
        else
          Object.assign(same, {
            description: `${ra.description}, или ${typeText(same.schema)}`,
            schema: { anyOf: [same.schema, ra.schema] },
          });
      }
    }
    if (op.idempotent)
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Ключ (1–255 видими ASCII знака): същият ключ със същото тяло до 24 ч. връща първия успешен отговор, без да повтаря действието.',
        schema: { type: 'string', maxLength: 255 },
      });

    const operation: Json = {
      operationId: id,
      summary: op.summary,
      description: [AUTH_TEXT[auth], op.description].filter(Boolean).join('\n\n'),
      tags: op.tags,
      'x-auth': auth,
    };
    if (parameters.length) operation.parameters = parameters;

    if (op.body) {
      const bodies = Array.isArray(op.body) ? op.body : [op.body];
      const refs = bodies.map((b, i) => refTo(b, cap(id) + 'Body' + (bodies.length > 1 ? i + 1 : '')));
      const ref = refs.length === 1 ? refs[0] : { anyOf: refs };
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: ref, example: exampleOf(ref, schemas) } },
      };
    } else if (op.upload) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [op.upload.field],
              properties: {
                [op.upload.field]: { type: 'string', contentMediaType: 'application/octet-stream', description: op.upload.description },
              },
            },
          },
        },
      };
    }

    // Who may call: public reads need nothing; cookie writes need the CSRF pair; a bearer token
    // stands in for the cookie and the CSRF header wherever an account is needed or a write made.
    const cookie = auth === 'public' ? {} : { session: [] };
    const security = mutation
      ? [{ ...cookie, csrfCookie: [], csrfHeader: [] }, { bearer: [] }]
      : auth === 'public'
        ? []
        : [cookie, { bearer: [] }];
    operation.security = security;

    const success = op.status ?? 200;
    const responses: Json = {};
    const answer = op.answer;
    const media = op.produces ?? 'application/json';
    if (answer instanceof z.ZodType) {
      const ref = refTo(answer, cap(id) + 'Answer');
      responses[success] = { description: 'Успех.', content: { [media]: { schema: ref, example: exampleOf(ref, schemas) } } };
    } else if (media !== 'application/json') {
      responses[success] = {
        description: answer ?? 'Успех.',
        content: { [media]: { schema: { type: 'string', ...(media === 'application/pdf' ? { contentMediaType: media } : {}) } } },
      };
    } else {
      responses[success] = {
        description: answer ?? 'Успех.',
        content: {
          'application/json': {
            schema: op.raList ? { type: 'array', items: { type: 'object' } } : { type: 'object', description: answer ?? 'Успех.' },
          },
        },
        ...(op.raList
          ? {
              headers: {
                'Content-Range': { description: 'Частта от списъка и общият брой, напр. "products 0-24/319".', schema: { type: 'string' } },
              },
            }
          : {}),
      };
    }

    const refusals = new Set<number>(op.errors ?? []);
    if (op.body || op.query || op.raList || route.params.length) refusals.add(400);
    if (auth !== 'public') refusals.add(401);
    if (auth === 'staff' || auth === 'trade' || mutation) refusals.add(403);
    if (route.params.length) refusals.add(404);
    if (mutation) [409, 503].forEach((s) => refusals.add(s));
    if (op.body || op.upload) refusals.add(413);
    if (op.limited) refusals.add(429);
    for (const status of [...refusals].sort()) responses[status] = { $ref: `#/components/responses/E${status}` };
    operation.responses = responses;

    const key = openApiPath(route.path);
    paths[key] = { ...(paths[key] ?? {}), [route.method.toLowerCase()]: operation };
  }

  const responses = Object.fromEntries(
    Object.entries(ERRORS).map(([status, e]) => [
      `E${status}`,
      {
        description: e.description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: e.example } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/' }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'Бисквитката на сесията след вход (POST /api/auth/login).' },
        csrfCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'csrf',
          description: 'Подписаната бисквитка с CSRF тайната (задава я GET /api/csrf-token).',
        },
        csrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'x-csrf-token',
          description:
            'CSRF токенът от GET /api/csrf-token: задължителен при всяко POST/PUT/DELETE с бисквитка (и при вход и регистрация).',
        },
        bearer: { type: 'http', scheme: 'bearer', description: 'Личен API токен (vs_…), създаден в /api/account/tokens: без CSRF.' },
      },
    },
  };
}
