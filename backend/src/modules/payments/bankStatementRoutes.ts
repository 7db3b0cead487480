// The bank's statement for the staff (react-admin resource /api/admin/bank-statements): upload a
// CAMT.053 or MT940 file (multipart `file`) and get its incoming credits with their suggested
// matches; a statement with its lines; a line's match changed by hand; chosen lines confirmed
// as payments (POST /:id/confirm { lineIds }).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
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

const doc = apiDoc('Банкови извлечения');

export function bankStatementRoutes() {
  const router = new Router({ prefix: '/admin/bank-statements' });
  router.get('/', doc('Качените банкови извлечения', { raList: true, answer: 'Списък от извлечения' }), async (ctx) => {
    const params = parseRaParams(ctx.query, statementListSpec);
    const { rows, total } = await bankStatementPage(params.start, params.end);
    ctx.set('Cache-Control', 'no-store');
    sendRaList(ctx, 'bank-statements', rows, params.start, total);
  });
  router.post(
    '/',
    doc('Качване на банково извлечение (MT940, CAMT.053, CSV)', {
      upload: { field: 'file', description: 'Файлът на банката' },
      status: 201,
      errors: [400],
      answer: 'Извлечението с редовете и предложените съответствия',
    }),
    receiveStatement,
    async (ctx) => {
      const file = uploadedFile(ctx);
      if (!file) throw badRequest(BANK_STATEMENT_TEXT.fileMissing, { file: BANK_STATEMENT_TEXT.fileMissing });
      ctx.status = 201;
      ctx.body = await importBankStatement(file.buffer, String(file.originalname ?? ''), staffActor(ctx));
    },
  );
  router.get('/:id', doc('Едно извлечение с редовете', { answer: 'Извлечението' }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await findBankStatement(parseId(ctx.params.id));
  });
  router.put('/:id/lines/:lineId', doc('Промяна на съответствието на ред', { body: bankLineChangeInput, answer: 'Редът' }), async (ctx) => {
    const change = parseBody(ctx.request.body, bankLineChangeInput);
    ctx.body = await changeBankLine(parseId(ctx.params.id), parseId(ctx.params.lineId), change);
  });
  router.post(
    '/:id/confirm',
    doc('Потвърждаване на редове: записват се като плащания', { body: bankConfirmInput, answer: 'Извлечението' }),
    async (ctx) => {
      const { lineIds } = parseBody(ctx.request.body, bankConfirmInput);
      if (!lineIds.length) throw badRequest(BANK_STATEMENT_TEXT.lineIdsRequired, { lineIds: BANK_STATEMENT_TEXT.lineIdsRequired });
      ctx.body = await confirmBankLines(parseId(ctx.params.id), lineIds, staffActor(ctx));
    },
  );
  return router;
}
