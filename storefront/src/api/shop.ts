// Every call the storefront makes, with the fixed fallback texts (domain/messages) as error defaults.
import { api } from './client';
import { STOREFRONT } from '@domain/messages';
import { interfaceLanguage } from '../state/language';
import type {
  ApiCategory,
  ApiOrder,
  ApiQuote,
  ApiQuoteRequest,
  ApiTradeCompany,
  ListedProduct,
  ShopProduct,
  ApiUser,
  CartAnswer,
  CartLine,
  PublicSettings,
} from '@domain/api';
import type { PaymentMethod, ShippingMethod } from '@domain/orderStatus';
import type { InvoiceRequest } from '@domain/invoices';
import type { CatalogueQuery } from '@domain/storefrontPages';
import type { CompanyInvitationView, CompanyMemberView, InvitationPreview, MemberRole } from '@domain/companyMembers';

/** A catalogue query as GET /api/products takes it (the server renderer uses the same). */
export type ProductQuery = CatalogueQuery;

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The line as the server takes it: the line's own fields, nothing else. */
export function lineInput(l: Pick<CartLine, 'productId' | 'variantId' | 'quantity' | 'personalization' | 'attributes'>) {
  return {
    productId: l.productId,
    variantId: l.variantId,
    quantity: l.quantity,
    personalization: l.personalization ?? '',
    attributes: l.attributes.map((a) => ({ attributeId: a.attributeId, attributeValueId: a.attributeValueId })),
  };
}

export interface CheckoutInput {
  items?: ReturnType<typeof lineInput>[];
  customer: { firstName: string; lastName: string; email: string; phone: string };
  shipping:
    | { method: ShippingMethod; city: string; postcode: string; address: string }
    | { method: ShippingMethod; officeId: number }
    | { method: 'address'; companyShopId: number };
  paymentMethod: PaymentMethod;
  discountCode?: string;
  note?: string;
  ageConfirmed: boolean;
  termsAccepted: boolean;
  invoice?: InvoiceRequest;
  /** The total the shopper was shown (the quote's); a different server total answers 409. */
  expectedTotal?: number;
  /** A guest past a soft limit: the solved proof of work (components/ProofOfWork). */
  altcha?: string;
  /** A member's own purchase-order number. */
  purchaseOrderNumber?: string;
  /** A member's bank transfer paid in advance (due at once); required while the company is held to prepayment. */
  prepayment?: boolean;
}

export interface QuoteInput {
  items?: ReturnType<typeof lineInput>[];
  shipping?: { method: ShippingMethod | null };
  discountCode?: string;
  email?: string;
  /** A member's bank transfer paid in advance: the quote's due date is then today. */
  prepayment?: boolean;
}

/** POST /trade/quote-requests/:id/order: the checkout's fields but the lines; the customer is the
 *  signed-in member unless given. */
export interface QuoteOrderBody {
  shipping: { method: ShippingMethod; city?: string; postcode?: string; address?: string; companyShopId?: number };
  paymentMethod: PaymentMethod;
  purchaseOrderNumber?: string;
  note?: string;
  expectedTotal?: number;
}

export interface TradeApplicationBody {
  company: {
    name: string;
    eik: string;
    vatNumber: string;
    address: string;
    city: string;
    mol: string;
    tobaccoPermit: string;
    tobaccoPermitOffice: string;
    /** The permit's last valid day, "YYYY-MM-DD"; null when not given. */
    tobaccoPermitExpiresAt: string | null;
  };
  contact?: { firstName: string; lastName: string; email: string; phone: string; password: string };
  shops: Array<{ name: string; city: string; address: string; phone: string }>;
}

/** The member's own company with its members: who they are and what they may do. */
export interface MemberCompany extends ApiTradeCompany {
  members: CompanyMemberView[];
  /** Open invitations (an owner's answer; none for a buyer). */
  invitations: CompanyInvitationView[];
  you: { id: number; role: MemberRole; orderLimit: number | null };
}

/** An order of a company's member, with who placed it when the answer says. */
export type MemberOrder = ApiOrder & { placedBy?: { id: number; name: string } | null };

/** A member's role and limit (a decimal of the shop's currency, net; null: no limit). */
export interface MemberTermsBody {
  role: MemberRole;
  orderLimit: number | null;
}

/** An order answer, whether wrapped as `{ order }` or the order itself. */
function orderOf(answer: { order: MemberOrder } | MemberOrder): MemberOrder {
  return 'order' in answer && answer.order ? answer.order : (answer as MemberOrder);
}

export interface WhereToBuyShop {
  name: string;
  city: string;
  address: string;
  phone: string;
}

