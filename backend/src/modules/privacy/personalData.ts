// The personal data the shop holds about one person (GDPR art. 15 and 20): the account, the
// places their parcels went, their orders with lines, the invoices issued to them (what they say
// and where to download them) and the messages they sent, as JSON or as one CSV for a spreadsheet.
import Papa from 'papaparse';
import type { Knex } from 'knex';
import { fromMinor } from '@domain/money';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@domain/orderStatus';
import { orderOffice } from '../couriers';
import { companyLegalData, type CompanyLegalData } from '../trade';
import { KEPT_DATA } from '@domain/messages';

export interface PersonalData {
  exportedAt: string;
  email: string;
  profile: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    createdAt: string;
    lastLoginAt: string | null;
    twoFactorEnabled: boolean;
    /** The company the account buys for, when it is a member of one. */
    company?: string;
  } | null;
  addresses: Array<{ method: string; city: string; postcode: string; address: string; office: string | null }>;
  orders: Array<{
    number: string;
    createdAt: string;
    status: string;
    statusLabel: string;
    paymentStatus: string;
    paymentMethod: string;
    customer: { firstName: string; lastName: string; email: string; phone: string };
    shipping: { method: string; city: string; postcode: string; address: string; office: string | null };
    note: string;
    currency: string;
    subtotal: number;
    discountCode: string | null;
    discountTotal: number;
    shippingTotal: number;
    total: number;
    items: Array<{ productName: string; variantName: string; sku: string; quantity: number; unitPrice: number; lineTotal: number }>;
  }>;
  invoices: Array<{
    number: string;
    kind: string;
    issuedAt: string;
    orderNumber: string;
    recipientName: string;
    currency: string;
    total: number;
    link: string;
  }>;
  contactMessages: Array<{ createdAt: string; name: string; company: string; email: string; phone: string; message: string }>;
  /** What stays whatever is erased, and why: the legal data of the companies the person was the
   *  contact or a member of. */
  kept: Array<{ record: string; data: CompanyLegalData; why: string }>;
}

const money = (minor: number | string) => fromMinor(Number(minor)) ?? 0;

/** What is held for this e-mail (and this account, when there is one): `records` says which orders
 *  and messages (erase.ts: recordsOf for staff, recordsOfAccount for the account itself). */
