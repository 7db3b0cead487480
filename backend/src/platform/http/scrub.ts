// Secrets never reach the logs: session ids, CSRF and API tokens, password hashes and reset links
// can sit inside an error's text (knex puts a failed query's SQL with its bindings in the message).
// Every error logged by the server goes through scrub() first.

/** Long random-looking strings (session ids are 32 characters, tokens 43, hashes longer). */
const TOKEN = /(?<![\w$-])(?=[\w$./+-]*\d)(?=[\w$./+-]*[A-Za-z])[A-Za-z0-9_$./+=-]{24,}(?![\w-])/g;
/** name=value, name: value, "name":"value" for names that hold secrets. */
const NAMED =
  /((?:password|passwd|secret|token|csrf|sid|api[_-]?key|authorization|cookie)[\w-]*["']?\s*[:=]\s*["']?)(?:Bearer\s+)?[^"'\s,&;)]+/gi;

export function scrub(text: string): string {
  return text
    .replace(NAMED, '$1[redacted]')
    .replace(TOKEN, (m) => (m.includes('/') && !/[+=]/.test(m) && /^[\w./-]+$/.test(m) && m.split('/').length > 2 ? m : '[redacted]'));
}

export function scrubError(err: unknown): string {
  return scrub(String((err as Error)?.stack || err));
}