export const shopApi = {
  csrfToken: () => api.get<{ csrfToken: string }>('/csrf-token', { silent: true }),
  checkCookie: () => api.get<{ isUserCookieAvailable: boolean }>('/api/check-cookie', { absolute: true, silent: true }),
  me: () => api.get<{ user: ApiUser }>('/auth/me', { silent: true }),
  login: (email: string, password: string) =>
    api.post<{ user?: ApiUser; message: string; csrfToken?: string; twoFactorRequired?: boolean }>(
      '/auth/login',
      { email, password },
      { errorMessage: STOREFRONT.loginFailed, silent: interfaceLanguage() === 'en' },
    ),
  loginSecondStep: (code: string) =>
    api.post<{ user: ApiUser; message: string; csrfToken?: string }>('/auth/login/2fa', { code }, { errorMessage: STOREFRONT.loginFailed }),
  twoFactorSetup: () =>
    api.post<{ secret: string; otpauthUrl: string; qr: string }>(
      '/account/2fa/setup',
      {},
      { errorMessage: 'Настройката не започна. Опитайте отново.' },
    ),
  twoFactorEnable: (code: string) =>
    api.post<{ message: string; backupCodes: string[] }>('/account/2fa/enable', { code }, { silent: true }),
  twoFactorDisable: (code: string) => api.post<{ message: string }>('/account/2fa/disable', { code }, { silent: true }),
  register: (input: { email: string; password: string; firstName: string; lastName: string }) =>
    api.post<{ user: ApiUser; message: string; csrfToken?: string }>('/auth/register', input, {
      errorMessage: STOREFRONT.registerFailed,
      silent: interfaceLanguage() === 'en',
    }),
  logout: () => api.post<{ message: string }>('/auth/logout', {}, { silent: true }),
  forgotPassword: (email: string) =>
    api.post<{ message: string }>('/auth/forgot-password', { email }, { errorMessage: 'Заявката не бе изпратена. Опитайте отново.' }),
  resetPassword: (token: string, password: string) =>
    api.post<{ message: string }>('/auth/reset-password', { token, password }, { errorMessage: 'Паролата не бе сменена.' }),
  /** Open the link that proves the address: the page shows the answer itself. */
  verifyEmail: (token: string) => api.post<{ message: string }>('/auth/verify-email', { token }, { silent: true }),
  /** The link again, to the account's unproven address (429 when asked too often). */
  resendVerification: () => api.post<{ message: string }>('/account/email/resend', {}, { silent: true }),
  /** A new address for the account: a link goes to it, and it replaces the old one once opened.
   *  The form shows a refusal itself. */
  changeEmail: (email: string, password: string) =>
    api.put<{ message: string; pendingEmail: string }>('/account/email', { email, password }, { silent: true }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.put<{ message: string }>('/account/password', { currentPassword, newPassword }, { errorMessage: 'Паролата не бе сменена.' }),
  twoFactor: () => api.get<{ twoFactorAuth: boolean }>('/isTwoFactorAuthEnabled', { silent: true }),
  /** Close the account: the form shows a refusal itself. */
  closeAccount: (password: string) => api.post<{ message: string }>('/account/close', { password }, { silent: true }),

  /** A business applies to buy for resale: the form shows the refusals itself. */
  tradeApply: (input: TradeApplicationBody) =>
    api.post<{ id: number; status: string; name: string }>('/trade/applications', input, { silent: true }),
  whereToBuy: () => api.get<{ shops: WhereToBuyShop[] }>('/where-to-buy', { silent: true }),
  /** A member's own company: its shops (where orders may go) and whether a PO number is required. */
  tradeCompany: () => api.get<{ company: ApiTradeCompany }>('/trade/company', { silent: true }),
  /** The same answer read for its members (the screens show a refusal themselves, as every call below). */
  memberCompany: () => api.get<{ company: MemberCompany }>('/trade/company', { silent: true }),
  inviteMember: (input: MemberTermsBody & { email: string }) =>
    api.post<{ invitation: CompanyInvitationView }>('/trade/members', input, { silent: true }),
  changeMember: (id: number, input: MemberTermsBody) =>
    api.put<{ member: CompanyMemberView }>(`/trade/members/${id}`, input, { silent: true }),
  removeMember: (id: number) => api.delete<{ ok: true }>(`/trade/members/${id}`, { silent: true }),
  cancelInvitation: (id: number) => api.delete<{ ok: true }>(`/trade/invitations/${id}`, { silent: true }),
  invitation: (token: string) => api.get<InvitationPreview>(`/trade/invitations/${encodeURIComponent(token)}`, { silent: true }),
  acceptInvitation: (token: string) =>
    api.post<{ company: { id: number; name: string } }>(`/trade/invitations/${encodeURIComponent(token)}/accept`, {}, { silent: true }),
  /** An owner places a held order; `expectedTotal`: the new total they were shown after a 409. */
  approveOrder: async (id: number, expectedTotal?: number) =>
    orderOf(
      await api.post<{ order: MemberOrder } | MemberOrder>(
        `/trade/orders/${id}/approve`,
        expectedTotal === undefined ? {} : { expectedTotal },
        { silent: true },
      ),
    ),
  declineOrder: async (id: number, reason: string) =>
    orderOf(await api.post<{ order: MemberOrder } | MemberOrder>(`/trade/orders/${id}/decline`, { reason }, { silent: true })),
  /** A member's company's requests for a quote, newest first. */
  quoteRequests: () => api.get<{ quoteRequests: ApiQuoteRequest[] }>('/trade/quote-requests', { silent: true }),
  askQuote: (lines: Array<{ variantId: number; quantity: number }>, note: string) =>
    api.post<ApiQuoteRequest>('/trade/quote-requests', { lines, note }, { silent: true }),
  /** The order by an answered quote: its lines at its prices; answered as the checkout answers. */
  orderByQuote: (id: number, body: QuoteOrderBody) =>
    api.post<{ message: string; order: ApiOrder }>(`/trade/quote-requests/${id}/order`, body, { silent: true }),

  settings: () => api.get<PublicSettings>('/settings', { silent: true }),
  categories: () => api.get<{ categories: ApiCategory[] }>('/categories', { errorMessage: STOREFRONT.categoriesLoadFailed }),
  products: (q: ProductQuery, signal?: AbortSignal) =>
    api.get<{ products: ListedProduct[]; total: number; page: number; limit: number }>(`/products${query({ ...q })}`, {
      errorMessage: 'Неуспешно зареждане на продуктите.',
      signal,
    }),
  product: (slug: string) => api.get<{ product: ShopProduct }>(`/products/${encodeURIComponent(slug)}`, { silent: true }),

  cart: () => api.get<CartAnswer>('/api/cart', { absolute: true, silent: true }),
  cartAdd: (line: ReturnType<typeof lineInput>) =>
    api.post<CartAnswer & { message: string }>('/api/cart/add', line, { absolute: true, errorMessage: STOREFRONT.cartAddFailed }),
  cartEdit: (id: number, changes: Partial<ReturnType<typeof lineInput>>) =>
    api.put<CartAnswer & { message: string }>(`/api/cart/edit/${id}`, changes, { absolute: true, errorMessage: STOREFRONT.cartEditFailed }),
  cartRemove: (id: number) =>
    api.delete<CartAnswer>(`/api/cart/remove/${id}`, { absolute: true, errorMessage: STOREFRONT.cartRemoveFailed }),
  cartClear: () => api.delete<CartAnswer>('/api/cart', { absolute: true, errorMessage: STOREFRONT.cartClearFailed }),
  cartPreview: (items: CartLine[]) =>
    api.post<CartAnswer>(
      '/api/cart/preview',
      { items: items.map((l) => ({ id: l.id, ...lineInput(l) })) },
      { absolute: true, silent: true },
    ),
  checkDiscount: (code: string, items: CartLine[] | undefined, shippingMethod?: ShippingMethod) =>
    api.post<{
      message: string;
      discount: { code: string; type: string; value: number };
      totals: { subtotal: number; discountTotal: number; shippingTotal: number; total: number };
    }>(
      '/discounts/check',
      { code, ...(items ? { items: items.map(lineInput) } : {}), ...(shippingMethod ? { shippingMethod } : {}) },
      { silent: true },
    ),

  quote: (input: QuoteInput, signal?: AbortSignal) => api.post<ApiQuote>('/checkout/quote', input, { silent: true, signal }),
  /** `silent`: the caller shows the refusal itself (checkout shows a changed total in the summary);
   *  `idempotencyKey`: the checkout attempt's key (state/checkoutAttempt), so a retry is one order. */
  createOrder: (input: CheckoutInput, options: { silent?: boolean; idempotencyKey?: string } = {}) =>
    api.post<{ message: string; order: ApiOrder }>('/orders/create', input, { errorMessage: STOREFRONT.orderFailed, ...options }),
  orders: () => api.get<{ orders: ApiOrder[] }>('/orders', { errorMessage: 'Неуспешно зареждане на поръчките.' }),
  order: (id: number) => api.get<{ order: ApiOrder }>(`/orders/${id}`, { silent: true }),
  withdraw: (id: number, reason: string) =>
    api.post<{
      message: string;
      acknowledgement: { kind: string; orderNumber: string; receivedAt: string; receivedAtText: string; text: string };
      order: ApiOrder;
    }>(`/orders/${id}/withdraw`, { confirm: true, reason }, { errorMessage: 'Отказът не бе изпратен. Опитайте отново.' }),
  contact: (input: { name: string; company: string; email: string; phone: string; message: string }) =>
    api.post<{ message: string }>('/contact', input, { errorMessage: 'Съобщението не бе изпратено. Опитайте отново.' }),
};