export async function personalData(
  knex: Knex,
  email: string,
  userId: number | null,
  records: { orderIds: number[]; messageIds: number[] },
  companyIds: number[] = [],
): Promise<PersonalData> {
  const { orderIds, messageIds } = records;
  const companies = await companyLegalData(knex, companyIds);
  const user =
    userId === null
      ? undefined
      : await knex('users')
          .where({ id: userId })
          .first('email', 'firstName', 'lastName', 'phone', 'createdAt', 'lastLoginAt', 'twoFactorEnabled', 'companyId');
  const company = user?.companyId ? await knex('companies').where({ id: user.companyId }).first('name') : undefined;
  const orders = orderIds.length ? await knex('orders').whereIn('id', orderIds).orderBy('createdAt', 'asc').orderBy('id', 'asc') : [];
  const items = orderIds.length ? await knex('order_items').whereIn('orderId', orderIds).orderBy('id', 'asc') : [];
  const invoices = orderIds.length
    ? await knex('invoices')
        .whereIn('orderId', orderIds)
        .orderBy('issuedAt', 'asc')
        .select('number', 'kind', 'issuedAt', 'orderId', 'orderNumber', 'recipientName', 'currency', 'total')
    : [];
  const messages = messageIds.length ? await knex('contact_messages').whereIn('id', messageIds).orderBy('createdAt', 'asc') : [];

  const addresses = new Map<string, PersonalData['addresses'][number]>();
  const orderList: PersonalData['orders'] = orders.map((o: any) => {
    const office = orderOffice(o);
    const officeText = office ? `${office.name}, ${office.city}` : null;
    const shipping = {
      method: o.shippingMethod,
      city: o.shippingCity,
      postcode: o.shippingPostcode,
      address: o.shippingAddress,
      office: officeText,
    };
    const key = JSON.stringify(shipping);
    if (!addresses.has(key)) addresses.set(key, shipping);
    return {
      number: o.number,
      createdAt: o.createdAt,
      status: o.status,
      statusLabel: ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status,
      paymentStatus: o.paymentStatus,
      paymentMethod: o.paymentMethod,
      customer: { firstName: o.customerFirstName, lastName: o.customerLastName, email: o.customerEmail, phone: o.customerPhone },
      shipping,
      note: o.note,
      currency: o.currency,
      subtotal: money(o.subtotal),
      discountCode: o.discountCode,
      discountTotal: money(o.discountTotal),
      shippingTotal: money(o.shippingTotal),
      total: money(o.total),
      items: items
        .filter((i: any) => Number(i.orderId) === Number(o.id))
        .map((i: any) => ({
          productName: i.productName,
          variantName: i.variantName,
          sku: i.sku,
          quantity: Number(i.quantity),
          unitPrice: money(i.unitPrice),
          lineTotal: money(i.lineTotal),
        })),
    };
  });
  return {
    exportedAt: new Date().toISOString(),
    email,
    profile: user
      ? {
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          phone: user.phone,
          createdAt: user.createdAt,
          lastLoginAt: user.lastLoginAt ?? null,
          twoFactorEnabled: Boolean(user.twoFactorEnabled),
          ...(company ? { company: company.name as string } : {}),
        }
      : null,
    addresses: [...addresses.values()],
    orders: orderList,
    invoices: invoices.map((i: any) => ({
      number: i.number,
      kind: i.kind,
      issuedAt: i.issuedAt,
      orderNumber: i.orderNumber,
      recipientName: i.recipientName,
      currency: i.currency,
      total: money(i.total),
      link: `/api/orders/${i.orderId}/${i.kind === 'credit_note' ? 'credit-note' : 'invoice'}`,
    })),
    contactMessages: messages.map((m: any) => ({
      createdAt: m.createdAt,
      name: m.name,
      company: m.company,
      email: m.email,
      phone: m.phone,
      message: m.message,
    })),
    kept: companies.map((c) => ({ record: KEPT_DATA.companyTitle(c.name), data: c, why: KEPT_DATA.companyWhy })),
  };
}

export const PERSONAL_DATA_CSV_HEADERS = ['Раздел', 'Запис', 'Поле', 'Стойност'];

/**
 * One CSV for everything, one value a row (section, which record, field, value): every section
 * fits one shape, and a spreadsheet filters it. UTF-8 with BOM and ';' for Bulgarian Excel,
 * formulas defused, like the shop's other exports.
 */
export function personalDataCsv(data: PersonalData): string {
  const rows: string[][] = [];
  const put = (section: string, record: string, fields: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(fields)) {
      if (value !== null && typeof value === 'object') continue;
      rows.push([section, record, field, value === null || value === undefined ? '' : String(value)]);
    }
  };
  put('Изтегляне', '', { exportedAt: data.exportedAt, email: data.email });
  if (data.profile) put('Профил', data.profile.email, data.profile);
  data.addresses.forEach((a, i) => put('Адреси', String(i + 1), a));
  for (const o of data.orders) {
    put('Поръчки', o.number, {
      ...o,
      ...Object.fromEntries(Object.entries(o.customer).map(([k, v]) => [`customer.${k}`, v])),
      ...Object.fromEntries(Object.entries(o.shipping).map(([k, v]) => [`shipping.${k}`, v])),
    });
    o.items.forEach((item, i) => put('Редове на поръчки', `${o.number} / ${i + 1}`, item));
  }
  for (const inv of data.invoices) put('Фактури', inv.number, inv);
  data.contactMessages.forEach((m, i) => put('Съобщения', String(i + 1), m));
  for (const k of data.kept) put('Пазени данни', k.record, { ...k.data, why: k.why });
  return (
    '\uFEFF' + Papa.unparse({ fields: PERSONAL_DATA_CSV_HEADERS, data: rows }, { delimiter: ';', newline: '\r\n', escapeFormulae: true })
  );
}
