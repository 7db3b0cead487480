// POST /admin/uploads: one product picture. The type is read from the file's first bytes,
// never from its name or the browser's claim; the file gets a random name. A phone photo (up to
// UPLOAD_MAX_MB) is turned upright by its EXIF orientation, fitted within IMAGE_MAX_EDGE_PX and
// re-encoded (sharp): what is stored is small, and carries no metadata (no GPS position of the
// shop or of someone's home, no camera serial).
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { badRequest, HttpError } from '../../platform/http/errors';
import { receiveFile, uploadedFile } from '../../platform/http/fileUpload';
import { API } from '@domain/messages';
import sharp from 'sharp';
import { IMAGE_MAX_EDGE_PX, IMAGE_MAX_INPUT_PIXELS, IMAGE_QUALITY, UPLOAD_MAX_BYTES } from '@domain/limits';

/** The image type of a file by its magic bytes, or null. */
const doc = apiDoc('Продукти');

export function imageType(buf: Buffer): 'jpg' | 'png' | 'gif' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/**
 * The picture as the shop stores it: upright, within the max edge, metadata stripped (sharp keeps
 * none unless asked). A JPEG stays a JPEG; PNG, WebP and GIF become WebP (animation kept), which
 * keeps transparency at a fraction of a PNG's size. Undecodable data behind valid magic bytes: 400.
 */
export async function storedPicture(
  buf: Buffer,
  type: NonNullable<ReturnType<typeof imageType>>,
): Promise<{ data: Buffer; ext: 'jpg' | 'webp' }> {
  try {
    const image = sharp(buf, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, animated: type === 'gif' || type === 'webp' })
      .autoOrient()
      .resize({ width: IMAGE_MAX_EDGE_PX, height: IMAGE_MAX_EDGE_PX, fit: 'inside', withoutEnlargement: true });
    if (type === 'jpg') return { data: await image.jpeg({ quality: IMAGE_QUALITY, mozjpeg: true }).toBuffer(), ext: 'jpg' };
    return { data: await image.webp({ quality: IMAGE_QUALITY }).toBuffer(), ext: 'webp' };
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error)?.message)))
      throw new HttpError(413, API.uploadTooManyPixels, { file: API.uploadTooManyPixels });
    throw badRequest(API.uploadUnreadable, { file: API.uploadUnreadable });
  }
}

// The admin's image field sends `file`; older clients `image`.
const FILE_FIELDS = ['file', 'image'];
const receive = receiveFile({
  maxBytes: UPLOAD_MAX_BYTES,
  fields: 10,
  names: FILE_FIELDS,
  tooLarge: API.uploadTooLarge,
  missing: API.uploadMissing,
  fieldErrors: false,
});

export function uploadRoutes() {
  const router = new Router();
  router.post(
    '/admin/uploads',
    doc('Качване на снимка на продукт', {
      upload: { field: 'file', description: 'Снимка (JPEG, PNG, WebP или GIF); приема се и полето image' },
      status: 201,
      errors: [400, 415],
      answer: '{ message, url, src }',
    }),
    receive,
    async (ctx) => {
      const file = uploadedFile(ctx, FILE_FIELDS);
      if (!file) throw badRequest(API.uploadMissing, { file: API.uploadMissing });
      const type = imageType(file.buffer);
      if (!type) throw badRequest(API.uploadNotImage, { file: API.uploadNotImage });
      const picture = await storedPicture(file.buffer, type);
      const name = `${crypto.randomUUID()}.${picture.ext}`;
      await fs.mkdir(ctx.config.uploadDir, { recursive: true });
      await fs.writeFile(path.join(ctx.config.uploadDir, name), picture.data, { flag: 'wx' });
      const url = `/uploads/${name}`;
      ctx.status = 201;
      ctx.body = { message: API.uploadOk, url, src: url };
    },
  );
  return router;
}
