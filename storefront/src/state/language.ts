// The interface language of sign-in, registration, sign-out and loading the user:
// Bulgarian, or English when staff chose English in the admin (react-admin keeps that choice
// in localStorage as `RaStore.locale`; the admin and /signin share the origin, so the choice is
// carried there). In English these show the fixed English texts; Bulgarian stays as it was.
import { ADMIN_EN, STOREFRONT } from '@domain/messages';

/** Where react-admin's store keeps the locale (ra-core localStorageStore: `RaStore` + '.' + key, JSON). */
export const ADMIN_LOCALE_KEY = 'RaStore.locale';

export type InterfaceLanguage = 'bg' | 'en';

export function interfaceLanguage(): InterfaceLanguage {
  try {
    const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(ADMIN_LOCALE_KEY);
    return raw && JSON.parse(raw) === 'en' ? 'en' : 'bg';
  } catch {
    return 'bg';
  }
}

/** The toasts of the auth state in that language. */
export function authTexts(language: InterfaceLanguage = interfaceLanguage()) {
  return language === 'en'
    ? {
        loginOk: ADMIN_EN.loginOk,
        loginFailed: ADMIN_EN.loginFailed,
        registerOk: ADMIN_EN.registerOk,
        registerFailed: ADMIN_EN.registerFailed,
        logoutOk: STOREFRONT.logoutOk,
        logoutFailed: ADMIN_EN.logoutFailed,
        fetchUserFailed: ADMIN_EN.fetchUserFailed,
      }
    : {
        loginOk: STOREFRONT.loginOk,
        loginFailed: STOREFRONT.loginFailed,
        registerOk: STOREFRONT.registerOk,
        registerFailed: STOREFRONT.registerFailed,
        logoutOk: STOREFRONT.logoutOk,
        logoutFailed: STOREFRONT.logoutFailed,
        fetchUserFailed: null,
      };
}
