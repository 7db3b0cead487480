// ra-data-simple-rest on /api/admin (the server speaks its dialect unchanged), plus the calls
// that are not CRUD: product status, order counts, dashboard, analytics, notifications, tokens,
// product image upload before create/update ("Handling File Uploads" in react-admin's docs), a
// payer's open invoices and allocations, bank statements, settings, an order's waybill and
// invoices ("Adding Custom Methods" in react-admin's docs). Components call them through
// useDataProvider with react-query (queryKeys.ts), never from an effect.
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API_URL, httpClient } from './httpClient';
import type { ImportReport } from '@domain/api';
import type { StatementOfAccount } from '@domain/statementOfAccount';
import { submitOnce } from './idempotency';
import { paymentMethods, type PaymentMethods } from './payments/api';
import { bankStatementMethods, type BankStatementMethods } from './bank-statements/api';
import { settingsMethods, type SettingsMethods } from './settings/api';
import { orderMethods, type OrderMethods } from './orders/shipmentApi';
import { invoiceMethods, type InvoiceMethods } from './invoices/api';

export const ADMIN_API = `${API_URL}/admin`;

export interface DashboardData {
  /** The currency of the sums; mixedCurrencies: some orders in leva were converted at the fixed rate. */
  currency?: string;
  mixedCurrencies?: boolean;
  todayRevenue: number;
  todayOrders: number;
  monthRevenue: number;
  monthOrders: number;
  pendingOrders: number;
  /** Members' quote requests waiting for prices (the quotes card lists them). */
  openQuoteRequests?: number;
  newCustomers: number;
  lowStock: { variantId: number; productId: number; productName: string; variantName: string; sku: string; stock: number }[];
  latestOrders: { id: number; number: string; customerName: string; total: number; currency?: string; status: string; createdAt: string }[];
  revenueSeries: { period: string; revenue: number; orders: number }[];
}

export type Granularity = 'day' | 'week' | 'month';
export interface AnalyticsData {
  currency?: string;
  mixedCurrencies?: boolean;
  totals: { revenue: number; orders: number; averageOrderValue: number; newCustomers: number };
  series: { period: string; revenue: number; orders: number; averageOrderValue: number }[];
  topProducts: { productId: number; name: string; quantity: number; revenue: number }[];
  byCategory: { category: string; revenue: number; quantity: number }[];
  byStatus: { status: string; label: string; count: number }[];
  newCustomers: { period: string; count: number }[];
}

/** A statement's period, both days included, "YYYY-MM-DD". */
export interface StatementPeriod {
  from: string;
  to: string;
}

/** The statement as a file: a plain link downloads it (the session cookie authenticates a GET). */
export function companyStatementFileUrl(companyId: number | string, period: StatementPeriod, format: 'pdf' | 'csv'): string {
  const q = new URLSearchParams({ from: period.from, to: period.to, format });
  return `${ADMIN_API}/companies/${encodeURIComponent(String(companyId))}/statement?${q}`;
}

export interface ApiToken {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  expired: boolean;
}

/** What a company's decision sends: a reason for a refusal or a suspension. */
export type CompanyDecision = 'approve' | 'reject' | 'suspend';

export interface ShopDataProvider
  extends DataProvider, PaymentMethods, BankStatementMethods, SettingsMethods, OrderMethods, InvoiceMethods {
  updateProductStatus(id: number | string, status: string): Promise<{ message?: string }>;
  orderCounts(): Promise<Record<string, number>>;
  dashboard(): Promise<DashboardData>;
  analytics(params: { from: string; to: string; granularity: Granularity }): Promise<AnalyticsData>;
  /** A company's statement of account (amounts in cents); a period refused is a 400 with errors.from / errors.to. */
  companyStatement(companyId: number | string, period: StatementPeriod): Promise<StatementOfAccount>;
  /** Mails the statement's PDF to the company's contact; the message names the address. */
  sendCompanyStatement(companyId: number | string, period: StatementPeriod): Promise<{ message: string }>;
  unreadCount(): Promise<number>;
  readAllNotifications(): Promise<{ message?: string }>;
  tokens(): Promise<ApiToken[]>;
  createToken(name: string, expiresInDays: number): Promise<{ token: ApiToken & { token: string }; message?: string }>;
  revokeToken(id: number | string): Promise<void>;
  uploadImage(file: File): Promise<string>;
  /** A draft copy of a product (POST /api/admin/products/:id/duplicate). */
  duplicateProduct(id: number | string): Promise<{ id: number; message?: string }>;
  /** CSV import of products, variants and stock; a refusal with row errors throws an HttpError whose body is the report. */
  importProducts(file: File, dryRun: boolean): Promise<ImportReport>;
  /** A correction of one variant's stock by a signed quantity (POST /api/admin/inventory/:id/adjustments). */
  adjustStock(variantId: number | string, delta: number, note: string): Promise<{ stock: number; message?: string }>;
  twoFactorStatus(): Promise<boolean>;
  twoFactorSetup(): Promise<{ secret: string; qr: string }>;
  twoFactorEnable(code: string): Promise<{ message: string; backupCodes: string[] }>;
  twoFactorDisable(code: string): Promise<{ message: string }>;
  decideCompany(companyId: number | string, decision: CompanyDecision, reason: string): Promise<void>;
  /** An account joins the company, or an address with no account is invited: answers whether it was invited. */
  /** A member by e-mail, with a role and (a buyer's) order limit; an address with no account is invited. */
  addCompanyMember(
    companyId: number | string,
    email: string,
    terms?: { role: string; orderLimit?: string | number | null },
  ): Promise<{ invited: boolean }>;
  removeCompanyMember(companyId: number | string, userId: number | string): Promise<void>;
  /** The staff's answer to a quote request (priced lines and validity) or its refusal, with the version read. */
  answerQuoteRequest(id: number | string, body: Record<string, unknown>): Promise<void>;
  /** Sends the reminders due now; the message says how many went out. */
  remindReceivables(): Promise<{ message: string }>;
  /** Erases a person's data after the confirmation; the message says what was done. */
  erasePersonalData(email: string): Promise<{ message: string }>;
}

