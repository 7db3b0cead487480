// The repository explains itself: its comments, test names, journey names, README and docs state
// each rule in their own words, never by pointing somewhere a reader of the repository cannot
// follow — a tracker's number for a task, a design document kept elsewhere, a file
// beside the repository (../shared/…), or a section of a specification ("spec §4", "(§8)", "the
// spec's rule"). A Bulgarian law's article or paragraph („ЗТТСТИ чл. 31а“, „ЗТТСТИ § 1 т. 39“) is
// the law's own name for it and stays. Code itself (identifiers, strings the app shows) is not
// read here: only what is written for the people reading it.
//
// Files: what git knows of (tracked, or new and not ignored), else a walk of the tree.
// TypeScript and JavaScript are parsed with the TypeScript compiler, so a comment is a comment
// and a string is a string; every pattern below is linear (no nested or overlapping repetition).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const SELF = path.relative(ROOT, __filename).split(path.sep).join('/');

/** Never read: dependencies, builds, lockfiles, this file (it names the patterns), and output a
 *  program writes (bench/RESULTS.md is rendered by bench/run.ts from bench/results/*.json, whose
 *  scenario names are code, and from bench/NOTES.md, which is read here). */
const SKIP_DIRS = /(^|\/)(node_modules|build|dist|coverage|data|\.git|e2e\/artifacts)(\/|$)/;
const SKIP_FILES = new Set([SELF, 'package-lock.json', 'bench/RESULTS.md']);

const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const CSS = /\.css$/;
/** Read whole: prose, and files whose only prose is their comments (shell, config). */
const WHOLE = /(\.(md|sh|ya?ml|conf|cfg|service|example)$|(^|\/)\.ci\/run$)/;

interface Hit {
  file: string;
  line: number;
  text: string;
  why: string;
}

