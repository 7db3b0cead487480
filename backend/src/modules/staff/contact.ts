// Messages from the distributors' form: received (throttled per address, with a notice for the
// staff in the same transaction) and the staff's inbox of them.
import type { Knex } from 'knex';
import { ContactMessage } from '../../models/ContactMessage';
import { notFound, tooManyRequests } from '../../platform/http/errors';
import { filterBy, raPage, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { Throttle } from '../../platform/http/throttle';
import { notifyStaff } from './notifications';
import { ACCESSIBILITY, API, PRIVACY } from '@domain/messages';
import { ERASED_EMAIL } from '@domain/privacy';
import { addressLimitKey } from '../../platform/http/clientAddress';
import { searchable } from '@domain/slug';
import { CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_MINUTES } from '@domain/limits';
import type { ContactMessage as ContactMessageInput } from '@domain/schemas/staff';
import type { BarrierReport } from '@domain/schemas/accessibility';

export const contactListSpec: RaListSpec = {
  idColumn: 'id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: { id: 'id', createdAt: 'createdAt', name: 'name', company: 'company', isRead: 'isRead' },
  filters: {
    q: filterBy.search('searchText'),
    isRead: (qb, v) => qb.where('isRead', v === true || v === 'true'),
  },
};

export type ContactInput = ContactMessageInput;

/** Where a staff notice about a message points: the message's page in the admin. */
export const contactMessageLink = (id: number) => `/admin/contact-messages/${id}/show`;

/** One message into the staff's inbox, from any of the shop's forms: refused with 429 past the
 *  form's allowance for this address (IPv6 by its /64), saved with a notice for the staff in the
 *  same transaction. */
async function receiveMessage(
  form: 'contact' | 'barrier',
  ip: string,
  fields: Partial<ContactMessage>,
  notice: string,
): Promise<ContactMessage> {
  const throttle = new Throttle(ContactMessage.knex(), CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_MINUTES * 60_000);
  const key = [`${form}:ip:${addressLimitKey(ip)}`];
  if (await throttle.isBlocked(key)) throw tooManyRequests(API.contactTooMany);
  await throttle.fail(key);
  return ContactMessage.transaction(async (trx) => {
    const row = await ContactMessage.query(trx).insertAndFetch({ isRead: false, ...fields } as Partial<ContactMessage>);
    await notifyStaff({ type: 'contact', message: notice, link: contactMessageLink(row.id) }, trx);
    return row;
  });
}

/** A message from the distributors' form. */
export function receiveContactMessage(input: ContactInput, ip: string): Promise<ContactMessage> {
  const company = input.company ?? '';
  return receiveMessage(
    'contact',
    ip,
    {
      name: input.name,
      company,
      email: input.email,
      phone: input.phone ?? '',
      message: input.message,
      searchText: searchable(input.name, company, input.email, input.message),
    },
    `Запитване от ${input.name}${company ? ` (${company})` : ''}`,
  );
}

export type BarrierReportInput = BarrierReport;

/** A barrier reported from the accessibility statement: kept among the contact messages under its
 *  subject, with its own allowance per address. */
export function receiveBarrierReport(input: BarrierReportInput, ip: string): Promise<ContactMessage> {
  const message = input.page ? `Страница: ${input.page}\n\n${input.message}` : input.message;
  return receiveMessage(
    'barrier',
    ip,
    {
      name: input.name,
      company: '',
      email: input.email,
      phone: '',
      message,
      subject: ACCESSIBILITY.barrierSubject,
      searchText: searchable(ACCESSIBILITY.barrierSubject, input.name, input.email, message),
    },
    ACCESSIBILITY.barrierNotice(input.name),
  );
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

/** Erasing a person's data: these messages lose who wrote and what (a message names its writer). */
export async function eraseContactMessages(trx: Knex.Transaction, ids: number[]): Promise<void> {
  await trx('contact_messages')
    .whereIn('id', ids)
    .update({ name: PRIVACY.erasedName, company: '', email: ERASED_EMAIL, phone: '', message: PRIVACY.erasedName, searchText: '' });
}
