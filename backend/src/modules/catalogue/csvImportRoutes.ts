// POST /api/admin/import/products: a CSV of products, variants and stock (multipart field `file`).
// `dryRun` (query or form field, "1"/"true") answers what each row would do and changes nothing;
// without it the file is applied all or nothing (400 with the rows when any row has an error).
// Admin-only like everything under /api/admin; the file is capped at IMPORT_MAX_MB (413).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { badRequest } from '../../platform/http/errors';
import { receiveFile, uploadedFile } from '../../platform/http/fileUpload';
import { IMPORT } from '@domain/messages';
import { IMPORT_MAX_BYTES } from '@domain/limits';
import { importProducts } from './csvImport';

const receiveCsv = receiveFile({ maxBytes: IMPORT_MAX_BYTES, tooLarge: IMPORT.tooLarge, missing: IMPORT.fileMissing });

const isYes = (v: unknown) => v === '1' || v === 'true' || v === true;

const doc = apiDoc('Продукти');

export function csvImportRoutes() {
  const router = new Router();
  router.post(
    '/admin/import/products',
    doc('Внос на продукти от CSV', {
      upload: { field: 'file', description: 'CSV файл с продуктите' },
      errors: [400],
      answer: 'Какво е записано и редовете с грешки; с ?dryRun=1 нищо не се записва',
    }),
    receiveCsv,
    async (ctx) => {
      const file = uploadedFile(ctx);
      if (!file) throw badRequest(IMPORT.fileMissing, { file: IMPORT.fileMissing });
      const dryRun = isYes(ctx.query.dryRun) || isYes((ctx.request as any).body?.dryRun);
      const user = ctx.state.user as { id: number; email: string } | null;
      // The import writes its own audit entry (in its transaction); a dry run changes nothing.
      ctx.state.audited = true;
      ctx.body = await importProducts(file.buffer, { dryRun, actor: { id: user?.id ?? null, email: user?.email ?? '' }, ip: ctx.ip });
    },
  );
  return router;
}
