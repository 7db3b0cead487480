// Auth state: on start fetch the CSRF token, check the session cookie, load the user;
// `loading` until that ends; any failure leaves the shopper signed out.
import { createContext, ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { setCsrfToken } from '../api/client';
import { shopApi } from '../api/shop';
import { toast } from './toast';
import { authTexts, interfaceLanguage } from './language';
import type { ApiUser } from '@domain/api';

export interface AuthState {
  user: ApiUser | null;
  csrfToken: string;
  loading: boolean;
  twoFactorAuth: boolean;
  /** The user, or 'two-factor' when a code is owed next (loginSecondStep). */
  login(email: string, password: string): Promise<ApiUser | 'two-factor'>;
  loginSecondStep(code: string): Promise<ApiUser>;
  setTwoFactor(on: boolean): void;
  /** `next`: a same-site path to go back to once registered (else the sign-in page says it). */
  register(input: { email: string; password: string; firstName: string; lastName: string }, next?: string | null): Promise<void>;
  logout(): Promise<void>;
  /** Close the account with its password; then signed out, at /signin. */
  closeAccount(password: string): Promise<void>;
  /** The server ended this browser's session (a password reset ends every session): forget the
   *  user and take the new session's CSRF token. */
  forgetUser(): Promise<void>;
  /** Load the signed-in user again (their address was just proven); signed out: nothing. */
  refreshUser(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({
  children,
  navigate,
}: {
  children: ReactNode;
  navigate: (to: string, options?: { state?: unknown }) => void;
}) {
  const [user, setUser] = useState<ApiUser | null>(null);
  const [csrfToken, setToken] = useState('');
  const [loading, setLoading] = useState(true);
  const [twoFactorAuth, setTwoFactor] = useState(false);

  const takeCsrfToken = (token: string) => {
    setCsrfToken(token);
    setToken(token);
  };

  useEffect(() => {
    let alive = true;
    (async () => {
      try {
        takeCsrfToken((await shopApi.csrfToken()).csrfToken);
        const { isUserCookieAvailable } = await shopApi.checkCookie().catch(() => ({ isUserCookieAvailable: false }));
        if (!isUserCookieAvailable) return;
        const { user: me } = await shopApi.me();
        if (!alive) return;
        setUser(me);
        shopApi.twoFactor().then(
          (r) => alive && setTwoFactor(r.twoFactorAuth),
          () => undefined,
        );
      } catch {
        if (alive) setUser(null);
        // In English 'Failed to fetch user' says so; in Bulgarian the shopper is just signed out.
        const failed = authTexts().fetchUserFailed;
        if (alive && failed) toast.error(failed);
      } finally {
        if (alive) setLoading(false);
      }
    })();
    return () => {
      alive = false;
    };
  }, []);

  const signedIn = (res: { user: ApiUser; csrfToken?: string }) => {
    if (res.csrfToken) takeCsrfToken(res.csrfToken);
    setUser(res.user);
    setTwoFactor(Boolean(res.user.twoFactorEnabled));
    toast.success(authTexts().loginOk);
    return res.user;
  };

  /** In English a refusal's toast is the fixed word ('Login failed', 'Registration failed'); the
   *  server's Bulgarian reason still shows at the form. In Bulgarian the client's toast stands. */
  const englishRefusal = (text: string) => {
    if (interfaceLanguage() === 'en') toast.error(text);
  };

  const login = useCallback(async (email: string, password: string): Promise<ApiUser | 'two-factor'> => {
    let res: Awaited<ReturnType<typeof shopApi.login>>;
    try {
      res = await shopApi.login(email, password);
    } catch (err) {
      englishRefusal(authTexts().loginFailed);
      throw err;
    }
    if (res.twoFactorRequired || !res.user) return 'two-factor';
    return signedIn({ user: res.user, csrfToken: res.csrfToken });
    // signedIn only calls state setters, which never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- signedIn only calls state setters
  const loginSecondStep = useCallback(async (code: string) => signedIn(await shopApi.loginSecondStep(code)), []);

  // Registration sets the user (the server signs the new account in), then goes to
  // /signin, which says so and still offers the form.
  const register = useCallback(
    async (input: { email: string; password: string; firstName: string; lastName: string }, next?: string | null) => {
      let res: Awaited<ReturnType<typeof shopApi.register>>;
      try {
        res = await shopApi.register(input);
      } catch (err) {
        englishRefusal(authTexts().registerFailed);
        throw err;
      }
      if (res.csrfToken) takeCsrfToken(res.csrfToken);
      if (res.user) setUser(res.user);
      toast.success(authTexts().registerOk);
      // Sent from a page to come back to (an invitation's): straight back there, signed in.
      if (next) navigate(next);
      else navigate('/signin', { state: { registered: true } });
    },
    [navigate],
  );

  const logout = useCallback(async () => {
    try {
      await shopApi.logout();
      toast.success(authTexts().logoutOk);
    } catch (err) {
      // A failed logout is logged; the shopper is signed out here either way. In English
      // 'Logout failed' is also said.
      console.error(authTexts().logoutFailed, err);
      englishRefusal(authTexts().logoutFailed);
    }
    setUser(null);
    setTwoFactor(false);
    navigate('/signin');
  }, [navigate]);

  const forgetUser = useCallback(async () => {
    setUser(null);
    setTwoFactor(false);
    try {
      takeCsrfToken((await shopApi.csrfToken()).csrfToken);
    } catch {
      /* the next form asks again */
    }
  }, []);

  const closeAccount = useCallback(
    async (password: string) => {
      const { message } = await shopApi.closeAccount(password);
      toast.success(message);
      setUser(null);
      setTwoFactor(false);
      navigate('/signin');
    },
    [navigate],
  );

  const refreshUser = useCallback(async () => {
    const { isUserCookieAvailable } = await shopApi.checkCookie().catch(() => ({ isUserCookieAvailable: false }));
    if (!isUserCookieAvailable) return;
    try {
      setUser((await shopApi.me()).user);
    } catch {
      /* kept as it was: the next page load asks again */
    }
  }, []);

  const value = useMemo(
    () => ({
      user,
      csrfToken,
      loading,
      twoFactorAuth,
      login,
      loginSecondStep,
      setTwoFactor,
      register,
      logout,
      closeAccount,
      forgetUser,
      refreshUser,
    }),
    [user, csrfToken, loading, twoFactorAuth, login, loginSecondStep, register, logout, closeAccount, forgetUser, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
