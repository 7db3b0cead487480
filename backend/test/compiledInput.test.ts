// Request bodies and queries are read by zod's compiled parse (platform/http/parseInput): the same
// answer as the schema's own parse, for every schema a route reads, on its reference example and on
// versions of it a client might send — padded and upper-cased text, numbers as strings, nothing at
// all — whether the schema takes them (the same output) or refuses them (the same issues, so the
// same field errors).
import { shopForThisFile } from './helpers';
import type { z } from 'zod';
import { describedOperation, exampleOf, jsonSchemaOf } from '../src/platform/http/apiDocs';
import { compiledSchema } from '../src/platform/http/parseInput';

const shop = shopForThisFile();

/** A value with each leaf changed by `leaf`, keys kept. */
function mapLeaves(value: unknown, leaf: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, leaf));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf)]));
  return leaf(value);
}

const versions = (example: unknown): Array<[string, unknown]> => [
  ['the example', example],
  ['text padded with spaces', mapLeaves(example, (v) => (typeof v === 'string' ? `  ${v}  ` : v))],
  ['text upper-cased', mapLeaves(example, (v) => (typeof v === 'string' ? v.toUpperCase() : v))],
  ['numbers as text', mapLeaves(example, (v) => (typeof v === 'number' ? String(v) : v))],
  ['yes and no as text', mapLeaves(example, (v) => (typeof v === 'boolean' ? String(v) : v))],
  ['nothing', {}],
];

/** What a parse answers, as a client would see it: the value, or where and why it was refused. */
const outcome = (r: z.ZodSafeParseResult<unknown>) =>
  r.success ? { data: r.data } : { issues: r.error.issues.map((i) => ({ path: i.path, code: i.code, message: i.message })) };

it('reads every route body and query as the schema itself reads it', () => {
  const schemas = new Set<z.ZodType>();
  for (const layer of shop.app.apiLayers()) {
    const op = describedOperation(layer);
    for (const schema of [op?.body ?? [], op?.query ?? []].flat()) schemas.add(schema);
  }
  expect(schemas.size).toBeGreaterThan(50);
  const differ: string[] = [];
  let accepted = 0;
  let refused = 0;
  for (const schema of schemas)
    for (const [what, input] of versions(exampleOf(jsonSchemaOf(schema)))) {
      const own = outcome(schema.safeParse(input));
      const fast = outcome(compiledSchema(schema).safeParse(input));
      if ('data' in own) accepted++;
      else refused++;
      if (JSON.stringify(fast) !== JSON.stringify(own))
        differ.push(`${what}: ${JSON.stringify(own).slice(0, 200)} ≠ ${JSON.stringify(fast).slice(0, 200)}`);
    }
  expect(differ).toEqual([]);
  // Both kinds were compared, many times.
  expect(accepted).toBeGreaterThan(100);
  expect(refused).toBeGreaterThan(100);
});
