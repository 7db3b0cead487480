// The statement of account („Извлечение от сметка“): staff's for any company (GET
// /admin/companies/:id/statement?from&to&format=pdf|csv, and mailed to the company with POST
// …/statement/send), a member's for their own company (GET /trade/statement?from&to&format).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { statementSendInput } from '@domain/schemas/payments';
import { forbidden } from '../../platform/http/errors';
import { STATEMENT_TEXT } from '@domain/statementOfAccount';
import { MEMBER_TEXT, type MemberRole } from '@domain/companyMembers';
import { companyStatement, mailStatement, statementAnswer, statementFormat, statementPeriod } from './accountStatement';

async function send(ctx: Context, companyId: number) {
  const period = statementPeriod(ctx.query);
  const format = statementFormat(ctx.query.format);
  const answer = await statementAnswer(await companyStatement(companyId, period), format);
  ctx.set('Cache-Control', 'no-store');
  if (answer.type) {
    ctx.type = answer.type;
    ctx.attachment(answer.fileName);
  }
  ctx.body = answer.body;
}

const doc = apiDoc('Извлечения по сметка');

export function statementRoutes() {
  const router = new Router();
  router.get(
    '/admin/companies/:id/statement',
    doc('Извлечение по сметка на фирма (JSON, PDF или CSV)', {
      description: 'Период с ?from=ГГГГ-ММ-ДД&to=ГГГГ-ММ-ДД; вид с ?format=pdf|csv.',
      answer: 'Извлечението: начално салдо, движения, крайно салдо',
    }),
    (ctx) => send(ctx, parseId(ctx.params.id)),
  );
  router.post(
    '/admin/companies/:id/statement/send',
    doc('Изпращане на извлечението по имейл на фирмата', {
      description: 'Тяло { from, to } (дни ГГГГ-ММ-ДД), и двете по желание.',
      body: statementSendInput,
      errors: [400],
      answer: '{ message }',
    }),
    async (ctx) => {
      const period = statementPeriod(parseBody(ctx.request.body ?? {}, statementSendInput));
      const { to } = await mailStatement(ctx.config, parseId(ctx.params.id), period);
      ctx.body = { message: STATEMENT_TEXT.sent(to) };
    },
  );
  router.get(
    '/trade/statement',
    doc('Извлечението по сметка на моята фирма', {
      auth: 'trade',
      description: 'Като при служителите: ?from, ?to, ?format.',
      answer: 'Извлечението',
    }),
    async (ctx) => {
      const user = ctx.state.user as { companyId?: number | null; companyRole?: MemberRole | null } | null;
      const companyId = user?.companyId;
      if (!companyId) throw forbidden(STATEMENT_TEXT.membersOnly);
      // The company's money is its owners' to read: a buyer sees the orders they placed.
      if (user?.companyRole === 'buyer') throw forbidden(MEMBER_TEXT.statementOwnersOnly);
      await send(ctx, companyId);
    },
  );
  return router;
}