interface ImageValue {
  url?: string;
  alt?: string;
  src?: string;
  title?: string;
  rawFile?: File;
}

async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { json } = await httpClient(`${ADMIN_API}/uploads`, { method: 'POST', body });
  return json.url as string;
}

/** ImageInput's new files are uploaded first; the product then stores [{ url, alt }]. */
async function productPayload(data: Record<string, any>): Promise<Record<string, any>> {
  const out: Record<string, any> = { ...data };
  if (Array.isArray(data.images)) {
    out.images = await Promise.all(
      (data.images as ImageValue[]).map(async (img) => {
        if (img.rawFile instanceof File) {
          return { url: await uploadImage(img.rawFile), alt: img.alt ?? data.name ?? '' };
        }
        return { url: img.url ?? img.src ?? '', alt: img.alt ?? img.title ?? '' };
      }),
    );
  }
  if (Array.isArray(data.attributes)) {
    out.attributes = data.attributes
      .filter((a: any) => a && a.name)
      .map((a: any) => ({
        name: a.name,
        values: (a.values ?? [])
          .map((v: any) => (typeof v === 'string' ? v : v?.value))
          .filter((v: unknown) => typeof v === 'string' && v.trim()),
      }));
  }
  if (Array.isArray(data.variants)) {
    out.variants = data.variants.map(({ id, name, sku, price, stock }: any) => ({
      ...(id ? { id } : {}),
      name,
      sku,
      price: price === '' || price === undefined ? null : price,
      // A saved variant's stock is not the form's to write (the server ignores it): only a new one's.
      ...(id ? {} : { stock: stock ?? 0 }),
    }));
  }
  return out;
}

