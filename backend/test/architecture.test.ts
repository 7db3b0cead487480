// The rooms and doors of the architecture, read from the imports themselves: each area of
// backend/src/modules has one entrance (index.ts) and is entered only there; a route file imports
// no other area; the graph of areas has no cycle; platform/ imports no area; domain/ imports
// nothing of the apps. A change that breaks one of these fails here with the import that did.
// And each table is written only by the area that owns it (platform/db/tableOwners.ts): a write
// naming another area's table or model fails here with its file and line.
import fs from 'node:fs';
import path from 'node:path';
import { SHARED_COLUMNS, TABLE_OWNERS } from '../src/platform/db/tableOwners';

const ROOT = path.resolve(__dirname, '../..');
const MODULES = path.join(ROOT, 'backend/src/modules');
const PLATFORM = path.join(ROOT, 'backend/src/platform');
const MODELS = path.join(ROOT, 'backend/src/models');
const MIGRATIONS = path.join(PLATFORM, 'db/migrations');
const DOMAIN = path.join(ROOT, 'domain');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [full] : [];
  });
}

/** Every relative import (static, dynamic, re-export) of a file, resolved to an absolute path. */
function importsOf(file: string): string[] {
  const src = fs.readFileSync(file, 'utf8');
  const specs = [
    ...src.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3]);
  return specs.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));
}

const areas = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const areaOf = (abs: string): string | null => (abs.startsWith(MODULES + path.sep) ? path.relative(MODULES, abs).split(path.sep)[0] : null);
const isRouteFile = (file: string) => /(^|[/\\])(routes|[A-Za-z]+Routes)\.tsx?$/.test(file);
const rel = (abs: string) => path.relative(ROOT, abs);

interface Crossing {
  from: string;
  file: string;
  to: string;
  target: string;
}

const crossings: Crossing[] = areas.flatMap((area) =>
  sourceFiles(path.join(MODULES, area)).flatMap((file) =>
    importsOf(file)
      .map((target) => ({ from: area, file, to: areaOf(target), target }))
      .filter((c): c is Crossing => c.to !== null && c.to !== area),
  ),
);

/** The area graph: which areas each area enters. */
export function areaGraph(): Map<string, Set<string>> {
  const graph = new Map(areas.map((a) => [a, new Set<string>()]));
  for (const c of crossings) graph.get(c.from)!.add(c.to);
  return graph;
}

function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (a: string) => {
    state.set(a, 'open');
    stack.push(a);
    for (const b of graph.get(a) ?? []) {
      if (state.get(b) === 'open') found.push([...stack.slice(stack.indexOf(b)), b]);
      else if (!state.has(b)) visit(b);
    }
    stack.pop();
    state.set(a, 'done');
  };
  for (const a of graph.keys()) if (!state.has(a)) visit(a);
  return found;
}

describe('the areas of backend/src/modules', () => {
  it('each has one entrance, index.ts', () => {
    expect(areas.filter((a) => !fs.existsSync(path.join(MODULES, a, 'index.ts')))).toEqual([]);
  });

  it('are entered from another area only through that entrance', () => {
    const entrance = (c: Crossing) => ['', 'index'].includes(path.relative(path.join(MODULES, c.to), c.target));
    const byTheSideDoor = crossings.filter((c) => !entrance(c)).map((c) => `${rel(c.file)} → ${rel(c.target)}`);
    expect(byTheSideDoor).toEqual([]);
  });

  it('have route files that import no other area', () => {
    const fromRoutes = crossings.filter((c) => isRouteFile(c.file)).map((c) => `${rel(c.file)} → ${rel(c.target)}`);
    expect(fromRoutes).toEqual([]);
  });

  it('form a graph without cycles', () => {
    expect(cycles(areaGraph()).map((c) => c.join(' → '))).toEqual([]);
  });
});

describe('the other rooms', () => {
  it('platform/ imports no area', () => {
    const intoModules = sourceFiles(PLATFORM).flatMap((f) =>
      importsOf(f)
        .filter((t) => areaOf(t) !== null)
        .map((t) => `${rel(f)} → ${rel(t)}`),
    );
    expect(intoModules).toEqual([]);
  });

  it('domain/ imports nothing of the apps', () => {
    const outside = sourceFiles(DOMAIN).flatMap((f) =>
      importsOf(f)
        .filter((t) => !t.startsWith(DOMAIN + path.sep))
        .map((t) => `${rel(f)} → ${rel(t)}`),
    );
    expect(outside).toEqual([]);
  });
});

