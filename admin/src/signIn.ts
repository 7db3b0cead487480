// Where staff sign in (the storefront's /signin) and the bearer token's key in local storage.
// No react-admin here: the entry reads this before the panel's code is downloaded.

/** Where the storefront keeps a personal API token (storefront/src/api/client.ts, TOKEN_KEY). */
export const TOKEN_KEY = 'token';

export function storedToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The admin page to come back to: this one, unless it is react-admin's own /admin/login. */
export function currentAdminPath(): string {
  if (typeof window === 'undefined') return '/admin';
  const { pathname, search, hash } = window.location;
  return pathname.startsWith('/admin') && !pathname.startsWith('/admin/login') ? pathname + search + hash : '/admin';
}

/** The storefront's sign-in page, coming back to `path` (an /admin/... path) afterwards. */
export function signInUrl(path = currentAdminPath()): string {
  const origin = typeof window !== 'undefined' ? window.location.origin : '';
  return `${origin}/signin?${new URLSearchParams({ next: path })}`;
}

/**
 * Is an administrator signed in? Asked before the panel loads, so a signed-out visit goes to
 * /signin without downloading the panel. Unknown (network trouble) counts as yes: the panel
 * itself then checks again and says what went wrong.
 */
export async function staffSignedIn(): Promise<boolean> {
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = storedToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch('/api/auth/me', { credentials: 'include', headers });
    if (res.status === 401 || res.status === 403) return false;
    if (!res.ok) return true;
    const body = (await res.json()) as { user?: { role?: string } | null };
    return body.user?.role === 'admin';
  } catch {
    return true;
  }
}
