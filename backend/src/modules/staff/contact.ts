// Messages from the distributors' form: received (throttled per address, with a notice for the
// staff in the same transaction) and the staff's inbox of them.
import { ContactMessage } from '../../models/ContactMessage';
import { notFound, tooManyRequests } from '../../platform/http/errors';
import { filterBy, raPage, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { Throttle } from '../../platform/http/throttle';
import { notifyStaff } from './notifications';
import { ACCESSIBILITY, API } from '../../../../domain/messages';
import { addressLimitKey } from '../../platform/http/clientAddress';
import { searchable } from '../../../../domain/slug';
import { CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_MINUTES } from '../../../../domain/limits';

export const contactListSpec: RaListSpec = {
  idColumn: 'id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: { id: 'id', createdAt: 'createdAt', name: 'name', company: 'company', isRead: 'isRead' },
  filters: {
    q: filterBy.search('searchText'),
    isRead: (qb, v) => qb.where('isRead', v === true || v === 'true'),
  },
};

export interface ContactInput {
  name: string;
  company?: string;
  email: string;
  phone?: string;
  message: string;
}

/** A message from the form: refused with 429 past the address's allowance; saved with a notice. */
export async function receiveContactMessage(input: ContactInput, ip: string): Promise<ContactMessage> {
  const throttle = new Throttle(ContactMessage.knex(), CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_MINUTES * 60_000);
  const key = [`contact:ip:${addressLimitKey(ip)}`];
  if (await throttle.isBlocked(key)) throw tooManyRequests(API.contactTooMany);
  await throttle.fail(key);
  return ContactMessage.transaction(async (trx) => {
    const row = await ContactMessage.query(trx).insertAndFetch({
      name: input.name, company: input.company ?? '', email: input.email, phone: input.phone ?? '', message: input.message, isRead: false,
      searchText: searchable(input.name, input.company ?? '', input.email, input.message),
    } as Partial<ContactMessage>);
    await notifyStaff({ type: 'contact', message: `Запитване от ${input.name}${input.company ? ` (${input.company})` : ''}`, link: `/admin/contact-messages/${row.id}` }, trx);
    return row;
  });
}

export interface BarrierReportInput {
  name: string;
  email: string;
  page?: string;
  message: string;
}

/**
 * A barrier reported from the accessibility statement: kept among the contact messages under its
 * subject, with a notice for the staff in the same transaction. Throttled as the distributors' form
 * is (its own allowance, counted per address, IPv6 by its /64).
 */
export async function receiveBarrierReport(input: BarrierReportInput, ip: string): Promise<ContactMessage> {
  const throttle = new Throttle(ContactMessage.knex(), CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_MINUTES * 60_000);
  const key = [`barrier:ip:${addressLimitKey(ip)}`];
  if (await throttle.isBlocked(key)) throw tooManyRequests(API.contactTooMany);
  await throttle.fail(key);
  const message = input.page ? `Страница: ${input.page}\n\n${input.message}` : input.message;
  return ContactMessage.transaction(async (trx) => {
    const row = await ContactMessage.query(trx).insertAndFetch({
      name: input.name, company: '', email: input.email, phone: '', message, subject: ACCESSIBILITY.barrierSubject, isRead: false,
      searchText: searchable(ACCESSIBILITY.barrierSubject, input.name, input.email, message),
    } as Partial<ContactMessage>);
    await notifyStaff({ type: 'contact', message: ACCESSIBILITY.barrierNotice(input.name), link: `/admin/contact-messages/${row.id}/show` }, trx);
    return row;
  });
}

export function contactPage(params: RaListParams): Promise<{ rows: ContactMessage[]; total: number }> {
  return raPage(ContactMessage.query(), params, contactListSpec);
}

export async function findContactMessage(id: number): Promise<ContactMessage> {
  const m = await ContactMessage.query().findById(id);
  if (!m) throw notFound(API.notFound);
  return m;
}

export async function markContactMessage(id: number, isRead: boolean | undefined): Promise<ContactMessage> {
  const m = await findContactMessage(id);
  return isRead === undefined ? m : m.$query().patchAndFetch({ isRead } as Partial<ContactMessage>);
}

export async function deleteContactMessage(id: number): Promise<ContactMessage> {
  const m = await findContactMessage(id);
  await m.$query().delete();
  return m;
}
