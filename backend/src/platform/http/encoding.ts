// Answers compressed as the client accepts: brotli, else gzip, else as they are. Kept answers
// (catalogue JSON, rendered pages) are compressed once per body and encoding and kept beside it.
import zlib from 'node:zlib';
import type { Context } from 'koa';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Below this a body goes as it is: compressing it saves less than the header costs. */
export const COMPRESS_FROM_BYTES = 1024;
/** Quick levels: a kept answer is compressed again after every catalogue write that changes it. */
export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;

/** br, else gzip, else none, from an Accept-Encoding without q-values; undefined when the header
 *  has q-values (then ask Koa's negotiation: `acceptedEncoding`). */
export function plainAcceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return 'identity';
  if (header.includes(';')) return undefined;
  return /\bbr\b/.test(header) ? 'br' : /\bgzip\b/.test(header) ? 'gzip' : 'identity';
}

/** br, else gzip, else none; a q-value is only read when the header has one. */
export function acceptedEncoding(ctx: Context): Encoding {
  return plainAcceptedEncoding(ctx.get('accept-encoding')) ?? ((ctx.acceptsEncodings('br', 'gzip', 'identity') || 'identity') as Encoding);
}

/** The options each compression runs with. */
export const brotliOptions = (body: Buffer): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});
export const gzipOptions: zlib.ZlibOptions = { level: GZIP_LEVEL };

/** The body in that encoding, made now (a kept answer's few kilobytes: well under a millisecond). */
export function compressNow(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body)) : zlib.gzipSync(body, gzipOptions);
}
