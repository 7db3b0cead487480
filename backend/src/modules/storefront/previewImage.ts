// Link previews (Facebook, Messenger, Viber) do not show SVG pictures, and the shop's demo
// pictures are SVG: GET /og/<path>.png (domain/storefrontPages previewImagePath) answers the upload <path>.svg drawn as a 1200×630 PNG,
// the size those previews use. Kept in memory; drawn again when the file changes.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

export const PREVIEW_PREFIX = '/og/';
const WIDTH = 1200;
const HEIGHT = 630;
const BACKGROUND = '#ffffff';

export function previewImages(uploadDir: string) {
  const drawn = new LRUCache<string, { mtimeMs: number; png: Buffer }>({ max: 200 });
  return async function servePreview(ctx: Context): Promise<boolean> {
    if (!ctx.path.startsWith(PREVIEW_PREFIX)) return false;
    const rel = ctx.path.slice(PREVIEW_PREFIX.length);
    // Only plain names in plain folders: no dot-files, no climbing out.
    if (!/^[\w-]+(\/[\w-]+)*\.png$/i.test(rel)) return false;
    const file = path.join(path.resolve(uploadDir), rel.replace(/\.png$/i, '.svg'));
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return false;
    let hit = drawn.get(rel);
    if (!hit || hit.mtimeMs !== stat.mtimeMs) {
      const png = await sharp(await fs.readFile(file), { density: 144 })
        .resize(WIDTH, HEIGHT, { fit: 'contain', background: BACKGROUND })
        .flatten({ background: BACKGROUND })
        .png()
        .toBuffer();
      hit = { mtimeMs: stat.mtimeMs, png };
      drawn.set(rel, hit);
    }
    ctx.type = 'image/png';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = hit.png;
    return true;
  };
}
