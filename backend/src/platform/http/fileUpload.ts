// One file sent as multipart form data (@koa/multer, kept in memory): multer's refusals answered
// as the shop's — 413 over the size, 400 for a missing or malformed upload — with the texts of the
// call that receives it.
import multer from '@koa/multer';
import type { Context, Next } from 'koa';
import { badRequest, HttpError } from './errors';

export interface FileUploadRule {
  maxBytes: number;
  /** Form fields besides the file(s). */
  fields?: number;
  /** The field names a file may come in (the first given is used). */
  names?: string[];
  tooLarge: string;
  missing: string;
  /** Whether the texts are tied to the `file` field (errors.file). */
  fieldErrors?: boolean;
}

/** The middleware that receives the file; `uploadedFile(ctx)` reads it after. */
export function receiveFile(rule: FileUploadRule) {
  const names = rule.names ?? ['file'];
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: rule.maxBytes, files: 1, fields: rule.fields ?? 5 } });
  const fieldsOf = (text: string) => (rule.fieldErrors === false ? undefined : { file: text });
  return async (ctx: Context, next: Next) => {
    try {
      await upload.fields(names.map((name) => ({ name, maxCount: 1 })))(ctx, next);
    } catch (err: any) {
      if (err instanceof HttpError) throw err;
      if (err?.code === 'LIMIT_FILE_SIZE') throw new HttpError(413, rule.tooLarge, fieldsOf(rule.tooLarge));
      if (typeof err?.code === 'string' && err.code.startsWith('LIMIT_')) throw badRequest(rule.missing, fieldsOf(rule.missing));
      if (/multipart|boundary|Unexpected end/i.test(String(err?.message))) throw badRequest(rule.missing, fieldsOf(rule.missing));
      throw err;
    }
  };
}

/** The file received under the first of `names` that has one, with its name as sent. */
export function uploadedFile(ctx: Context, names = ['file']): { buffer: Buffer; originalname: string } | undefined {
  const files = (ctx.request as any).files as Record<string, Array<{ buffer: Buffer; originalname: string }>> | undefined;
  for (const name of names) if (files?.[name]?.[0]?.buffer?.length) return files[name][0];
  return undefined;
}
