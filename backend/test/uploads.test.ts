import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { makeShop, TestShop, Browser } from './helpers';
import { API } from '../../domain/messages';
import { UPLOAD_MAX_BYTES } from '../../domain/limits';

let shop: TestShop;
let admin: Awaited<ReturnType<TestShop['signedIn']>>;
beforeAll(async () => {
  shop = await makeShop();
  admin = await shop.signedIn('admin');
});
afterAll(() => shop.close());

/** A real 1×1 PNG built from its chunks. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const idat = zlib.deflateSync(Buffer.from([0, 255, 0, 0]));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

const upload = (b: Browser, buf: Buffer, name: string, field = 'file') =>
  b.agent.post('/api/admin/uploads').set('x-csrf-token', b.csrfToken).attach(field, buf, name);

describe('image uploads', () => {
  it('store a real image under a random name and serve it back with its type', async () => {
    const res = await upload(admin, tinyPng(), '../../etc/passwd.png');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(API.uploadOk);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(fs.existsSync(path.join(shop.config.uploadDir, path.basename(res.body.url)))).toBe(true);
    const served = await shop.browser().get(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(Buffer.compare(served.body, tinyPng())).toBe(0);
    expect((await upload(admin, tinyPng(), 'x.png', 'image')).status).toBe(201);
  });

  it('refuse a file that is not an image whatever its name, a missing file, and an oversize one', async () => {
    const fake = await upload(admin, Buffer.from('<script>alert(1)</script>'), 'photo.png');
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(API.uploadNotImage);
    const svg = await upload(admin, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg');
    expect(svg.status).toBe(400);
    const none = await admin.agent.post('/api/admin/uploads').set('x-csrf-token', admin.csrfToken).field('name', 'x');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(API.uploadMissing);
    const big = Buffer.concat([tinyPng(), Buffer.alloc(UPLOAD_MAX_BYTES + 10)]);
    const tooBig = await upload(admin, big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(API.uploadTooLarge);
    const other = await upload(admin, tinyPng(), 'x.png', 'somethingElse');
    expect(other.status).toBe(400);
  });

  it('are for admins, with the CSRF header', async () => {
    const customer = await shop.signedIn();
    expect((await upload(customer, tinyPng(), 'x.png')).status).toBe(403);
    const guest = shop.browser();
    await guest.csrf();
    expect((await upload(guest, tinyPng(), 'x.png')).status).toBe(401);
    const noCsrf = await admin.agent.post('/api/admin/uploads').attach('file', tinyPng(), 'x.png');
    expect(noCsrf.status).toBe(403);
  });

  it('serve nothing outside the upload folder and 404 for missing files', async () => {
    for (const url of ['/uploads/../package.json', '/uploads/%2e%2e/package.json', '/uploads/.hidden.png', '/uploads/missing.png', '/uploads/x.txt']) {
      const res = await shop.browser().get(url);
      expect(res.status).toBe(404);
    }
  });
});