const PATTERNS: Array<[RegExp, string]> = [
  [/\bissues?[ \t]*[-#]?[ \t]*\d/i, 'an issue number'],
  [/(^|[\s([{,;:])#\d+\b/, 'an issue number'],
  [/\bDESIGN\.md\b|\bDESIGN[ \t]*§/, 'the design document'],
  [/\.\.\/shared\b|\bshop-spec\b/, 'a file outside the repository'],
  [/\bspec(?:ification)?(?:s|'s|’s)?\b/i, 'a specification'],
  [/\bsections?[ \t]+\d/i, 'a section of a document'],
];

/** A Bulgarian law's abbreviation or word right before its § (ЗТТСТИ § 1, ДР § 1, Закона § 2). */
const LAW_BEFORE = /(?:[А-ЯЁ][А-Яа-яЁё]{0,7}|[Зз]акона?|[Нн]аредба(?:та)?|ДР|ПЗР)[\s.,]{0,3}$/;

function problems(text: string): string[] {
  const found = PATTERNS.filter(([re]) => re.test(text)).map(([, why]) => why);
  let at = text.indexOf('§');
  while (at !== -1) {
    if (!LAW_BEFORE.test(text.slice(Math.max(0, at - 12), at))) {
      found.push('a section sign that is not a law’s');
      break;
    }
    at = text.indexOf('§', at + 1);
  }
  return found;
}

function repositoryFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return [...new Set(out.split('\0').filter(Boolean))].filter((f) => fs.existsSync(path.join(ROOT, f)));
  } catch {
    const walk = (dir: string): string[] =>
      fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
        const rel = dir ? `${dir}/${e.name}` : e.name;
        if (SKIP_DIRS.test(rel)) return [];
        return e.isDirectory() ? walk(rel) : [rel];
      });
    return walk('');
  }
}

/** What a test runner or the journeys call a test by: test/it/describe (and .each, .skip, …). */
const TEST_CALLS = new Set(['test', 'it', 'describe', 'fit', 'xit', 'xtest', 'fdescribe', 'xdescribe']);
function isTestCallee(e: ts.Expression): boolean {
  if (ts.isIdentifier(e)) return TEST_CALLS.has(e.text);
  if (ts.isPropertyAccessExpression(e)) return isTestCallee(e.expression);
  if (ts.isCallExpression(e)) return isTestCallee(e.expression); // it.each([...])('name', …)
  return false;
}

/** The comments and test names of a TypeScript or JavaScript file, each with its first line. */
function readerTexts(file: string, text: string): Array<{ line: number; text: string }> {
  const kind = /\.(tsx|jsx)$/.test(file) ? ts.ScriptKind.TSX : /\.(m|c)?jsx?$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out: Array<{ line: number; text: string }> = [];
  const seen = new Set<number>();
  const add = (pos: number, s: string) => out.push({ line: sf.getLineAndCharacterOfPosition(pos).line + 1, text: s });
  const comments = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      add(r.pos, text.slice(r.pos, r.end));
    }
  };
  const visit = (node: ts.Node) => {
    comments(ts.getLeadingCommentRanges(text, node.getFullStart()));
    comments(ts.getTrailingCommentRanges(text, node.getEnd()));
    if (ts.isCallExpression(node) && isTestCallee(node.expression)) {
      const name = node.arguments[0];
      if (name && ts.isStringLiteralLike(name)) add(name.getStart(sf), name.text);
    }
    // A journey's name (e2e/journeys: { name: '…', run() {…} }).
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'name' &&
      ts.isStringLiteralLike(node.initializer) &&
      ts.isObjectLiteralExpression(node.parent) &&
      node.parent.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'run')
    ) {
      add(node.initializer.getStart(sf), node.initializer.text);
    }
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return out;
}

/** CSS comments: the text between each /* and its end, found by indexOf (linear). */
function cssComments(text: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let at = text.indexOf('/*');
  while (at !== -1) {
    const end = text.indexOf('*/', at + 2);
    const stop = end === -1 ? text.length : end + 2;
    out.push({ line: text.slice(0, at).split('\n').length, text: text.slice(at, stop) });
    at = end === -1 ? -1 : text.indexOf('/*', stop);
  }
  return out;
}

function hitsOf(file: string): Hit[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const parts = CODE.test(file) ? readerTexts(file, text) : CSS.test(file) ? cssComments(text) : [{ line: 1, text }];
  const hits: Hit[] = [];
  for (const part of parts) {
    part.text.split('\n').forEach((lineText, i) => {
      for (const why of problems(lineText)) hits.push({ file, line: part.line + i, text: lineText.trim().slice(0, 160), why });
    });
  }
  return hits;
}

const files = repositoryFiles().filter((f) => !SKIP_DIRS.test(f) && !SKIP_FILES.has(f) && (CODE.test(f) || CSS.test(f) || WHOLE.test(f)));

test('finds the files to read: the apps, the tests, the journeys, the README and the docs', () => {
  for (const f of [
    'README.md',
    'docs/README.md',
    'backend/src/app.ts',
    'domain/money.ts',
    'storefront/src/App.tsx',
    'admin/src/App.tsx',
    'e2e/run.mjs',
  ]) {
    expect(files).toContain(f);
  }
  expect(files).not.toContain(SELF);
  expect(files.some((f) => f.startsWith('node_modules/'))).toBe(false);
});

test('no comment, test name, README or doc points outside the repository', () => {
  const hits = files.flatMap(hitsOf);
  expect(hits.map((h) => `${h.file}:${h.line}: ${h.why}: ${h.text}`)).toEqual([]);
});

// The samples are put together from parts, so that this file names none of what it refuses.
const ISSUE = ['iss', 'ue'].join('');
const DESIGN = ['DES', 'IGN'].join('');

describe('the patterns', () => {
  it.each([
    'Staff sign in where shoppers do (spec §6)',
    "The spec's rule (§8): a refusal shows its message",
    'as the specification says',
    `fixed in ${ISSUE} 27`,
    `see #${27} for the discussion`,
    `${ISSUE}-12`,
    'the vocabulary (DESIGN §13)',
    `read ${DESIGN}.md first`,
    'node ../shared/tools/spec-texts.mjs',
    'the texts of section 8',
  ])('flags %s', (text) => {
    expect(problems(text)).not.toEqual([]);
  });

  it.each([
    'Bulgarian law (ЗТТСТИ чл. 31а) forbids selling to consumers online',
    'tobacco-related products (ЗТТСТИ § 1 т. 39)',
    'the plain list and react-admin’s',
    'a colour like #fff or the page’s #__DATA__',
    'staffProductListSpec and RaListSpec are identifiers',
  ])('leaves %s', (text) => {
    expect(problems(text)).toEqual([]);
  });

  it('reads comments and test names, not code or the strings the app shows', () => {
    const src = [
      "const spec = parse('spec §1');",
      '// a comment citing spec §2',
      "test('the spec’s toast', () => {});",
      "it.each([1])('spec %s', () => {});",
      `const j = { name: '${ISSUE} 3 journey', async run() {} };`,
      'const el = <div>{/* DESIGN §4 */}</div>;',
    ].join('\n');
    const texts = readerTexts('x.tsx', src).map((t) => `${t.line}:${t.text}`);
    expect(texts).toEqual([
      '2:// a comment citing spec §2',
      '3:the spec’s toast',
      '4:spec %s',
      `5:${ISSUE} 3 journey`,
      '6:/* DESIGN §4 */',
    ]);
  });
});