/** Each model's table, read from its file (`class Order … static tableName = 'orders'`). */
function modelTables(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(MODELS)) {
    const src = fs.readFileSync(file, 'utf8');
    const model = /\bclass (\w+)/.exec(src)?.[1];
    const table = /\bstatic tableName = '(\w+)'/.exec(src)?.[1];
    if (model && table) found.set(model, table);
  }
  return found;
}

/** knex is configured to write camelCase names as snake_case ones, tables too. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const WRITE_CALL =
  /\.(insert|insertAndFetch|insertGraph|upsertGraph|patch|patchAndFetch|patchAndFetchById|update|updateAndFetchById|delete|deleteById|del|increment|decrement)\s*\(/;
// `Model.query(…)` (a write when the statement goes on to one of WRITE_CALL), `Model.insertComposed(`
// and `Model.composedInserts(` (writes by themselves), and a table named to knex: `trx('orders')`,
// `db(Order.tableName)`, `(trx as Knex)('orders')`.
const TABLE_NAMED = /\b([A-Z]\w*)\.(query|insertComposed|composedInserts)\(|(\w+|\))\(\s*(?:'(\w+)'|"(\w+)"|([A-Z]\w*)\.tableName)\s*\)/g;
// Calls that name a table without writing it (what they join or read from).
const NOT_A_WRITER = new Set(['import', 'require', 'from', 'join', 'leftJoin', 'innerJoin', 'hasTable', 'whereExists']);

interface TableWriteSite {
  area: string;
  table: string;
  at: string;
}

/** Every write an area's source names a table or model in: from each mention to the end of its
 *  statement (the next `;`). It reads text, not types: a builder kept in a variable and written
 *  later, a write behind a `;` inside a callback or an instance's `$query()` is not seen. */
function tableWrites(): TableWriteSite[] {
  const models = modelTables();
  return areas.flatMap((area) =>
    sourceFiles(path.join(MODULES, area)).flatMap((file) => {
      const src = fs.readFileSync(file, 'utf8');
      const sites: TableWriteSite[] = [];
      // Lines are counted as the matches come, in order: one pass over the file.
      let line = 1;
      let counted = 0;
      for (const m of src.matchAll(TABLE_NAMED)) {
        for (; counted < m.index; counted++) if (src.charCodeAt(counted) === 10) line++;
        const [, model, call, caller, quoted, doubleQuoted, tableOfModel] = m;
        let table: string | undefined;
        if (model) table = models.get(model);
        else if (!NOT_A_WRITER.has(caller)) table = quoted || doubleQuoted ? snakeCase(quoted || doubleQuoted) : models.get(tableOfModel);
        if (!table || !(table in TABLE_OWNERS)) continue;
        const end = src.indexOf(';', m.index);
        const statement = src.slice(m.index, end < 0 ? undefined : end);
        if (call === 'query' || !model) {
          if (!WRITE_CALL.test(statement)) continue;
        }
        sites.push({ area, table, at: `${rel(file)}:${line}` });
      }
      return sites;
    }),
  );
}

describe('the tables', () => {
  it('each has an owner in platform/db/tableOwners.ts', () => {
    const created = new Set(
      sourceFiles(MIGRATIONS).flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/\bcreateTable\(\s*'(\w+)'/g)].map((m) => m[1])),
    );
    expect([...created].filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((t) => !created.has(t))).toEqual([]);
    expect(Object.values(TABLE_OWNERS).filter((a) => a !== 'platform' && !areas.includes(a))).toEqual([]);
  });

  it('are written only by their owning area', () => {
    const shared = (s: TableWriteSite) => SHARED_COLUMNS.some((c) => c.table === s.table && c.area === s.area);
    const foreign = tableWrites()
      .filter((s) => TABLE_OWNERS[s.table] !== s.area && !shared(s))
      .map((s) => `${s.at}: ${s.area} writes ${s.table}, owned by ${TABLE_OWNERS[s.table]}`);
    expect(foreign).toEqual([]);
  });

  it('are found written where they are (the scan sees what it must)', () => {
    const seen = new Set(tableWrites().map((s) => `${s.area} ${s.table}`));
    // One of each form the scan reads: a model's query, a composed insert, a knex table by name.
    for (const known of ['orders orders', 'orders order_events', 'accounts payments', 'staff notifications', 'cart cart_items'])
      expect(seen).toContain(known);
  });
});
