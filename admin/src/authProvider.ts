// Session auth against the shop's API. Staff sign in where shoppers do, at the storefront's
// /signin: a signed-out visit or a 401 anywhere sends the browser there with
// ?next=<this admin page>, quietly (no red error), and /signin brings an administrator back.
import type { AuthProvider } from 'react-admin';
import { API } from '@domain/messages';
import { API_URL, httpClient, refreshCsrfToken, setCsrfToken } from './httpClient';
import { signInUrl } from './signIn';

export { signInUrl };

export interface AdminUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: 'customer' | 'admin';
}

let current: AdminUser | null = null;

async function fetchMe(): Promise<AdminUser | null> {
  try {
    const { json } = await httpClient(`${API_URL}/auth/me`);
    return (json?.user as AdminUser) ?? null;
  } catch {
    return null;
  }
}

async function signOutQuietly() {
  try {
    await httpClient(`${API_URL}/auth/logout`, { method: 'POST' });
  } catch {
    /* already signed out */
  }
  current = null;
  setCsrfToken(null);
  await refreshCsrfToken();
}

/** Leave for /signin without a notification: the sign-in form is what the person needs. */
function toSignIn(): { message: false; redirectTo: string } {
  return { message: false, redirectTo: signInUrl() };
}

/** The password was right; the sign-in page asks for the code next. */
export class TwoFactorRequired extends Error {}

export const authProvider: AuthProvider = {
  async login(params: { email?: string; username?: string; password?: string; code?: string }) {
    let json: any;
    if (params.code !== undefined) {
      // The second step: the code from the authenticator app (or a backup code).
      ({ json } = await httpClient(`${API_URL}/auth/login/2fa`, { method: 'POST', body: JSON.stringify({ code: params.code }) }));
    } else {
      const email = (params.email ?? params.username ?? '').trim();
      await refreshCsrfToken();
      ({ json } = await httpClient(`${API_URL}/auth/login`, {
        method: 'POST',
        body: JSON.stringify({ email, password: params.password }),
      }));
      if (json?.twoFactorRequired) throw new TwoFactorRequired(json.message);
    }
    const user = json?.user as AdminUser | undefined;
    if (json?.csrfToken) setCsrfToken(json.csrfToken);
    else await refreshCsrfToken();
    if (!user || user.role !== 'admin') {
      await signOutQuietly();
      throw new Error(API.adminsOnly);
    }
    current = user;
  },
  async logout() {
    const wasSignedIn = Boolean(current);
    if (current) await signOutQuietly();
    else current = null;
    // After signing out the person lands on /signin; the storefront page says who may enter.
    return wasSignedIn ? signInUrl('/admin') : signInUrl();
  },
  async checkAuth() {
    if (current) return;
    const user = await fetchMe();
    // Signed out, or a shopper's session: the one sign-in page, which tells a shopper why not.
    if (!user || user.role !== 'admin') throw toSignIn();
    current = user;
  },
  async checkError(error: { status?: number; body?: { message?: string } }) {
    if (error?.status === 401) {
      current = null;
      throw toSignIn();
    }
    if (error?.status === 403 && error.body?.message === API.adminsOnly) {
      current = null;
      throw toSignIn();
    }
  },
  async getIdentity() {
    const user = current ?? (await fetchMe());
    if (!user) throw new Error(API.notSignedIn);
    const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    return { id: user.id, fullName, email: user.email };
  },
  async getPermissions() {
    return current?.role ?? null;
  },
};

/** For tests: forget the cached user. */
export function resetAuthCache() {
  current = null;
}
