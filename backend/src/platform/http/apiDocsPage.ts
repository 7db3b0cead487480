// The API reference as a page a person reads: rendered on the server from the OpenAPI document
// (platform/http/apiDocs), so it needs no script, no CDN and nothing the shop's Content-Security-
// Policy forbids (inline styles are allowed; scripts are not). Operations grouped by tag, each
// with who may call it, its parameters, its body's fields and an example, and its answers.

type Json = Record<string, any>;

const esc = (v: unknown) =>
  String(v).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const SCHEME_TEXT: Record<string, string> = {
  session: 'бисквитката на сесията',
  csrfCookie: 'CSRF токен (бисквитката csrf и заглавката x-csrf-token)',
  csrfHeader: 'CSRF токен (бисквитката csrf и заглавката x-csrf-token)',
  bearer: 'личен API токен (Authorization: Bearer)',
};

function resolve(node: Json | undefined, doc: Json): Json | undefined {
  let n = node;
  for (let i = 0; n && typeof n.$ref === 'string' && i < 5; i++) {
    const parts = (n.$ref as string).replace(/^#\//, '').split('/');
    n = parts.reduce<Json | undefined>((at, k) => at?.[k], doc);
  }
  return n;
}

function typeText(s: Json | undefined, doc: Json): string {
  const schema = resolve(s, doc);
  if (!schema) return '—';
  const alt = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alt)) return alt.map((x: Json) => typeText(x, doc)).join(' или ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return 'едно от: ' + schema.enum.map((v: unknown) => JSON.stringify(v)).join(', ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'всякакво');
  const limits: string[] = [];
  if (schema.format) limits.push(String(schema.format));
  if (schema.minLength !== undefined) limits.push(`мин. ${schema.minLength} знака`);
  if (schema.maxLength !== undefined) limits.push(`макс. ${schema.maxLength} знака`);
  if (schema.minimum !== undefined) limits.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) limits.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined) limits.push(`мин. ${schema.minItems} елемента`);
  if (schema.maxItems !== undefined) limits.push(`макс. ${schema.maxItems} елемента`);
  if (schema.type === 'array' && schema.items)
    return `масив от ${typeText(schema.items, doc)}${limits.length ? ` (${limits.join(', ')})` : ''}`;
  return limits.length ? `${type} (${limits.join(', ')})` : String(type);
}

/** A schema's fields, flattened with dotted names (items[].productId), a few levels deep. */
function fields(
  s: Json | undefined,
  doc: Json,
  prefix = '',
  depth = 0,
): Array<{ name: string; type: string; required: boolean; note: string }> {
  const schema = resolve(s, doc);
  if (!schema || depth > 4) return [];
  const props = schema.properties as Record<string, Json> | undefined;
  if (!props) {
    if (schema.type === 'array' && depth < 4) return fields(schema.items, doc, prefix + '[]', depth + 1);
    return [];
  }
  const required = new Set<string>(schema.required ?? []);
  return Object.entries(props).flatMap(([name, p]) => {
    const full = prefix ? `${prefix}.${name}` : name;
    const inner = resolve(p, doc) ?? {};
    // An empty schema is a read-only field a client may echo back: accepted and dropped.
    if (!Object.keys(inner).length) return [];
    const row = { name: full, type: typeText(inner, doc), required: required.has(name), note: String(inner.description ?? '') };
    const nested = inner.type === 'object' || inner.type === 'array' ? fields(inner, doc, full, depth + 1) : [];
    return [row, ...nested];
  });
}

function table(caption: string, head: string[], rows: string[][]): string {
  return `<table><caption>${esc(caption)}</caption><thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row"><code>${c}</code></th>` : `<td>${c}</td>`)).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

