// The distributors' form (POST /api/contact) and the staff's inbox of its messages
// (react-admin resource /api/admin/contact-messages).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { contactMessageChangeInput, contactMessageInput } from '@domain/schemas/staff';
import { barrierReportInput } from '@domain/schemas/accessibility';
import { ACCESSIBILITY, API } from '@domain/messages';
import {
  contactListSpec,
  contactPage,
  deleteContactMessage,
  findContactMessage,
  markContactMessage,
  receiveBarrierReport,
  receiveContactMessage,
} from './contact';

const doc = apiDoc('Съобщения');

export function contactRoutes() {
  const router = new Router();
  router.post(
    '/contact',
    doc('Съобщение от формата за контакт', { body: contactMessageInput, status: 201, limited: true, answer: '{ message, id }' }),
    async (ctx) => {
      const saved = await receiveContactMessage(parseBody(ctx.request.body, contactMessageInput), ctx.ip);
      ctx.status = 201;
      ctx.body = { message: API.contactReceived, id: saved.id };
    },
  );
  // A barrier reported from the accessibility statement (/accessibility): the same inbox, its own subject.
  router.post(
    '/accessibility/barriers',
    doc('Сигнал за бариера в достъпността', { body: barrierReportInput, status: 201, limited: true, answer: '{ message, id }' }),
    async (ctx) => {
      const saved = await receiveBarrierReport(parseBody(ctx.request.body, barrierReportInput), ctx.ip);
      ctx.status = 201;
      ctx.body = { message: ACCESSIBILITY.barrierReceived, id: saved.id };
    },
  );

  router.get('/admin/contact-messages', doc('Получените съобщения', { raList: true, answer: 'Списък от съобщения' }), async (ctx) => {
    const params = parseRaParams(ctx.query, contactListSpec);
    const { rows, total } = await contactPage(params);
    sendRaList(ctx, 'contact-messages', rows, params.start, total);
  });
  router.get('/admin/contact-messages/:id', doc('Едно съобщение', { answer: 'Съобщението' }), async (ctx) => {
    ctx.body = await findContactMessage(parseId(ctx.params.id));
  });
  router.put(
    '/admin/contact-messages/:id',
    doc('Съобщение – прочетено или не', { body: contactMessageChangeInput, answer: 'Съобщението' }),
    async (ctx) => {
      const id = parseId(ctx.params.id);
      const { isRead } = parseBody(ctx.request.body, contactMessageChangeInput);
      ctx.body = await markContactMessage(id, isRead);
    },
  );
  router.delete('/admin/contact-messages/:id', doc('Изтриване на съобщение', { answer: 'Изтритото съобщение' }), async (ctx) => {
    ctx.body = await deleteContactMessage(parseId(ctx.params.id));
  });
  return router;
}
