// Auth state (spec §4): on start fetch the CSRF token, check the session cookie, load the user;
// `loading` until that ends; any failure leaves the shopper signed out.
import { createContext, ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { setCsrfToken } from '../api/client';
import { shopApi } from '../api/shop';
import { toast } from './toast';
import { STOREFRONT } from '../../../domain/messages';
import type { ApiUser } from '../../../domain/api';

export interface AuthState {
  user: ApiUser | null;
  csrfToken: string;
  loading: boolean;
  twoFactorAuth: boolean;
  login(email: string, password: string): Promise<ApiUser>;
  register(input: { email: string; password: string; firstName: string; lastName: string }): Promise<void>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children, navigate }: { children: ReactNode; navigate: (to: string) => void }) {
  const [user, setUser] = useState<ApiUser | null>(null);
  const [csrfToken, setToken] = useState('');
  const [loading, setLoading] = useState(true);
  const [twoFactorAuth, setTwoFactor] = useState(false);

  const useToken = (token: string) => {
    setCsrfToken(token);
    setToken(token);
  };

  useEffect(() => {
    let alive = true;
    (async () => {
      try {
        useToken((await shopApi.csrfToken()).csrfToken);
        const { isUserCookieAvailable } = await shopApi.checkCookie().catch(() => ({ isUserCookieAvailable: false }));
        if (!isUserCookieAvailable) return;
        const { user: me } = await shopApi.me();
        if (!alive) return;
        setUser(me);
        shopApi.twoFactor().then((r) => alive && setTwoFactor(r.twoFactorAuth), () => undefined);
      } catch {
        if (alive) setUser(null);
      } finally {
        if (alive) setLoading(false);
      }
    })();
    return () => {
      alive = false;
    };
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const res = await shopApi.login(email, password);
    if (res.csrfToken) useToken(res.csrfToken);
    setUser(res.user);
    toast.success(STOREFRONT.loginOk);
    return res.user;
  }, []);

  const register = useCallback(async (input: { email: string; password: string; firstName: string; lastName: string }) => {
    await shopApi.register(input);
    toast.success(STOREFRONT.registerOk);
    navigate('/signin');
  }, [navigate]);

  const logout = useCallback(async () => {
    try {
      await shopApi.logout();
      toast.success(STOREFRONT.logoutOk);
    } catch (err) {
      // A failed logout is only logged (spec §7); the shopper is signed out here either way.
      console.error(STOREFRONT.logoutFailed, err);
    }
    setUser(null);
    setTwoFactor(false);
    navigate('/signin');
  }, [navigate]);

  const value = useMemo(() => ({ user, csrfToken, loading, twoFactorAuth, login, register, logout }), [user, csrfToken, loading, twoFactorAuth, login, register, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
