// Packing slips for staff (under /api/admin, so admins only): one order's slip, and many orders'
// slips in one PDF for the morning's packing. ?size / size: a4 (default) or a6.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseBody, parseId, parseQuery } from '../../platform/http/parseInput';
import { packingSlipQuery, packingSlipsInput } from '@domain/schemas/orders';
import { badRequest } from '../../platform/http/errors';
import { PACKING_SLIPS_MAX } from '@domain/limits';
import { PACKING_SLIP_TEXT } from '@domain/packingSlips';
import { packingSlipsPdf } from './packingSlip';

function sendPdf(ctx: Context, pdf: Buffer, name: string) {
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${name}.pdf"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = pdf;
}

async function oneSlip(ctx: Context) {
  const id = parseId(ctx.params.id);
  const { size = 'a4' } = parseQuery(ctx.query, packingSlipQuery);
  const { pdf, numbers } = await packingSlipsPdf([id], size);
  sendPdf(ctx, pdf, `packing-slip-${numbers[0]}-${size}`);
}

async function manySlips(ctx: Context) {
  const raw = (ctx.request as { body?: unknown }).body as { ids?: unknown } | undefined;
  // The bound first, before looking at each id.
  if (Array.isArray(raw?.ids) && raw.ids.length > PACKING_SLIPS_MAX)
    throw badRequest(PACKING_SLIP_TEXT.tooMany, { ids: PACKING_SLIP_TEXT.tooMany });
  const { ids, size = 'a4' } = parseBody(raw, packingSlipsInput);
  if (!ids.length) throw badRequest(PACKING_SLIP_TEXT.idsRequired, { ids: PACKING_SLIP_TEXT.idsRequired });
  const { pdf } = await packingSlipsPdf(ids, size);
  // Reading, not changing: nothing for the audit log.
  ctx.state.audited = true;
  sendPdf(ctx, pdf, `packing-slips-${size}`);
}

const doc = apiDoc('Поръчки (служители)');

export function packingSlipRoutes() {
  const router = new Router({ prefix: '/admin/orders' });
  router.get(
    '/:id/packing-slip',
    doc('Стокова разписка за поръчка (PDF)', { query: packingSlipQuery, produces: 'application/pdf', answer: 'PDF файл' }),
    oneSlip,
  );
  router.post(
    '/packing-slips',
    doc('Стокови разписки за много поръчки в един PDF', { body: packingSlipsInput, produces: 'application/pdf', answer: 'PDF файл' }),
    manySlips,
  );
  return router;
}
