// POST /api/admin/import/products: a CSV of products, variants and stock (multipart field `file`).
// `dryRun` (query or form field, "1"/"true") answers what each row would do and changes nothing;
// without it the file is applied all or nothing (400 with the rows when any row has an error).
// Admin-only like everything under /api/admin; the file is capped at IMPORT_MAX_MB (413).
import Router from '@koa/router';
import multer from '@koa/multer';
import type { Context, Next } from 'koa';
import { badRequest, HttpError } from '../../platform/http/errors';
import { IMPORT } from '@domain/messages';
import { IMPORT_MAX_BYTES } from '@domain/limits';
import { importProducts } from './csvImport';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });

/** multer's refusals as our answers (413 for size, 400 for the rest). */
async function receiveCsv(ctx: Context, next: Next) {
  try {
    await upload.single('file')(ctx, next);
  } catch (err: any) {
    if (err instanceof HttpError) throw err;
    if (err?.code === 'LIMIT_FILE_SIZE') throw new HttpError(413, IMPORT.tooLarge, { file: IMPORT.tooLarge });
    if (typeof err?.code === 'string' && err.code.startsWith('LIMIT_')) throw badRequest(IMPORT.fileMissing, { file: IMPORT.fileMissing });
    if (/multipart|boundary|Unexpected end/i.test(String(err?.message))) throw badRequest(IMPORT.fileMissing, { file: IMPORT.fileMissing });
    throw err;
  }
}

const isYes = (v: unknown) => v === '1' || v === 'true' || v === true;

export function csvImportRoutes() {
  const router = new Router();
  router.post('/admin/import/products', receiveCsv, async (ctx) => {
    const file = (ctx as Context & { file?: { buffer: Buffer } }).file ?? (ctx.request as any).file;
    if (!file?.buffer?.length) throw badRequest(IMPORT.fileMissing, { file: IMPORT.fileMissing });
    const dryRun = isYes(ctx.query.dryRun) || isYes((ctx.request as any).body?.dryRun);
    const user = ctx.state.user as { id: number; email: string } | null;
    // The import writes its own audit entry (in its transaction); a dry run changes nothing.
    ctx.state.audited = true;
    ctx.body = await importProducts(file.buffer, { dryRun, actor: { id: user?.id ?? null, email: user?.email ?? '' }, ip: ctx.ip });
  });
  return router;
}
