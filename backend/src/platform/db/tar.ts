// A small tar.gz writer and reader (POSIX ustar, regular files only) for the backups: no archive
// package is installed, and the format lets any `tar xzf` open a backup by hand.
import fs from 'node:fs';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { once } from 'node:events';

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date): Buffer {
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    // ustar: a longer name is split at a '/' into a prefix (≤155 bytes) and a name (≤100).
    const at = [...name].map((c, i) => (c === '/' ? i : -1)).filter((i) => i > 0)
      .find((i) => Buffer.byteLength(name.slice(i + 1)) <= 100 && Buffer.byteLength(name.slice(0, i)) <= 155);
    if (at === undefined) throw new Error(`Name too long for the archive: ${name}`);
    prefix = name.slice(0, at);
    base = name.slice(at + 1);
  }
  const h = Buffer.alloc(BLOCK, 0);
  h.write(base, 0, 100, 'utf8');
  h.write(octal(0o600, 8), 100, 8, 'ascii');
  h.write(octal(0, 8), 108, 8, 'ascii');
  h.write(octal(0, 8), 116, 8, 'ascii');
  h.write(octal(size, 12), 124, 12, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, 'ascii');
  h.write('        ', 148, 8, 'ascii');
  h.write('0', 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + ' ', 148, 8, 'ascii');
  return h;
}

export interface TarEntry {
  path: string;
  size: number;
  sha256: string;
}

/** Writes a .tar.gz entry by entry; each entry's sha256 is computed while it is written. */
export class TarWriter {
  private gzip = zlib.createGzip({ level: 6 });
  private out: fs.WriteStream;
  private done: Promise<unknown>;
  readonly entries: TarEntry[] = [];

  constructor(file: string) {
    this.out = fs.createWriteStream(file, { mode: 0o600 });
    this.gzip.pipe(this.out);
    this.done = once(this.out, 'close');
  }

  private async write(chunk: Buffer) {
    if (!this.gzip.write(chunk)) await once(this.gzip, 'drain');
  }

  async addBuffer(name: string, data: Buffer, mtime = new Date()) {
    await this.write(header(name, data.length, mtime));
    await this.write(data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) await this.write(Buffer.alloc(pad));
    this.entries.push({ path: name, size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex') });
  }

  async addFile(name: string, file: string) {
    const stat = fs.statSync(file);
    await this.write(header(name, stat.size, stat.mtime));
    const hash = crypto.createHash('sha256');
    let size = 0;
    for await (const chunk of fs.createReadStream(file)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
      await this.write(chunk as Buffer);
    }
    if (size !== stat.size) throw new Error(`${file} changed while it was archived`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.write(Buffer.alloc(pad));
    this.entries.push({ path: name, size, sha256: hash.digest('hex') });
  }

  async close() {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.done;
  }
}

/** Reads bytes from the gunzipped stream as they are asked for. */
class Pull {
  private chunks: Buffer[] = [];
  private have = 0;
  private source: AsyncIterator<Buffer>;
  constructor(file: string) {
    this.source = fs.createReadStream(file).pipe(zlib.createGunzip())[Symbol.asyncIterator]();
  }
  async take(n: number, exact = true): Promise<Buffer> {
    while (this.have < n) {
      const next = await this.source.next();
      if (next.done) {
        if (exact) throw new Error('The archive ends too early.');
        break;
      }
      this.chunks.push(next.value);
      this.have += next.value.length;
    }
    const all = Buffer.concat(this.chunks);
    const size = Math.min(n, all.length);
    this.chunks = [all.subarray(size)];
    this.have = all.length - size;
    return all.subarray(0, size);
  }
}

function field(h: Buffer, start: number, len: number): string {
  const s = h.subarray(start, start + len);
  const end = s.indexOf(0);
  return s.subarray(0, end === -1 ? len : end).toString('utf8');
}

/**
 * Reads every entry of a .tar.gz: `onEntry` gets its path and returns where to write it (a file
 * path) or undefined to only hash it. Resolves the entries with their sizes and sha256.
 */
export async function readTar(file: string, onEntry: (name: string) => string | undefined = () => undefined): Promise<Array<TarEntry & { savedTo?: string }>> {
  const pull = new Pull(file);
  const out: Array<TarEntry & { savedTo?: string }> = [];
  for (;;) {
    const h = await pull.take(BLOCK);
    if (h.every((b) => b === 0)) break;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
    if (sum !== parseInt(field(h, 148, 8).trim(), 8)) throw new Error('The archive is damaged (header checksum).');
    const prefix = field(h, 345, 155);
    const name = (prefix ? prefix + '/' : '') + field(h, 0, 100);
    const size = parseInt(field(h, 124, 12).trim() || '0', 8);
    const type = field(h, 156, 1) || '0';
    const target = type === '0' ? onEntry(name) : undefined;
    const hash = crypto.createHash('sha256');
    let fd: number | undefined;
    if (target) fd = fs.openSync(target, 'w', 0o600);
    try {
      let left = size;
      while (left > 0) {
        const chunk = await pull.take(Math.min(left, 1 << 20));
        hash.update(chunk);
        if (fd !== undefined) fs.writeSync(fd, chunk);
        left -= chunk.length;
      }
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await pull.take(pad);
    if (type === '0') out.push({ path: name, size, sha256: hash.digest('hex'), savedTo: target });
  }
  return out;
}
