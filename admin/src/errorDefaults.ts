// A refusal with a `message` shows it; one without shows the default of
// that call (English in the English locale, Bulgarian in the Bulgarian one), never the HTTP
// status text. One table, by method and path, read by the one HTTP client.
import { i18nProvider } from './i18nProvider';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ID = '[^/?]+';
const RULES: Array<[Method, RegExp, string]> = [
  ['GET', /^\/api\/auth\/me$/, 'app.auth.fetchUserFailed'],
  ['POST', /^\/api\/auth\/login(\/2fa)?$/, 'app.auth.loginFailed'],
  ['POST', /^\/api\/auth\/logout$/, 'app.auth.logoutFailed'],
  ['GET', /^\/api\/admin\/orders$/, 'app.users.ordersFailed'],
  ['POST', /^\/api\/admin\/orders(\/create)?$/, 'app.orders.createFailed'],
  ['PUT', new RegExp(`^/api/admin/orders/${ID}$`), 'app.orders.updateFailed'],
  ['DELETE', new RegExp(`^/api/admin/orders/${ID}$`), 'app.orders.deleteFailed'],
  ['POST', /^\/api\/admin\/users(\/create)?$/, 'app.users.createFailed'],
  ['GET', new RegExp(`^/api/admin/users?/${ID}$`), 'app.users.getFailed'],
  ['PUT', new RegExp(`^/api/admin/users?/${ID}$`), 'app.users.updateFailed'],
  ['DELETE', new RegExp(`^/api/admin/users?/${ID}$`), 'app.users.deleteFailed'],
  ['POST', /^\/api\/admin\/products(\/create)?$/, 'app.products.createFailed'],
  ['GET', new RegExp(`^/api/admin/products/${ID}$`), 'app.products.getFailed'],
  ['PUT', new RegExp(`^/api/admin/products/${ID}$`), 'app.products.updateFailed'],
  ['DELETE', new RegExp(`^/api/admin/products/${ID}$`), 'app.products.deleteFailed'],
  ['PUT', new RegExp(`^/api/products/${ID}/updateStatus$`), 'app.products.statusFailed'],
  ['GET', /^\/api\/(admin\/)?categories$/, 'app.categories.loadFailed'],
  ['POST', /^\/api\/admin\/categories(\/create)?$/, 'app.categories.createFailed'],
  ['PUT', new RegExp(`^/api/admin/categories/${ID}$`), 'app.categories.updateFailed'],
  ['DELETE', new RegExp(`^/api/admin/categories/${ID}$`), 'app.categories.deleteFailed'],
];

/** The translation key of a call's default error text, if the call has one. */
export function defaultErrorKey(method: string, url: string): string | undefined {
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
  const m = method.toUpperCase();
  return RULES.find(([rm, re]) => rm === m && re.test(path))?.[2];
}

/** The default text for a call in the current locale; react-admin's generic one otherwise. */
export function defaultErrorText(method: string, url: string): string {
  const key = defaultErrorKey(method, url);
  return i18nProvider.translate(key ?? 'ra.notification.http_error');
}
