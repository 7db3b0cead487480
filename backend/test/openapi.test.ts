// The API reference covers every route the routers define (a route without a description fails
// here, with its method and path: describe it as the opening comment of platform/http/apiDocs.ts
// says), is a well-formed OpenAPI 3.1 document (checked against the rules a reader and a client
// generator rely on), and is served to anyone: the JSON, and a page that works under the shop's
// Content-Security-Policy without a script.
import fs from 'node:fs';
import { shopForThisFile } from './helpers';
import { describedOperation, exampleOf, jsonSchemaOf, openApiPath, undescribedRoutes } from '../src/platform/http/apiDocs';
import { apiDocsPage } from '../src/platform/http/apiDocsPage';

type Json = Record<string, any>;

const shop = shopForThisFile();
const reference = () => shop.app.openApi() as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operations(doc: Json): Array<{ path: string; method: string; op: Json }> {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] as Json })),
  );
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, found));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') found.push(v);
      else refsIn(v, found);
    }
  return found;
}

function resolves(doc: Json, ref: string): boolean {
  if (!ref.startsWith('#/')) return false;
  let at: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!at || typeof at !== 'object' || !(key in (at as Json))) return false;
    at = (at as Json)[key];
  }
  return at !== undefined;
}

describe('the API reference', () => {
  it('describes every route the routers define', () => {
    expect(undescribedRoutes(shop.app.apiLayers())).toEqual([]);
  });

  it('has an operation for every route and method, and none the routers do not answer', () => {
    const doc = reference();
    const inDoc = new Set(operations(doc).map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const routed = new Set(shop.app.apiRoutes().flatMap((r) => r.methods.map((m) => `${m} ${openApiPath(r.path)}`)));
    expect([...routed].filter((r) => !inDoc.has(r))).toEqual([]);
    expect([...inDoc].filter((r) => !routed.has(r))).toEqual([]);
  });

  it('is a well-formed OpenAPI 3.1 document', () => {
    const doc = reference();
    const problems: string[] = [];
    if (!/^3\.1\.\d+$/.test(String(doc.openapi))) problems.push(`openapi: ${doc.openapi}`);
    if (typeof doc.info?.title !== 'string' || typeof doc.info?.version !== 'string') problems.push('info needs title and version');
    const schemes = Object.keys(doc.components?.securitySchemes ?? {});
    const tags = new Set((doc.tags ?? []).map((t: Json) => t.name));
    const ids = new Map<string, string>();
    for (const path of Object.keys(doc.paths)) if (!path.startsWith('/')) problems.push(`path ${path} must start with /`);
    for (const { path, method, op } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (typeof op.operationId !== 'string' || !op.operationId) problems.push(`${where}: no operationId`);
      else if (ids.has(op.operationId)) problems.push(`${where}: operationId ${op.operationId} also on ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, where);
      if (!op.summary) problems.push(`${where}: no summary`);
      if (!['public', 'customer', 'trade', 'staff'].includes(op['x-auth'])) problems.push(`${where}: who may call is not said`);
      const responses = Object.keys(op.responses ?? {});
      if (!responses.length) problems.push(`${where}: no responses`);
      for (const status of responses) if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${where}: response key ${status}`);
      if (!responses.some((s) => /^2/.test(s))) problems.push(`${where}: no success answer`);
      for (const t of op.tags ?? []) if (!tags.has(t)) problems.push(`${where}: tag ${t} not listed`);
      for (const requirement of op.security ?? [])
        for (const name of Object.keys(requirement))
          if (!schemes.includes(name)) problems.push(`${where}: unknown security scheme ${name}`);
      // Path templating: each {name} declared once as a required path parameter, and no other.
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p: Json) => p.in === 'path');
      if (JSON.stringify(declared.map((p: Json) => p.name).sort()) !== JSON.stringify(templated))
        problems.push(`${where}: path parameters`);
      if (declared.some((p: Json) => p.required !== true)) problems.push(`${where}: a path parameter must be required`);
      const seen = new Set<string>();
      for (const p of op.parameters ?? []) {
        if (!['path', 'query', 'header', 'cookie'].includes(p.in)) problems.push(`${where}: parameter ${p.name} in ${p.in}`);
        if (seen.has(`${p.in}:${p.name}`)) problems.push(`${where}: parameter ${p.name} twice`);
        seen.add(`${p.in}:${p.name}`);
        if (!p.schema && !p.content) problems.push(`${where}: parameter ${p.name} has no schema`);
      }
      if (op.requestBody && !Object.keys(op.requestBody.content ?? {}).length) problems.push(`${where}: a body without content`);
    }
    for (const ref of refsIn(doc)) if (!resolves(doc, ref)) problems.push(`unresolved $ref ${ref}`);
    expect(problems).toEqual([]);
  });

  it('says who may call each route: /api/admin is for staff, the account pages for a signed-in customer', () => {
    const doc = reference();
    const wrong = operations(doc)
      .filter(({ path, op }) =>
        path.startsWith('/api/admin') ? op['x-auth'] !== 'staff' : path.startsWith('/api/account') && op['x-auth'] === 'public',
      )
      .map(({ path, method }) => `${method} ${path}`);
    expect(wrong).toEqual([]);
    const login = doc.paths['/api/auth/login'].post;
    expect(login.security).toEqual(expect.arrayContaining([expect.objectContaining({ csrfHeader: [] })]));
    expect(doc.paths['/api/admin/orders'].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/api/categories'].get.security).toEqual([]);
  });

  it('gives bodies from the schemas the routes parse with, with an example, and the shop’s error shape', () => {
    const doc = reference();
    const add = doc.paths['/api/cart/add'].post;
    const body = add.requestBody.content['application/json'];
    expect(body.schema.$ref).toMatch(/^#\/components\/schemas\//);
    expect(body.example).toEqual(expect.any(Object));
    expect(Object.keys(add.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(doc.components.schemas.Error.required).toEqual(['message']);
    for (const status of ['400', '401', '403', '404', '409', '413', '429', '503'])
      expect(doc.components.responses[`E${status}`].content['application/json'].example.message).toEqual(expect.any(String));
  });

  it('shows for every body an example its own schema accepts', () => {
    const refused: string[] = [];
    for (const layer of shop.app.apiLayers()) {
      const op = describedOperation(layer);
      for (const schema of [op?.body ?? []].flat()) {
        const result = schema.safeParse(exampleOf(jsonSchemaOf(schema)));
        if (!result.success)
          refused.push(`${layer.methods.join(',')} ${layer.path}: ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('gives schemas that are valid JSON Schema 2020-12, with examples that meet them', async () => {
    const { default: Ajv2020 } = await import('ajv/dist/2020');
    const doc = reference();
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const inline = (node: Json): Json => {
      if (typeof node.$ref === 'string') return doc.components.schemas[node.$ref.split('/').pop()!];
      if (Array.isArray(node.anyOf)) return { anyOf: node.anyOf.map(inline) };
      return node;
    };
    const wrong: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Json>)) {
      try {
        ajv.compile(schema);
      } catch (err) {
        wrong.push(`${name}: ${(err as Error).message}`);
      }
    }
    const examples = [
      ...operations(doc).flatMap(({ path, method, op }) =>
        Object.values((op.requestBody?.content ?? {}) as Record<string, Json>)
          .filter((c) => c.example !== undefined)
          .map((c) => ({ where: `${method} ${path}`, schema: inline(c.schema), example: c.example })),
      ),
      ...Object.entries(doc.components.responses as Record<string, Json>).map(([name, r]) => ({
        where: name,
        schema: inline(r.content['application/json'].schema),
        example: r.content['application/json'].example,
      })),
    ];
    for (const { where, schema, example } of examples) {
      const validate = ajv.compile(schema);
      if (!validate(example)) wrong.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('says how amounts are sent: a decimal in the shop’s currency, a buyer’s limit on the net goods', () => {
    const doc = reference();
    expect(doc.info.description).toMatch(/десетично число във валутата на магазина/);
    const schemas = doc.components.schemas as Json;
    const bodyOf = (path: string, method: string) => {
      const schema = doc.paths[path][method].requestBody.content['application/json'].schema;
      return schemas[schema.$ref.split('/').pop()!];
    };
    const amount = (node: Json) => (node.anyOf as Json[]).find((s) => s.type === 'number')!;
    const invite = bodyOf('/api/trade/members', 'post').properties.orderLimit;
    const staffMember = (bodyOf('/api/admin/companies/{id}', 'put').properties.members.items.anyOf as Json[]).find(
      (s) => s.type === 'object',
    )!.properties.orderLimit;
    for (const limit of [invite, staffMember, bodyOf('/api/trade/members/{id}', 'put').properties.orderLimit]) {
      expect(amount(limit).description).toMatch(/нетната стойност на стоките/);
      expect(amount(limit).description).toMatch(/не в стотинки/);
    }
    // Every other amount says its unit too: a quote's net price, a price list's.
    const answer = bodyOf('/api/admin/quote-requests/{id}', 'put').properties.lines.items.properties.netPrice;
    expect(amount(answer).description).toMatch(/валутата на магазина/);
  });

  it('is served to anyone as JSON and as a page without scripts, under the shop’s CSP', async () => {
    const guest = shop.browser();
    const json = await guest.get('/api/openapi.json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toMatch(/^3\.1\./);
    const page = await guest.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.text).toMatch(/<html lang="bg">/);
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toContain('id="postCartAdd"');
    expect(page.text).toContain('<code>/api/cart/add</code>');
  });
});

describe('the reference page', () => {
  // axe reads every node, so it checks the page rendered from a part of the document: the same
  // renderer, with every kind of operation (parameters, bodies, uploads, files, lists).
  const SAMPLE = [
    '/api/cart/add',
    '/api/admin/orders/{id}',
    '/api/admin/uploads',
    '/api/admin/invoices/{id}/pdf',
    '/api/admin/products',
    '/api/auth/login',
  ];

  it('has no accessibility violations axe can find (contrast aside: jsdom lays nothing out)', async () => {
    const { JSDOM } = await import('jsdom');
    const doc = reference();
    const html = apiDocsPage({ ...doc, paths: Object.fromEntries(SAMPLE.map((p) => [p, doc.paths[p]])) });
    const dom = new JSDOM(html, { runScripts: 'outside-only' });
    dom.window.eval(fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const axe = (dom.window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Json[] }> } }).axe;
    const { violations } = await axe.run(dom.window.document, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => `${v.id}: ${v.nodes.length} × ${v.help}`)).toEqual([]);
    dom.window.close();
  }, 30_000);

  it('gives every heading and link target of the whole page an id of its own', async () => {
    const page = await shop.browser().get('/api/docs');
    const ids = [...page.text.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const targets = [...page.text.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets.filter((t) => !ids.includes(t))).toEqual([]);
  });
});
