// The rooms and doors of the architecture, read from the imports themselves: each area of
// backend/src/modules has one entrance (index.ts) and is entered only there; a route file imports
// no other area; the graph of areas has no cycle; platform/ imports no area; domain/ imports
// nothing of the apps. A change that breaks one of these fails here with the import that did.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MODULES = path.join(ROOT, 'backend/src/modules');
const PLATFORM = path.join(ROOT, 'backend/src/platform');
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