export function createDataProvider(): ShopDataProvider {
  const base = simpleRestProvider(ADMIN_API, httpClient);
  const payments = paymentMethods(httpClient, ADMIN_API);
  const bankStatements = bankStatementMethods(httpClient, ADMIN_API);
  const post = async (url: string, body: object) => (await httpClient(url, { method: 'POST', body: JSON.stringify(body) })).json;
  return {
    ...base,
    ...payments,
    ...bankStatements,
    ...settingsMethods(httpClient, API_URL),
    ...orderMethods,
    ...invoiceMethods,
    create: async (resource, params) => {
      if (resource === 'products') params = { ...params, data: await productPayload(params.data) };
      // An order taken by phone is placed once, and money received recorded once, however often
      // the form is sent.
      if (resource === 'orders' || resource === 'payments') {
        const url = `${ADMIN_API}/${resource}`;
        const body = JSON.stringify(params.data);
        const { json } = await submitOnce('POST', url, body, (headers) => httpClient(url, { method: 'POST', body, headers }));
        return { data: json };
      }
      // A statement is its file, sent as multipart; the answer is the statement read.
      if (resource === 'bank-statements') return { data: await bankStatements.uploadBankStatement(params.data.file) } as any;
      return base.create(resource, params);
    },
    update: async (resource, params) => {
      if (resource === 'products') params = { ...params, data: await productPayload(params.data) };
      // A payment recorded (paid, failed, refunded) once, however often the move is sent.
      if (resource === 'payments') {
        const url = `${ADMIN_API}/payments/${encodeURIComponent(params.id)}`;
        const body = JSON.stringify(params.data);
        const { json } = await submitOnce('PUT', url, body, (headers) => httpClient(url, { method: 'PUT', body, headers }));
        return { data: json };
      }
      return base.update(resource, params);
    },
    updateProductStatus: async (id, status) => {
      const { json } = await httpClient(`${API_URL}/products/${id}/updateStatus`, { method: 'PUT', body: JSON.stringify({ status }) });
      return json ?? {};
    },
    orderCounts: async () => {
      const { json } = await httpClient(`${ADMIN_API}/orders/counts`);
      return (json?.counts ?? {}) as Record<string, number>;
    },
    dashboard: async () => (await httpClient(`${ADMIN_API}/dashboard`)).json as DashboardData,
    analytics: async ({ from, to, granularity }) => {
      const q = new URLSearchParams({ from, to, granularity });
      return (await httpClient(`${ADMIN_API}/analytics?${q}`)).json as AnalyticsData;
    },
    companyStatement: async (companyId, { from, to }) => {
      const q = new URLSearchParams({ from, to });
      return (await httpClient(`${ADMIN_API}/companies/${encodeURIComponent(String(companyId))}/statement?${q}`))
        .json as StatementOfAccount;
    },
    sendCompanyStatement: async (companyId, { from, to }) =>
      (
        await httpClient(`${ADMIN_API}/companies/${encodeURIComponent(String(companyId))}/statement/send`, {
          method: 'POST',
          body: JSON.stringify({ from, to }),
        })
      ).json as { message: string },
    unreadCount: async () => Number((await httpClient(`${ADMIN_API}/notifications/unread-count`)).json?.count ?? 0),
    readAllNotifications: async () => (await httpClient(`${ADMIN_API}/notifications/read-all`, { method: 'POST' })).json ?? {},
    tokens: async () => ((await httpClient(`${API_URL}/account/tokens`)).json?.tokens ?? []) as ApiToken[],
    createToken: async (name, expiresInDays) =>
      (await httpClient(`${API_URL}/account/tokens`, { method: 'POST', body: JSON.stringify({ name, expiresInDays }) })).json,
    revokeToken: async (id) => {
      await httpClient(`${API_URL}/account/tokens/${id}`, { method: 'DELETE' });
    },
    twoFactorStatus: async () => Boolean((await httpClient(`${API_URL}/isTwoFactorAuthEnabled`)).json?.twoFactorAuth),
    twoFactorSetup: async () =>
      (await httpClient(`${API_URL}/account/2fa/setup`, { method: 'POST', body: '{}' })).json as { secret: string; qr: string },
    twoFactorEnable: async (code: string) =>
      (await httpClient(`${API_URL}/account/2fa/enable`, { method: 'POST', body: JSON.stringify({ code }) })).json as {
        message: string;
        backupCodes: string[];
      },
    twoFactorDisable: async (code: string) =>
      (await httpClient(`${API_URL}/account/2fa/disable`, { method: 'POST', body: JSON.stringify({ code }) })).json as { message: string },
    uploadImage,
    duplicateProduct: async (id) => (await httpClient(`${ADMIN_API}/products/${id}/duplicate`, { method: 'POST', body: '{}' })).json,
    importProducts: async (file, dryRun) => {
      const body = new FormData();
      body.append('file', file);
      return (await httpClient(`${ADMIN_API}/import/products${dryRun ? '?dryRun=1' : ''}`, { method: 'POST', body })).json as ImportReport;
    },
    decideCompany: async (companyId, decision, reason) => {
      await post(`${ADMIN_API}/companies/${companyId}/${decision}`, { reason });
    },
    addCompanyMember: async (companyId, email, terms) => {
      const company = await post(`${ADMIN_API}/companies/${companyId}/members`, { email, ...terms });
      // The answer is the company: the address is among its members once joined, else among the
      // open invitations (it had no account).
      const address = email.trim().toLowerCase();
      const joined = (company.members ?? []).some((m: { email: string }) => m.email.toLowerCase() === address);
      return { invited: !joined && (company.invitations ?? []).some((i: { email: string }) => i.email === address) };
    },
    removeCompanyMember: async (companyId, userId) => {
      await httpClient(`${ADMIN_API}/companies/${companyId}/members/${userId}`, { method: 'DELETE' });
    },
    answerQuoteRequest: async (id, body) => {
      await httpClient(`${ADMIN_API}/quote-requests/${id}`, { method: 'PUT', body: JSON.stringify(body) });
    },
    remindReceivables: async () => (await httpClient(`${ADMIN_API}/receivables/remind`, { method: 'POST', body: '{}' })).json,
    erasePersonalData: async (email) => post(`${ADMIN_API}/privacy/erase`, { email, confirm: true }),
    adjustStock: async (variantId, delta, note) =>
      (await httpClient(`${ADMIN_API}/inventory/${variantId}/adjustments`, { method: 'POST', body: JSON.stringify({ delta, note }) })).json,
  };
}

export const dataProvider = createDataProvider();
