// The storefront's one HTTP client: API base `/api`, credentials, JSON, the bearer
// token from localStorage when present, `x-csrf-token` on mutations, the 401 rule (a 401 on a
// protected page sends the shopper to /signin), and error toasts showing the server's `message`
// or the caller's default.
import { toast } from '../state/toast';

export const TOKEN_KEY = 'token';

/** Paths from which a 401 sends the shopper to /signin. */
export const PROTECTED_PREFIXES = ['/admin', '/admin/dashboard', '/admin/settings', '/admin/orders', '/admin/products', '/account'];

export class ApiError extends Error {
  /** The whole answer, for refusals that carry more (e.g. a 409 with the new price quote). */
  body: Record<string, unknown> | null = null;
  constructor(
    public status: number,
    message: string,
    public errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

let apiBase = '/api';
let csrfToken = '';

export function configureApi(options: { base?: string }) {
  if (options.base !== undefined) apiBase = options.base.replace(/\/$/, '');
}

/** The address of an API path for a plain link (a download the browser saves itself). */
export function apiHref(path: string): string {
  return `${apiBase}${path}`;
}

export function setCsrfToken(token: string) {
  csrfToken = token;
}

export function getCsrfToken() {
  return csrfToken;
}

/** Where the browser is; replaced in tests. */
export const browserLocation = {
  path: () => window.location.pathname,
  assign: (url: string) => window.location.assign(url),
};

export function shouldRedirectOn401(path: string): boolean {
  if (path === '/signin' || path === '/register') return false;
  return PROTECTED_PREFIXES.some((p) => path.startsWith(p));
}

export interface RequestOptions {
  body?: unknown;
  /** The toast shown when the server gives no message; none when absent. */
  errorMessage?: string;
  /** Show no toast at all on failure (the caller handles it). */
  silent?: boolean;
  /** Send the CSRF header even on a GET, or leave it off a mutation. */
  csrf?: boolean;
  /** Paths that begin with /api/ are sent as written (the cart and check-cookie calls). */
  absolute?: boolean;
  signal?: AbortSignal;
  /** `Idempotency-Key`: the same key on a retry makes the server answer the first request's
   *  result instead of doing it again (an order placed twice). */
  idempotencyKey?: string;
}

export async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = safeLocalStorage()?.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  const sendCsrf = options.csrf ?? method !== 'GET';
  if (sendCsrf && csrfToken) headers['x-csrf-token'] = csrfToken;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const url = options.absolute ? path : `${apiBase}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    const error = new ApiError(0, options.errorMessage ?? 'Няма връзка със сървъра. Проверете интернет връзката си.');
    if (!options.silent) toast.error(error.message);
    throw error;
  }
  const text = await res.text();
  let data: any = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (res.ok) return data as T;

  if (res.status === 401 && shouldRedirectOn401(browserLocation.path())) {
    browserLocation.assign('/signin');
  }
  const message = typeof data?.message === 'string' && data.message ? data.message : (options.errorMessage ?? `Грешка ${res.status}`);
  const error = new ApiError(res.status, message, data?.errors ?? {});
  if (data && typeof data === 'object') error.body = data;
  if (!options.silent && (options.errorMessage || data?.message)) toast.error(message);
  throw error;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const api = {
  get: <T>(path: string, o?: RequestOptions) => request<T>('GET', path, o),
  post: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('POST', path, { ...o, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PUT', path, { ...o, body: body ?? {} }),
  delete: <T>(path: string, o?: RequestOptions) => request<T>('DELETE', path, o),
};
