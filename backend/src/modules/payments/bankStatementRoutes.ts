// The bank's statement for the staff (react-admin resource /api/admin/bank-statements): upload a
// CAMT.053 or MT940 file (multipart `file`) and get its incoming credits with their suggested
// matches; a statement with its lines; a line's match changed by hand; chosen lines confirmed
// as payments (POST /:id/confirm { lineIds }).
import Router from '@koa/router';
import multer from '@koa/multer';
import type { Context, Next } from 'koa';
import { badRequest, HttpError } from '../../platform/http/errors';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList, type RaListSpec } from '../../platform/lists/raList';
import { BANK_STATEMENT_MAX_BYTES, BANK_STATEMENT_TEXT } from '@domain/bankStatements';
import { bankConfirmInput, bankLineChangeInput } from '@domain/schemas/payments';
import { staffActor } from './requests';
import { bankStatementPage, changeBankLine, confirmBankLines, findBankStatement, importBankStatement } from './bankStatements';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: BANK_STATEMENT_MAX_BYTES, files: 1, fields: 5 } });

/** multer's refusals as the shop's answers (413 for size, 400 for the rest). */
async function receiveFile(ctx: Context, next: Next) {
  try {
    await upload.single('file')(ctx, next);
  } catch (err: any) {
    if (err instanceof HttpError) throw err;
    if (err?.code === 'LIMIT_FILE_SIZE') throw new HttpError(413, BANK_STATEMENT_TEXT.tooLarge, { file: BANK_STATEMENT_TEXT.tooLarge });
    if (typeof err?.code === 'string' && err.code.startsWith('LIMIT_'))
      throw badRequest(BANK_STATEMENT_TEXT.fileMissing, { file: BANK_STATEMENT_TEXT.fileMissing });
    if (/multipart|boundary|Unexpected end/i.test(String(err?.message)))
      throw badRequest(BANK_STATEMENT_TEXT.fileMissing, { file: BANK_STATEMENT_TEXT.fileMissing });
    throw err;
  }
}

const statementListSpec: RaListSpec = { idColumn: 'id', defaultSort: ['id', 'DESC'], sortable: { id: 'id' }, filters: {} };

export function bankStatementRoutes() {
  const router = new Router({ prefix: '/admin/bank-statements' });
  router.get('/', async (ctx) => {
    const params = parseRaParams(ctx.query, statementListSpec);
    const { rows, total } = await bankStatementPage(params.start, params.end);
    ctx.set('Cache-Control', 'no-store');
    sendRaList(ctx, 'bank-statements', rows, params.start, total);
  });
  router.post('/', receiveFile, async (ctx) => {
    const file = (ctx as Context & { file?: { buffer: Buffer; originalname?: string } }).file ?? (ctx.request as any).file;
    if (!file?.buffer?.length) throw badRequest(BANK_STATEMENT_TEXT.fileMissing, { file: BANK_STATEMENT_TEXT.fileMissing });
    ctx.status = 201;
    ctx.body = await importBankStatement(file.buffer, String(file.originalname ?? ''), staffActor(ctx));
  });
  router.get('/:id', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await findBankStatement(parseId(ctx.params.id));
  });
  router.put('/:id/lines/:lineId', async (ctx) => {
    const change = parseBody(ctx.request.body, bankLineChangeInput);
    ctx.body = await changeBankLine(parseId(ctx.params.id), parseId(ctx.params.lineId), change);
  });
  router.post('/:id/confirm', async (ctx) => {
    const { lineIds } = parseBody(ctx.request.body, bankConfirmInput);
    if (!lineIds.length) throw badRequest(BANK_STATEMENT_TEXT.lineIdsRequired, { lineIds: BANK_STATEMENT_TEXT.lineIdsRequired });
    ctx.body = await confirmBankLines(parseId(ctx.params.id), lineIds, staffActor(ctx));
  });
  return router;
}
