// Bodies the parser cannot read, sent raw as an attacker would: broken or cut-off gzip, an
// encoding or charset the server does not speak, invalid JSON. Each is a 4xx with a Bulgarian
// message, never a 500, with or without a session and CSRF token.
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { makeShop, TestShop } from './helpers';
import { API } from '@domain/messages';

let shop: TestShop;
let server: http.Server;
let port: number;
let cookie = '';
let csrfToken = '';

beforeAll(async () => {
  shop = await makeShop();
  server = http.createServer(shop.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const b = await shop.signedIn();
  // The signed-in browser's cookies and token, for the requests "after CSRF".
  const res = await b.get('/api/csrf-token');
  csrfToken = res.body.csrfToken;
  const jar = (b.agent as unknown as { jar: { getCookies(o: object): Array<{ name: string; value: string }> } }).jar;
  cookie = jar
    .getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false })
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await shop.close();
});

function raw(path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: reported as it is
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const json = Buffer.from(JSON.stringify({ productId: 1, quantity: 1 }));
const gzipped = zlib.gzipSync(Buffer.from(JSON.stringify({ email: 'a@example.bg', password: 'x'.repeat(5000) })));
const CASES: Array<[string, Record<string, string>, Buffer, number]> = [
  [
    'gzip that is not gzip',
    { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    Buffer.from('this is not gzip at all'),
    400,
  ],
  [
    'gzip cut off halfway',
    { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    gzipped.subarray(0, Math.floor(gzipped.length / 2)),
    400,
  ],
  [
    'deflate that is not deflate',
    { 'content-type': 'application/json', 'content-encoding': 'deflate' },
    Buffer.from([1, 2, 3, 4, 5, 6]),
    400,
  ],
  ['an unknown encoding', { 'content-type': 'application/json', 'content-encoding': 'x-made-up' }, json, 415],
  ['an unknown charset', { 'content-type': 'application/json; charset=klingon' }, json, 415],
  ['invalid JSON', { 'content-type': 'application/json' }, Buffer.from('{"productId": 1,'), 400],
  ['invalid JSON, gzipped', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, zlib.gzipSync(Buffer.from('{"a":')), 400],
];

describe('a body the parser cannot read', () => {
  it.each(CASES)('%s: answers 4xx in Bulgarian, before and after the CSRF check', async (_name, headers, body, status) => {
    expect(cookie).toContain('sid=');
    for (const extra of [{}, { cookie, 'x-csrf-token': csrfToken }] as Array<Record<string, string>>) {
      for (const path of ['/api/cart/add', '/api/auth/login', '/api/orders/create']) {
        const res = await raw(path, { ...headers, ...extra }, body);
        expect([path, res.status]).toEqual([path, status]);
        expect(res.body.message).toMatch(/[а-яА-Я]/);
      }
    }
  });

  it('still reads a good gzipped body', async () => {
    const res = await raw(
      '/api/auth/login',
      { 'content-type': 'application/json', 'content-encoding': 'gzip', cookie, 'x-csrf-token': csrfToken },
      zlib.gzipSync(Buffer.from(JSON.stringify({ email: 'nobody@example.bg', password: 'wrong-password' }))),
    );
    expect([res.status, res.body.message]).toEqual([401, API.wrongCredentials]);
  });
});
