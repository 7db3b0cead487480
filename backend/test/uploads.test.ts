import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { shopForThisFile, TestShop, Browser } from './helpers';
import { API } from '@domain/messages';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_MAX_EDGE_PX, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '@domain/limits';

let admin: Awaited<ReturnType<TestShop['signedIn']>>;
const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
});

/** A real 1×1 PNG built from its chunks (or one whose header claims other dimensions). */
function tinyPng(width = 1, height = 1): Buffer {
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
  const ihdr = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0]);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  const idat = zlib.deflateSync(Buffer.from([0, 255, 0, 0]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const upload = (b: Browser, buf: Buffer, name: string, field = 'file') =>
  b.agent.post('/api/admin/uploads').set('x-csrf-token', b.csrfToken).attach(field, buf, name);

describe('image uploads', () => {
  it('store a real image under a random name and serve it back with its type', async () => {
    const res = await upload(admin, tinyPng(), '../../etc/passwd.png');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(API.uploadOk);
    // A PNG is kept as WebP (transparency kept, a fraction of the size).
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(fs.existsSync(path.join(shop.config.uploadDir, path.basename(res.body.url)))).toBe(true);
    const served = await shop
      .browser()
      .get(res.body.url)
      .buffer(true)
      .parse((r, cb) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => cb(null, Buffer.concat(parts)));
      });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1, 1]);
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
    // The refusal says the limit, so the person knows what to do.
    expect(tooBig.body.message).toBe(`Файлът е твърде голям (над ${UPLOAD_MAX_MB} MB).`);
    // Right magic bytes, nothing an image decoder can read: a 400, nothing stored.
    const before = fs.readdirSync(shop.config.uploadDir).length;
    const broken = await upload(
      admin,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')]),
      'broken.jpg',
    );
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(API.uploadUnreadable);
    expect(fs.readdirSync(shop.config.uploadDir).length).toBe(before);
    const other = await upload(admin, tinyPng(), 'x.png', 'somethingElse');
    expect(other.status).toBe(400);
  });

  it('refuse a text file named .jpg by its content', async () => {
    const res = await upload(admin, Buffer.from('Здравей, това е текст, не снимка.\n'), 'photo.jpg');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(API.uploadNotImage);
    expect(res.body.errors.file).toBe(API.uploadNotImage);
  });

  it('take a phone photo over the old 5 MB limit: upright, within the max edge, smaller, without EXIF or GPS', async () => {
    // A 12 MP phone photo taken with the phone held upright (EXIF orientation 6: rotate 90°),
    // with the camera's make and a GPS position in its EXIF. Noise makes it big, as a real one is.
    const [w, h] = [4032, 3024];
    const photo = await sharp(crypto.randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 75 })
      .withExif({
        IFD0: { Make: 'TestPhone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 41/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '23/1 19/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(photo.length).toBeGreaterThan(5.5 * 1024 * 1024);
    expect(photo.length).toBeLessThan(UPLOAD_MAX_BYTES);
    expect(sent.exif?.includes(Buffer.from('TestPhone'))).toBe(true);
    expect(sent.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag

    const res = await upload(admin, photo, 'IMG_0001.JPG');
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.jpg$/);
    const stored = fs.readFileSync(path.join(shop.config.uploadDir, path.basename(res.body.url)));
    expect(stored.length).toBeLessThan(photo.length / 2);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    // Turned upright (portrait), the longer edge at the max.
    expect([meta.width, meta.height]).toEqual([Math.round((IMAGE_MAX_EDGE_PX * h) / w), IMAGE_MAX_EDGE_PX]);
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('TestPhone'))).toBe(false);
  });

  it('refuse a photo of more pixels than can be decoded safely, saying so', async () => {
    // A tiny file whose PNG header claims 12,000 × 12,000 pixels (144 MP): refused before decoding.
    const huge = tinyPng(12000, 12000);
    const res = await upload(admin, huge, 'huge.png');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(API.uploadTooManyPixels);
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
    for (const url of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/package.json',
      '/uploads/.hidden.png',
      '/uploads/missing.png',
      '/uploads/x.txt',
    ]) {
      const res = await shop.browser().get(url);
      expect(res.status).toBe(404);
    }
  });
});
