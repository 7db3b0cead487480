// The server as plain JavaScript (build/<stamp>/server/main.js and cli.js): Node runs it without
// compiling TypeScript on the fly in a loader thread (less memory, faster start). The packages stay
// in node_modules; only the shop's own code is bundled. Takes well under a second.
// Every package the bundle imports must be a production dependency: production installs with
// `npm ci --omit=dev`, so an import of a devDependency would fail only there. The build refuses it.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { ROOT } from './build-info.mjs';

/** The package an import names: 'knex/lib/x' → 'knex', '@koa/router' → '@koa/router'. */
export function packageOf(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export function devOnlyImports(imports, pkg) {
  const builtins = new Set(builtinModules);
  const deps = new Set(Object.keys(pkg.dependencies ?? {}));
  return [...new Set(imports.map(packageOf))].filter((p) => !p.startsWith('node:') && !builtins.has(p) && !deps.has(p)).sort();
}

export async function buildServer(outdir) {
  const result = await build({
    entryPoints: { main: path.join(ROOT, 'backend/src/main.ts'), cli: path.join(ROOT, 'backend/src/cli.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    logLevel: 'warning',
    metafile: true,
  });
  const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const missing = devOnlyImports(imports, pkg);
  if (missing.length) {
    throw new Error(
      `The server imports packages that are not production dependencies (move them to "dependencies"): ${missing.join(', ')}`,
    );
  }
}
