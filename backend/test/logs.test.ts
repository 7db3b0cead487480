// Secrets never reach the logs: a failed query's text (which carries its bindings) is scrubbed of
// session ids, CSRF and API tokens and password hashes before it is logged.
import crypto from 'node:crypto';
import { makeShop } from './helpers';
import { scrub } from '../src/platform/http/scrub';
import { hashPassword } from '../src/modules/auth/passwords';

it('a 500 caused by a failing session query logs no session id and no CSRF token', async () => {
  const shop = await makeShop({ memoryCaches: false });
  const u = await shop.user();
  // A token alone writes no session: the token is got first, then the sign-in saves one.
  const b = shop.browser();
  await b.csrf();
  // The sessions table loses a column: saving a new session fails inside SQL that carries the
  // session id and its data (with the account) as bindings.
  await shop.app.knex.schema.alterTable('sessions', (t) => t.renameColumn('expires_at', 'expires_gone'));
  const secrets: string[] = [];
  shop.app.knex.on('query', (q: { sql: string; bindings?: unknown[] }) => {
    if (/insert into .sessions/.test(q.sql))
      for (const b of q.bindings ?? []) if (typeof b === 'string' && b.length >= 20) secrets.push(b, ...(b.match(/[\w-]{32,}/g) ?? []));
  });
  const logged: string[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  let res;
  try {
    res = await b.post('/api/auth/login', { email: u.email, password: u.password });
  } finally {
    spy.mockRestore();
    await shop.close();
  }
  expect(res.status).toBe(500);
  const text = logged.join('\n');
  expect(text).toMatch(/insert into \W*sessions/); // the error is logged…
  expect(secrets.length).toBeGreaterThanOrEqual(2); // (the session id and the data with the token)
  for (const secret of secrets) expect(text).not.toContain(secret); // …without the secrets in it
});

it('scrubs tokens, hashes and named secrets but keeps the readable rest', async () => {
  const token = crypto.randomBytes(32).toString('base64url');
  const hash = await hashPassword('a password');
  const line = `insert into "sessions" ("data", "id") values ('{"csrfToken":"${token}"}', 'abcDEF123456ghiJKL7890mnopQRSTuv') - SQLITE_ERROR; hash ${hash}; password=hunter2hunter2 Authorization: Bearer vs_${token} at /work/shop/backend/src/http/session.ts:42:7`;
  const out = scrub(line);
  for (const secret of [token, 'abcDEF123456ghiJKL7890mnopQRSTuv', hash.split('$').pop()!, 'hunter2hunter2'])
    expect(out).not.toContain(secret);
  expect(out).toContain('insert into "sessions"');
  expect(out).toContain('SQLITE_ERROR');
  expect(out).toContain('/work/shop/backend/src/http/session.ts:42:7');
});
