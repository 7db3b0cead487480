// What a route reads is what its schema says: parseBody and parseQuery answer the schema's output
// type, so a cast of their result (`parseBody(…) as X`) could only hide a difference between what
// the schema lets through and what a service believes it gets. Every source file of the server is
// read once, character by character (no pattern that backtracks over a long line), and each such
// call is followed to its closing parenthesis, across lines, to see what comes after it.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SOURCES = path.join(ROOT, 'backend/src');
const CALLS = ['parseBody(', 'parseQuery('];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [full] : [];
  });
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\w$]/.test(ch);

/** Whether a `/` at `i` opens a regular expression: after an operator, an opening bracket or
 *  `return`, not after a value (then it divides). */
function opensRegex(src: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (src[j] === ' ' || src[j] === '\t')) j--;
  if (j < 0) return true;
  if ('(,=:[!&|?{};+-*%<>~^\n'.includes(src[j])) return true;
  return src.slice(Math.max(0, j - 5), j + 1) === 'return' && !isWordChar(src[j - 6]);
}

/** The lines (1-based) where a parse call's result is cast with `as`. Strings and comments are
 *  skipped, so a parenthesis inside one never counts. */
function castsOfParseResults(src: string): number[] {
  const found: number[] = [];
  // One entry per open parenthesis: the line of its parse call, or null for any other.
  const open: Array<number | null> = [];
  let line = 1;
  let i = 0;
  const n = src.length;
  while (i < n) {
    const ch = src[i];
    if (ch === '\n') {
      line++;
      i++;
    } else if (ch === '/' && src[i + 1] === '/') {
      while (i < n && src[i] !== '\n') i++;
    } else if (ch === '/' && src[i + 1] === '*') {
      i += 2;
      while (i < n && !(src[i] === '*' && src[i + 1] === '/')) {
        if (src[i] === '\n') line++;
        i++;
      }
      i += 2;
    } else if (ch === '/' && opensRegex(src, i)) {
      // A regular expression: up to its closing slash, outside a character class.
      let inClass = false;
      i++;
      while (i < n && src[i] !== '\n' && (inClass || src[i] !== '/')) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        i++;
      }
      i++;
    } else if (ch === "'" || ch === '"' || ch === '`') {
      i++;
      while (i < n && src[i] !== ch) {
        if (src[i] === '\\') i++;
        else if (src[i] === '\n') line++;
        i++;
      }
      i++;
    } else if (ch === '(') {
      open.push(null);
      i++;
    } else if (ch === ')') {
      const call = open.pop();
      i++;
      if (call === undefined || call === null) continue;
      // What follows the call's closing parenthesis, past spaces and line breaks (not consumed:
      // the main loop reads it again, so the scan stays one pass).
      let j = i;
      while (j < n && /\s/.test(src[j])) j++;
      if (src.startsWith('as', j) && !isWordChar(src[j + 2])) found.push(call);
    } else {
      const call = isWordChar(src[i - 1]) ? undefined : CALLS.find((c) => src.startsWith(c, i));
      if (call) {
        open.push(line);
        i += call.length;
      } else i++;
    }
  }
  return found;
}

describe('no cast of a parse result', () => {
  it('finds a cast after the call, on its line or after a call spread over lines', () => {
    expect(castsOfParseResults('const a = parseBody(ctx.request.body, schema) as Thing;')).toEqual([1]);
    expect(castsOfParseResults('const q = parseQuery(ctx.query, listQuery)\n  as Partial<Q>;')).toEqual([1]);
    expect(castsOfParseResults('x(\n  parseBody(\n    body,\n    pick(a, b),\n  ) as T,\n);')).toEqual([2]);
    expect(castsOfParseResults('f(parseBody(input, other(parseQuery(q, s) as X)));')).toEqual([1]);
  });

  it('lets the plain call and other casts be', () => {
    expect(castsOfParseResults('const { items } = parseBody(ctx.request.body, cartPreviewInput);')).toEqual([]);
    expect(castsOfParseResults('save(parseBody(body, schema), ctx.state.user as User);')).toEqual([]);
    expect(castsOfParseResults('const s = "parseBody(x) as Y"; // parseBody(y) as Z\n/* parseQuery(q) as W */')).toEqual([]);
    expect(castsOfParseResults('myparseBody(x) as Y; parseBody(x).assets;')).toEqual([]);
    expect(castsOfParseResults("parseBody(body, pick(')')) satisfies T;")).toEqual([]);
    expect(castsOfParseResults("const r = /[(']/; parseBody(body, schema);\nconst t = a / b; ok(x) as Y;")).toEqual([]);
  });

  it('backend/src casts no result of parseBody or parseQuery', () => {
    const casts = sourceFiles(SOURCES).flatMap((file) =>
      castsOfParseResults(fs.readFileSync(file, 'utf8')).map((l) => `${path.relative(ROOT, file)}:${l}`),
    );
    expect(casts).toEqual([]);
  });
});
