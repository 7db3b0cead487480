// A full disk is seen and said: write failures answer 503 „Сървърът временно не може да запише
// промени…“ (never a 500), /api/ready answers 503 while the database cannot write or free space
// is low, and the shop recovers by itself when space returns. The last test fills a real small
// file system (tmpfs; skipped where mounting is not permitted).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import Koa from 'koa';
import supertest from 'supertest';
import { makeShop, TestShop } from './helpers';
import { makeCatalogue, placeOrder, checkoutBody } from './fixtures';
import { errorMiddleware } from '../src/platform/http/errors';
import { isWriteFailure, readinessCheck, diskSpace } from '../src/platform/db/storage';
import { API } from '@domain/messages';

const CANNOT_WRITE = 'Сървърът временно не може да запише промени. Опитайте отново след малко.';

describe('write failures', () => {
  it('tells a full or failing disk from other errors (SQLite, the system, PostgreSQL, wrapped by Objection)', () => {
    for (const code of [
      'SQLITE_FULL',
      'SQLITE_IOERR',
      'SQLITE_IOERR_WRITE',
      'SQLITE_IOERR_FSYNC',
      'ENOSPC',
      'EDQUOT',
      '53100',
      '53000',
      '53200',
      '58030',
    ]) {
      expect([code, isWriteFailure(Object.assign(new Error('x'), { code }))]).toEqual([code, true]);
      expect([code, isWriteFailure({ name: 'DBError', nativeError: { code } })]).toEqual([code, true]);
    }
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_BUSY', '23505', '40001', 'ECONNREFUSED', undefined]) {
      expect([code, isWriteFailure(Object.assign(new Error('x'), { code }))]).toEqual([code, false]);
    }
    expect(isWriteFailure(undefined)).toBe(false);
  });

  it('answer 503 with a Bulgarian message through the one error middleware', async () => {
    const app = new Koa();
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    app.use(errorMiddleware());
    app.use((ctx) => {
      if (ctx.path === '/full') throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      if (ctx.path === '/pg') throw { name: 'DBError', nativeError: Object.assign(new Error('could not extend file'), { code: '53100' }) };
      throw new Error('a bug');
    });
    for (const p of ['/full', '/pg']) {
      const res = await supertest(app.callback()).post(p);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: CANNOT_WRITE });
    }
    expect((await supertest(app.callback()).post('/other')).status).toBe(500);
    quiet.mockRestore();
    expect(API.cannotWrite).toBe(CANNOT_WRITE);
  });
});

describe('/api/ready', () => {
  let shop: TestShop;
  afterEach(() => shop.close());

  it('answers 503 when free space in the data folder is below MIN_FREE_DISK_MB', async () => {
    shop = await makeShop({ minFreeDiskMb: 1e12 });
    const res = await shop.browser().get('/api/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual(expect.objectContaining({ status: 'low disk', message: expect.stringContaining(CANNOT_WRITE) }));
    expect((await shop.browser().get('/api/health')).status).toBe(200);
  });

  it('reads free space with statfs, and answers again as soon as space returns (no failure is kept)', async () => {
    shop = await makeShop();
    const MB = 1024 * 1024;
    let free = 50 * MB;
    let total = 100_000 * MB;
    const statfs = (async () => ({ bavail: free / 4096, bsize: 4096, blocks: total / 4096 })) as unknown as typeof fs.promises.statfs;
    // MIN_FREE_DISK_MB unset: 100 MB on a large disk.
    const ready = readinessCheck({ knex: shop.app.knex, dataDir: shop.config.dataDir, statfs });
    expect(await ready()).toEqual({
      ready: false,
      body: { status: 'low disk', freeMb: 50, message: `${CANNOT_WRITE} ${API.lowDisk(50, 100)}` },
    });
    free = 500 * MB;
    expect(await ready()).toEqual({ ready: true, body: { status: 'ready' } });
    // On a small disk (200 MB) 5% of it: 50 MB free is enough, 5 MB is not.
    const small = readinessCheck({ knex: shop.app.knex, dataDir: shop.config.dataDir, statfs });
    total = 200 * MB;
    free = 5 * MB;
    expect(await small()).toEqual({
      ready: false,
      body: { status: 'low disk', freeMb: 5, message: `${CANNOT_WRITE} ${API.lowDisk(5, 10)}` },
    });
    free = 50 * MB;
    expect(await small()).toEqual({ ready: true, body: { status: 'ready' } });
    expect((await diskSpace(path.join(os.tmpdir(), 'no-such-folder', 'below'))).free).toBeGreaterThan(0);
  });

  it('answers 503 when the data folder has no free space, however small the disk and whatever MIN_FREE_DISK_MB', async () => {
    shop = await makeShop();
    const MB = 1024 * 1024;
    let free = 0;
    // A 3 MB volume: 5% of it is 0.15 MB, which must not round to „0 MB needed“.
    const statfs = (async () => ({ bavail: free / 4096, bsize: 4096, blocks: (3 * MB) / 4096 })) as unknown as typeof fs.promises.statfs;
    const tiny = readinessCheck({ knex: shop.app.knex, dataDir: shop.config.dataDir, statfs });
    expect(await tiny()).toEqual({
      ready: false,
      body: { status: 'low disk', freeMb: 0, message: `${CANNOT_WRITE} ${API.lowDisk(0, 0.2)}` },
    });
    expect(API.lowDisk(0, 0.2)).toBe('Свободното място на диска на сървъра е 0 MB (под 0,2 MB).');
    // A few pages free is still not ready, even with MIN_FREE_DISK_MB=0.
    free = 16 * 4096;
    const none = readinessCheck({ knex: shop.app.knex, dataDir: shop.config.dataDir, minFreeDiskMb: 0, statfs });
    expect((await none()).ready).toBe(false);
    expect((await tiny()).ready).toBe(false);
    free = 1 * MB;
    expect(await tiny()).toEqual({ ready: true, body: { status: 'ready' } });
    expect(await none()).toEqual({ ready: true, body: { status: 'ready' } });
  });

  it('answers 503 when the database cannot write', async () => {
    shop = await makeShop({ minFreeDiskMb: 0 });
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const knex = shop.app.knex;
    // The probe's write fails as on a full disk (the driver's error code); reads still work.
    const original = knex.client.query.bind(knex.client);
    knex.client.query = (conn: unknown, obj: any) =>
      /write_probe/.test(obj?.sql ?? '') && /insert/i.test(obj?.sql ?? '')
        ? Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))
        : original(conn, obj);
    try {
      const res = await shop.browser().get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'cannot write', message: CANNOT_WRITE });
    } finally {
      knex.client.query = original;
      quiet.mockRestore();
    }
    expect((await shop.browser().get('/api/ready')).status).toBe(200);
  });
});

