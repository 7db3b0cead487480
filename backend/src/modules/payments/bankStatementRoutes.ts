// The bank's statement for the staff (react-admin resource /api/admin/bank-statements): upload a
// CAMT.053 or MT940 file (multipart `file`) and get its incoming credits with their suggested
// matches; a statement with its lines; a line's match changed by hand; chosen lines confirmed
// as payments (POST /:id/confirm { lineIds }).
import Router from '@koa/router';
import { badRequest } from '../../platform/http/errors';
import { receiveFile, uploadedFile } from '../../platform/http/fileUpload';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList, type RaListSpec } from '../../platform/lists/raList';
import { BANK_STATEMENT_MAX_BYTES, BANK_STATEMENT_TEXT } from '@domain/bankStatements';
import { bankConfirmInput, bankLineChangeInput } from '@domain/schemas/payments';
import { staffActor } from './requests';
import { bankStatementPage, changeBankLine, confirmBankLines, findBankStatement, importBankStatement } from './bankStatements';

const receiveStatement = receiveFile({
  maxBytes: BANK_STATEMENT_MAX_BYTES,
  tooLarge: BANK_STATEMENT_TEXT.tooLarge,
  missing: BANK_STATEMENT_TEXT.fileMissing,
});

const statementListSpec: RaListSpec = { idColumn: 'id', defaultSort: ['id', 'DESC'], sortable: { id: 'id' }, filters: {} };

export function bankStatementRoutes() {
  const router = new Router({ prefix: '/admin/bank-statements' });
  router.get('/', async (ctx) => {
    const params = parseRaParams(ctx.query, statementListSpec);
    const { rows, total } = await bankStatementPage(params.start, params.end);
    ctx.set('Cache-Control', 'no-store');
    sendRaList(ctx, 'bank-statements', rows, params.start, total);
  });
  router.post('/', receiveStatement, async (ctx) => {
    const file = uploadedFile(ctx);
    if (!file) throw badRequest(BANK_STATEMENT_TEXT.fileMissing, { file: BANK_STATEMENT_TEXT.fileMissing });
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
