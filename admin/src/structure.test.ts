/// <reference types="node" />
// The panel's data goes through react-admin's data layer: the data provider's methods, asked by
// react-query (useQuery, useMutation, react-admin's own hooks), never from an effect; and the
// panel's parts tell each other through the query cache or React context, not window events.
// This reads every non-test source file, finds each useEffect( call by matching its brackets,
// and looks inside for a request.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createDataProvider } from './dataProvider';

const ROOT = __dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The text from an opening bracket to its matching closing one; strings and comments are skipped. */
function bracketed(text: string, open: number): string {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) + 1;
    else if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return text.slice(open, i + 1);
    }
  }
  return text.slice(open);
}

/** Every useEffect's argument list in a file's text. */
export function effectsOf(text: string): string[] {
  const found: string[] = [];
  const re = /\buseEffect\s*\(/g;
  for (let m = re.exec(text); m; m = re.exec(text)) found.push(bracketed(text, m.index + m[0].length - 1));
  return found;
}

// The data provider's own method names (react-admin's CRUD and the panel's custom calls), as
// called on a provider (`dataProvider.tokens(`, `dp.getList(`), and the ways around it.
const methods = Object.keys(createDataProvider()).filter((name) => /^[a-zA-Z]+$/.test(name));
const requestPatterns = [
  /\bhttpClient\s*\(/,
  /\bfetch\s*\(/,
  /\bfetchJson\s*\(/,
  /\binvoicesApi\s*\./,
  /\bfetchShipment\s*\(/,
  /\.\s*mutate(?:Async)?\s*\(/,
  /\bfetchQuery\s*\(/,
  new RegExp(`\\.\\s*(?:${methods.join('|')})\\s*(?:<[^>]*>)?\\s*\\(`),
];

/** What in an effect's text asks the server, if anything. */
export function requestIn(effect: string): string | undefined {
  for (const pattern of requestPatterns) {
    const m = pattern.exec(effect);
    if (m) return m[0];
  }
  return undefined;
}

/** A function's definition in the file (`function name(` or `const name =`), up to where its
 *  indentation ends (the files are prettier's). */
function definitionOf(text: string, name: string): string {
  const m = new RegExp(`^([ \\t]*)(?:export\\s+)?(?:async\\s+)?(?:function\\s+${name}\\s*[(<]|const\\s+${name}\\s*=)`, 'm').exec(text);
  if (!m) return '';
  const indent = m[1].length;
  const lines = text.slice(m.index).split('\n');
  const body = [lines[0]];
  for (const line of lines.slice(1)) {
    const own = line.length - line.trimStart().length;
    if (line.trim() && own <= indent && !/^[)\]}]/.test(line.trim())) break;
    body.push(line);
    if (line.trim() && own === indent) break;
  }
  return body.join('\n');
}

/** An effect with what it runs of the file's own: the function it is given by name, the file's
 *  functions it calls, and the mutations of react-admin's hooks it calls. */
export function effectWithHelpers(text: string, effect: string): string {
  const names = new Set<string>();
  const given = /^\(\s*([A-Za-z_$][\w$]*)\s*,/.exec(effect)?.[1];
  if (given) names.add(given);
  for (const m of effect.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)\s*\(/g)) names.add(m[1]);
  const mutations = [...text.matchAll(/const\s*\[\s*(\w+)[^\]]*\]\s*=\s*use(?:Update|Create|Delete|UpdateMany|DeleteMany)\b/g)].map(
    (m) => m[1],
  );
  const called = mutations.filter((name) => names.has(name)).map((name) => `${name}(`);
  const helpers = [...names].map((name) => definitionOf(text, name)).filter(Boolean);
  return [effect, ...helpers, ...called.map((c) => `dataProvider.update${c.slice(c.indexOf('('))}`)].join('\n');
}

// The browser's own events a part may listen to; anything else on window is a home-made bus.
const BROWSER_EVENTS = new Set(['resize', 'scroll', 'storage', 'focus', 'blur', 'online', 'offline', 'popstate', 'keydown', 'keyup']);

/** Custom window events: any dispatch, and listening to anything but the browser's own events. */
export function windowBusIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bwindow\s*\.\s*dispatchEvent\s*\(|\bnew\s+CustomEvent\s*\(/g)) found.push(m[0]);
  for (const m of text.matchAll(/\bwindow\s*\.\s*(?:add|remove)EventListener\s*\(\s*([^,)]*)/g)) {
    const name = /^['"]([\w-]+)['"]$/.exec(m[1].trim())?.[1];
    if (!name || !BROWSER_EVENTS.has(name)) found.push(m[0]);
  }
  return found;
}

const files = sources(ROOT).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));

test('the checks recognise what they look for', () => {
  const [effect] = effectsOf(`useEffect(() => { const s = "})"; dataProvider.tokens().then(set); }, []); after();`);
  expect(effect.endsWith('[])')).toBe(true);
  expect(requestIn(effect)).toMatch(/tokens/);
  expect(requestIn(effectsOf('useEffect(() => { httpClient(url).then(set); }, []);')[0])).toBeDefined();
  expect(requestIn(effectsOf('useEffect(() => { document.title = title; }, [title]);')[0])).toBeUndefined();
  const named = `const load = useCallback(() => {\n  dataProvider.tokens().then(set);\n}, []);\nuseEffect(load, [load]);\n`;
  expect(requestIn(effectWithHelpers(named, effectsOf(named)[0]))).toBeDefined();
  const mutation = `const [update] = useUpdate();\nuseEffect(() => {\n  if (record) update('x', {});\n}, [record]);\n`;
  expect(requestIn(effectWithHelpers(mutation, effectsOf(mutation)[0]))).toBeDefined();
  expect(windowBusIn(`window.addEventListener(TOKENS_REVOKED, load); window.dispatchEvent(new Event('x'));`)).toHaveLength(2);
  expect(windowBusIn(`window.addEventListener('resize', onResize);`)).toEqual([]);
  expect(files.length).toBeGreaterThan(100);
});

test('no effect asks the server: the data provider is called through react-query', () => {
  const offenders = files.flatMap(({ path, text }) =>
    effectsOf(text).flatMap((effect) => {
      const call = requestIn(effectWithHelpers(text, effect));
      return call ? [`${path}: useEffect calls ${call}`] : [];
    }),
  );
  expect(offenders).toEqual([]);
});

test('no window event carries the panel’s own messages', () => {
  const offenders = files.flatMap(({ path, text }) => windowBusIn(text).map((use) => `${path}: ${use}`));
  expect(offenders).toEqual([]);
});