function operationHtml(method: string, path: string, op: Json, doc: Json): string {
  const id = esc(op.operationId);
  const parts: string[] = [];
  parts.push(
    `<h3 id="${id}"><span class="method m-${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code> <span class="summary">${esc(op.summary)}</span></h3>`,
  );
  for (const para of String(op.description ?? '')
    .split('\n\n')
    .filter(Boolean))
    parts.push(`<p>${esc(para)}</p>`);
  const how = ((op.security ?? []) as Json[]).map((req) =>
    Object.keys(req)
      .map((name) => SCHEME_TEXT[name] ?? name)
      .filter((text, i, all) => all.indexOf(text) === i)
      .join(' + '),
  );
  if (how.length) parts.push(`<p>Удостоверяване: ${how.map(esc).join(' или ')}.</p>`);
  const params = (op.parameters ?? []) as Json[];
  if (params.length) {
    const where: Record<string, string> = { path: 'път', query: 'заявка', header: 'заглавка' };
    parts.push(
      table(
        'Параметри',
        ['Име', 'Къде', 'Задължителен', 'Тип', 'Бележка'],
        params.map((p) => [
          esc(p.name),
          esc(where[p.in] ?? p.in),
          p.required ? 'да' : 'не',
          esc(typeText(p.schema, doc)),
          esc(p.description ?? ''),
        ]),
      ),
    );
  }
  const content = op.requestBody?.content as Json | undefined;
  if (content) {
    for (const [media, body] of Object.entries(content) as Array<[string, Json]>) {
      const rows = fields(body.schema, doc);
      parts.push(`<h4>Тяло (<code>${esc(media)}</code>)</h4>`);
      if (rows.length)
        parts.push(
          table(
            'Полета на тялото',
            ['Поле', 'Тип', 'Задължително', 'Бележка'],
            rows.map((r) => [esc(r.name), esc(r.type), r.required ? 'да' : 'не', esc(r.note)]),
          ),
        );
      if (body.example !== undefined)
        parts.push(
          `<details><summary>Пример за тяло</summary><pre><code>${esc(JSON.stringify(body.example, null, 2))}</code></pre></details>`,
        );
    }
  }
  const answers = Object.entries((op.responses ?? {}) as Record<string, Json>).map(([status, r]) => {
    const res = resolve(r, doc) ?? {};
    const media = Object.keys(res.content ?? {})[0];
    return `<dt>${esc(status)}${media ? ` <code>${esc(media)}</code>` : ''}</dt><dd>${esc(res.description ?? '')}</dd>`;
  });
  parts.push(`<h4>Отговори</h4><dl class="answers">${answers.join('')}</dl>`);
  return `<article aria-labelledby="${id}">${parts.join('\n')}</article>`;
}

/** The whole page, from the document. */
export function apiDocsPage(doc: Json): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const tag = (op.tags?.[0] as string) ?? 'Други';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(operationHtml(method, path, op, doc));
    }
  }
  const tags = [...byTag.keys()];
  const tagId = (i: number) => `tag-${i + 1}`;
  const nav = tags.map((t, i) => `<li><a href="#${tagId(i)}">${esc(t)}</a> (${byTag.get(t)!.length})</li>`).join('');
  const sections = tags
    .map((t, i) => `<section aria-labelledby="${tagId(i)}"><h2 id="${tagId(i)}">${esc(t)}</h2>${byTag.get(t)!.join('\n')}</section>`)
    .join('\n');
  const intro = String(doc.info?.description ?? '')
    .split('\n\n')
    .filter(Boolean)
    .map((p) => `<p>${esc(p)}</p>`)
    .join('');
  return `<!doctype html>
<html lang="bg">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(doc.info?.title ?? 'API')}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Към съдържанието</a>
<header><h1>${esc(doc.info?.title ?? 'API')}</h1>${intro}<p>Версия ${esc(doc.info?.version ?? '')}. Документът като <a href="/api/openapi.json">OpenAPI 3.1 (JSON)</a>.</p></header>
<nav aria-label="Раздели на API"><h2 id="contents">Раздели</h2><ul>${nav}</ul></nav>
<main id="main" tabindex="-1">
${sections}
</main>
</body>
</html>
`;
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;margin:0 auto;max-width:72rem;padding:1rem;color:#1a1a1a;background:#fff}
a{color:#0b4f9c}a:focus-visible,summary:focus-visible,main:focus-visible{outline:3px solid #0b4f9c;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:1}
nav ul{columns:16rem;padding-left:1.2rem}
article{border-top:1px solid #ccc;padding:.5rem 0 1rem}
h3{font-size:1.05rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:baseline}
.method{font-family:ui-monospace,monospace;font-weight:700;padding:0 .4rem;border-radius:3px;color:#fff;background:#3d3d3d}
.m-get{background:#0a6e31}.m-post{background:#0b4f9c}.m-put{background:#7a4a00}.m-delete{background:#a11919}
table{border-collapse:collapse;margin:.5rem 0;width:100%;font-size:.92rem}
caption{text-align:left;font-weight:600}
th,td{border:1px solid #bbb;padding:.25rem .5rem;text-align:left;vertical-align:top}
pre{background:#f4f4f4;padding:.5rem;overflow:auto}
dl.answers{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dl.answers dd{margin:0}
`;
