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
  /** The user, or 'two-factor' when a code is owed next (loginSecondStep). */
  login(email: string, password: string): Promise<ApiUser | 'two-factor'>;
  loginSecondStep(code: string): Promise<ApiUser>;
  setTwoFactor(on: boolean): void;
  register(input: { email: string; password: string; firstName: string; lastName: string }): Promise<void>;
  logout(): Promise<void>;
  /** Close the account with its password; then signed out, at /signin. */
  closeAccount(password: string): Promise<void>;
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

  const signedIn = (res: { user: ApiUser; csrfToken?: string }) => {
    if (res.csrfToken) useToken(res.csrfToken);
    setUser(res.user);
    setTwoFactor(Boolean(res.user.twoFactorEnabled));
    toast.success(STOREFRONT.loginOk);
    return res.user;
  };

  const login = useCallback(async (email: string, password: string): Promise<ApiUser | 'two-factor'> => {
    const res = await shopApi.login(email, password);
    if (res.twoFactorRequired || !res.user) return 'two-factor';
    return signedIn({ user: res.user, csrfToken: res.csrfToken });
  }, []);

  const loginSecondStep = useCallback(async (code: string) => signedIn(await shopApi.loginSecondStep(code)), []);

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

  const closeAccount = useCallback(async (password: string) => {
    const { message } = await shopApi.closeAccount(password);
    toast.success(message);
    setUser(null);
    setTwoFactor(false);
    navigate('/signin');
  }, [navigate]);

  const value = useMemo(
    () => ({ user, csrfToken, loading, twoFactorAuth, login, loginSecondStep, setTwoFactor, register, logout, closeAccount }),
    [user, csrfToken, loading, twoFactorAuth, login, loginSecondStep, register, logout, closeAccount],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
