// The request log: one JSON line per API request (method, path, status, time), nothing of the
// query string or the body, written through the destination it is given.
import Koa from 'koa';
import supertest from 'supertest';
import { requestLog } from '../src/platform/http/requestLog';

it('writes one line per API request, without its query string or body, and none for other paths', async () => {
  const lines: string[] = [];
  const app = new Koa();
  app.use(requestLog({ write: (line: string) => lines.push(line) }));
  app.use((ctx) => {
    if (ctx.path === '/api/missing') ctx.status = 404;
    else ctx.body = { ok: true };
  });
  const client = supertest(app.callback());
  await client.get('/api/products?search=мария@example.bg').expect(200);
  await client.post('/api/missing').send({ password: 'тайна' }).expect(404);
  await client.get('/products').expect(200);
  expect(lines).toHaveLength(2);
  expect(lines.every((l) => l.endsWith('\n'))).toBe(true);
  const [first, second] = lines.map((l) => JSON.parse(l));
  expect(first).toMatchObject({ method: 'GET', path: '/api/products', status: 200 });
  expect(second).toMatchObject({ method: 'POST', path: '/api/missing', status: 404 });
  expect(typeof first.ms).toBe('number');
  expect(lines.join('')).not.toMatch(/мария|тайна|search/);
});
