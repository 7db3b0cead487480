// The one HTTP client of the panel: session cookie (credentials: 'include'), JSON, the bearer
// token from local storage when present, and the CSRF token in x-csrf-token on every
// POST/PUT/PATCH/DELETE. The CSRF token lives in memory only: fetched at start and after
// login/logout, and refetched once when the server refuses a stale one (403). A refusal without
// a `message` carries the call's default text (errorDefaults.ts).
import { fetchUtils, HttpError } from 'react-admin';
import { defaultErrorText } from './errorDefaults';
import { storedToken, TOKEN_KEY } from './signIn';

export { TOKEN_KEY };

export const API_URL = '/api';

let csrfToken: string | null = null;
let pending: Promise<string | null> | null = null;

export function setCsrfToken(token: string | null) {
  csrfToken = token;
}
export function getCsrfToken() {
  return csrfToken;
}

/** Ask the server for the session's CSRF token (one request at a time). */
export function refreshCsrfToken(): Promise<string | null> {
  pending ??= fetch(`${API_URL}/csrf-token`, { credentials: 'include', headers: { Accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) return null;
      const body = (await res.json()) as { csrfToken?: string };
      csrfToken = body.csrfToken ?? null;
      return csrfToken;
    })
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isCsrfRefusal(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.status !== 403) return false;
  const message = String((error.body as { message?: string } | undefined)?.message ?? error.message ?? '');
  return /csrf/i.test(message);
}

export type HttpOptions = fetchUtils.Options;

/** The server's message, else the call's default text; never the HTTP status text. */
function withSpecMessage(error: unknown, method: string, url: string): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = error.body as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' && body.message ? body.message : defaultErrorText(method, url);
  return new HttpError(message, error.status, error.body);
}

export async function httpClient(
  url: string,
  options: HttpOptions = {},
  retried = false,
): Promise<{ status: number; headers: Headers; body: string; json: any }> {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers = new Headers(options.headers ?? {});
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = storedToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  if (MUTATIONS.has(method)) {
    if (!csrfToken) await refreshCsrfToken();
    if (csrfToken) headers.set('x-csrf-token', csrfToken);
  }
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
  } catch (error) {
    if (!retried && MUTATIONS.has(method) && isCsrfRefusal(error)) {
      await refreshCsrfToken();
      return httpClient(url, options, true);
    }
    throw withSpecMessage(error, method, url);
  }
}

/** The server's Bulgarian `message` of a refusal, else the given default. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  if (body && typeof body.message === 'string' && body.message) return body.message;
  return fallback;
}
