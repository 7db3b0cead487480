// Companies: a business's application (POST /api/trade/applications), the staff's
// react-admin resource /api/admin/companies with its decisions and members, „Къде да купя“, and a
// member's own company with its shops (GET /api/trade/company, for the checkout).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import {
  companyApplicationInput,
  companyChangeInput,
  companyDecisionInput,
  companyMemberInput,
  memberChangeInput,
  memberInviteInput,
} from '@domain/schemas/trade';
import { acceptInvitation, cancelInvitation, changeMember, invitationPreview, inviteMember, removeMemberByOwner } from './members';
import type { CompanyStatus } from '@domain/trade';
import type { User } from '../../models/User';
import { currentUser } from '../../platform/http/auth';
import {
  addMember,
  applyForTrade,
  changeCompany,
  companyListSpec,
  decideCompany,
  deleteCompany,
  findCompany,
  listCompanies,
  listedShops,
  memberCompany,
  removeMember,
} from './companies';

const DECISIONS: Record<string, CompanyStatus> = { approve: 'approved', reject: 'rejected', suspend: 'suspended' };
const DECISION_SUMMARIES: Record<string, string> = {
  approve: 'Одобрение на фирма',
  reject: 'Отказ на кандидатура на фирма',
  suspend: 'Спиране на фирма',
};

async function decide(ctx: Context, decision: string) {
  const id = parseId(ctx.params.id);
  const { reason } = parseBody(ctx.request.body ?? {}, companyDecisionInput);
  ctx.body = await decideCompany(id, DECISIONS[decision], reason);
}

const doc = apiDoc('Фирми');

export function companyRoutes() {
  const router = new Router();
  router.post(
    '/trade/applications',
    doc('Кандидатстване за търговски клиент', { body: companyApplicationInput, status: 201, limited: true, answer: 'Кандидатурата' }),
    async (ctx) => {
      const input = parseBody(ctx.request.body, companyApplicationInput);
      ctx.status = 201;
      ctx.body = await applyForTrade(input, (ctx.state.user as User | null) ?? null, ctx.ip, ctx.config.tradeApplicationsPerWindow);
    },
  );
  router.get(
    '/trade/company',
    doc('Моята фирма', { auth: 'customer', answer: '{ company } (null, ако профилът не е член на фирма)' }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { company: await memberCompany(currentUser(ctx)) };
    },
  );
  // An owner's management of the members, and the invitation's link.
  router.post(
    '/trade/members',
    doc('Покана за служител на фирмата (собственик)', { auth: 'trade', body: memberInviteInput, status: 201, answer: '{ invitation }' }),
    async (ctx) => {
      const input = parseBody(ctx.request.body, memberInviteInput);
      ctx.status = 201;
      ctx.body = { invitation: await inviteMember(currentUser(ctx), input) };
    },
  );
  router.put(
    '/trade/members/:id',
    doc('Роля и лимит на служител (собственик)', { auth: 'trade', body: memberChangeInput, answer: '{ member }' }),
    async (ctx) => {
      const id = parseId(ctx.params.id);
      ctx.body = { member: await changeMember(currentUser(ctx), id, parseBody(ctx.request.body, memberChangeInput)) };
    },
  );
  router.delete('/trade/members/:id', doc('Премахване на служител (собственик)', { auth: 'trade', answer: '{ ok }' }), async (ctx) => {
    await removeMemberByOwner(currentUser(ctx), parseId(ctx.params.id));
    ctx.body = { ok: true };
  });
  router.delete('/trade/invitations/:id', doc('Отмяна на покана (собственик)', { auth: 'trade', answer: '{ ok }' }), async (ctx) => {
    await cancelInvitation(currentUser(ctx), parseId(ctx.params.id));
    ctx.body = { ok: true };
  });
  router.get(
    '/trade/invitations/:token',
    doc('Поканата по връзката от писмото', { answer: 'Фирма, адрес, роля, лимит, изтекла ли е' }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await invitationPreview(String(ctx.params.token));
    },
  );
  router.post(
    '/trade/invitations/:token/accept',
    doc('Приемане на покана (влязъл профил с доказан същия адрес)', { auth: 'customer', answer: '{ company }' }),
    async (ctx) => {
      ctx.body = await acceptInvitation((ctx.state.user as User | null) ?? null, String(ctx.params.token));
    },
  );
  router.get('/where-to-buy', doc('Къде да купя: магазините на търговските клиенти', { answer: '{ shops }' }), async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { shops: await listedShops() };
  });

  router.get('/admin/companies', doc('Фирмите (търговски клиенти)', { raList: true, answer: 'Списък от фирми' }), async (ctx) => {
    const params = parseRaParams(ctx.query, companyListSpec);
    const { rows, total } = await listCompanies(params);
    sendRaList(ctx, 'companies', rows, params.start, total);
  });
  router.get('/admin/companies/:id', doc('Една фирма с членовете', { answer: 'Фирмата' }), async (ctx) => {
    ctx.body = await findCompany(parseId(ctx.params.id));
  });
  router.put('/admin/companies/:id', doc('Промяна на фирма', { body: companyChangeInput, answer: 'Фирмата' }), async (ctx) => {
    const id = parseId(ctx.params.id);
    ctx.body = await changeCompany(id, parseBody(ctx.request.body, companyChangeInput), currentUser(ctx).id);
  });
  router.delete('/admin/companies/:id', doc('Изтриване на фирма', { answer: 'Изтритата фирма' }), async (ctx) => {
    ctx.body = await deleteCompany(parseId(ctx.params.id));
  });
  for (const decision of Object.keys(DECISIONS))
    router.post(
      `/admin/companies/:id/${decision}`,
      doc(DECISION_SUMMARIES[decision], { body: companyDecisionInput, answer: 'Фирмата' }),
      (ctx) => decide(ctx, decision),
    );
  router.post(
    '/admin/companies/:id/members',
    doc('Нов член на фирма (по имейл; адрес без профил получава покана)', {
      body: companyMemberInput,
      status: 201,
      answer: 'Фирмата (поканата — в invitations)',
    }),
    async (ctx) => {
      const id = parseId(ctx.params.id);
      const input = parseBody(ctx.request.body, companyMemberInput);
      ctx.status = 201;
      ctx.body = await addMember(id, input, currentUser(ctx).id);
    },
  );
  router.delete('/admin/companies/:id/members/:userId', doc('Премахване на член от фирма', { answer: 'Фирмата' }), async (ctx) => {
    ctx.body = await removeMember(parseId(ctx.params.id), parseId(ctx.params.userId));
  });
  return router;
}