/** A small tmpfs in a temporary folder, or null where mounting is not permitted. */
function smallFileSystem(sizeMb: number): { dir: string; unmount(): void } | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-smalldisk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir]);
  if (mounted.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount: () => {
      spawnSync('umount', ['-l', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Write a file until the file system is full; returns its path. */
function fillUp(dir: string): string {
  const file = path.join(dir, 'filler');
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  // The last partial block too.
  try {
    fs.appendFileSync(file, Buffer.alloc(512, 1));
  } catch {
    /* full */
  }
  return file;
}

const tinyDisk = smallFileSystem(3);
(tinyDisk ? describe : describe.skip)('on a real 3 MB file system that fills up', () => {
  let shop: TestShop;
  afterAll(async () => {
    await shop?.close();
    tinyDisk?.unmount();
  });

  it('/api/ready answers 503 once the data folder has no free space at all', async () => {
    // The data folder on the small disk (the database elsewhere, so its write probe still passes).
    shop = await makeShop({ dataDir: tinyDisk!.dir });
    const filler = fillUp(tinyDisk!.dir);
    try {
      const ready = await shop.browser().get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual(
        expect.objectContaining({ status: 'low disk', freeMb: 0, message: expect.stringContaining(CANNOT_WRITE) }),
      );
    } finally {
      fs.rmSync(filler);
    }
    expect((await shop.browser().get('/api/ready')).status).toBe(200);
  });
});

const disk = smallFileSystem(16);
(disk ? describe : describe.skip)('on a real small file system that fills up (SQLite)', () => {
  let shop: TestShop;
  afterAll(async () => {
    await shop?.close();
    disk?.unmount();
  });

  it('orders and sign-ins answer 503, /api/ready 503; after space returns an order succeeds and /api/ready is 200', async () => {
    const dataDir = disk!.dir;
    // The outbox elsewhere: the order mails are written after the answer, and are not under test.
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));
    // MIN_FREE_DISK_MB unset: 5% of this small disk.
    shop = await makeShop({ dbFile: path.join(dataDir, 'shop.sqlite3'), databaseUrl: undefined, dataDir, outboxDir });
    expect((await shop.browser().get('/api/ready')).status).toBe(200);
    const cat = await makeCatalogue();
    const customer = await shop.user();
    const guest = shop.browser();
    await guest.csrf();
    const signer = shop.browser();
    await signer.csrf();
    const items = [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }];
    await placeOrder(guest, items);
    // The log emptied, then the disk filled: the next write needs new space.
    await shop.app.knex.raw('pragma wal_checkpoint(TRUNCATE)');
    const filler = fillUp(dataDir);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const order = await guest.post('/api/orders/create', checkoutBody(items));
      expect(order.status).toBe(503);
      expect(order.body.message).toBe(CANNOT_WRITE);
      const signIn = await signer.post('/api/auth/login', { email: customer.email, password: customer.password });
      expect(signIn.status).toBe(503);
      expect(signIn.body.message).toBe(CANNOT_WRITE);
      const ready = await shop.browser().get('/api/ready');
      expect(ready.status).toBe(503);
      expect(['cannot write', 'low disk']).toContain(ready.body.status);
    } finally {
      quiet.mockRestore();
    }
    // Space returns: the shop works again by itself.
    fs.rmSync(filler);
    expect((await shop.browser().get('/api/ready')).status).toBe(200);
    const again = await guest.post('/api/orders/create', checkoutBody(items));
    expect(again.status).toBe(201);
    expect((await signer.post('/api/auth/login', { email: customer.email, password: customer.password })).status).toBe(200);
  });
});
