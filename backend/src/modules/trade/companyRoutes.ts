// Companies: a business's application (POST /api/trade/applications), the staff's
// react-admin resource /api/admin/companies with its decisions and members, „Къде да купя“, and a
// member's own company with its shops (GET /api/trade/company, for the checkout).
import Router from '@koa/router';
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

async function decide(ctx: Context, decision: string) {
  const id = parseId(ctx.params.id);
  const { reason } = parseBody(ctx.request.body ?? {}, companyDecisionInput);
  ctx.body = await decideCompany(id, DECISIONS[decision], reason);
}

export function companyRoutes() {
  const router = new Router();
  router.post('/trade/applications', async (ctx) => {
    const input = parseBody(ctx.request.body, companyApplicationInput);
    ctx.status = 201;
    ctx.body = await applyForTrade(input, (ctx.state.user as User | null) ?? null, ctx.ip);
  });
  router.get('/trade/company', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { company: await memberCompany(currentUser(ctx)) };
  });
  // An owner's management of the members, and the invitation's link.
  router.post('/trade/members', async (ctx) => {
    const input = parseBody(ctx.request.body, memberInviteInput);
    ctx.status = 201;
    ctx.body = { invitation: await inviteMember(currentUser(ctx), input) };
  });
  router.put('/trade/members/:id', async (ctx) => {
    const id = parseId(ctx.params.id);
    ctx.body = { member: await changeMember(currentUser(ctx), id, parseBody(ctx.request.body, memberChangeInput)) };
  });
  router.delete('/trade/members/:id', async (ctx) => {
    await removeMemberByOwner(currentUser(ctx), parseId(ctx.params.id));
    ctx.body = { ok: true };
  });
  router.delete('/trade/invitations/:id', async (ctx) => {
    await cancelInvitation(currentUser(ctx), parseId(ctx.params.id));
    ctx.body = { ok: true };
  });
  router.get('/trade/invitations/:token', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await invitationPreview(String(ctx.params.token));
  });
  router.post('/trade/invitations/:token/accept', async (ctx) => {
    ctx.body = await acceptInvitation((ctx.state.user as User | null) ?? null, String(ctx.params.token));
  });
  router.get('/where-to-buy', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { shops: await listedShops() };
  });

  router.get('/admin/companies', async (ctx) => {
    const params = parseRaParams(ctx.query, companyListSpec);
    const { rows, total } = await listCompanies(params);
    sendRaList(ctx, 'companies', rows, params.start, total);
  });
  router.get('/admin/companies/:id', async (ctx) => {
    ctx.body = await findCompany(parseId(ctx.params.id));
  });
  router.put('/admin/companies/:id', async (ctx) => {
    const id = parseId(ctx.params.id);
    ctx.body = await changeCompany(id, parseBody(ctx.request.body, companyChangeInput));
  });
  router.delete('/admin/companies/:id', async (ctx) => {
    ctx.body = await deleteCompany(parseId(ctx.params.id));
  });
  for (const decision of Object.keys(DECISIONS)) router.post(`/admin/companies/:id/${decision}`, (ctx) => decide(ctx, decision));
  router.post('/admin/companies/:id/members', async (ctx) => {
    const id = parseId(ctx.params.id);
    const { email } = parseBody(ctx.request.body, companyMemberInput);
    ctx.status = 201;
    ctx.body = await addMember(id, email);
  });
  router.delete('/admin/companies/:id/members/:userId', async (ctx) => {
    ctx.body = await removeMember(parseId(ctx.params.id), parseId(ctx.params.userId));
  });
  return router;
}
