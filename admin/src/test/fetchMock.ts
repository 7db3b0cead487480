// A fetch stand-in for the panel's tests: answers by "METHOD /path", records every call with its
// headers and credentials. jsdom has no fetch or Headers; a small Headers is installed if missing.

class SimpleHeaders {
  private map = new Map<string, string>();
  constructor(init?: Record<string, string> | [string, string][] | SimpleHeaders) {
    if (init instanceof SimpleHeaders) init.forEach((v, k) => this.set(k, v));
    else if (Array.isArray(init)) init.forEach(([k, v]) => this.set(k, v));
    else if (init) Object.entries(init).forEach(([k, v]) => this.set(k, v));
  }
  get(name: string) {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  set(name: string, value: string) {
    this.map.set(name.toLowerCase(), String(value));
  }
  append(name: string, value: string) {
    this.set(name, value);
  }
  has(name: string) {
    return this.map.has(name.toLowerCase());
  }
  delete(name: string) {
    this.map.delete(name.toLowerCase());
  }
  forEach(fn: (value: string, key: string) => void) {
    this.map.forEach((v, k) => fn(v, k));
  }
  entries() {
    return this.map.entries();
  }
  [Symbol.iterator]() {
    return this.map.entries();
  }
}

if (typeof (globalThis as any).Headers === 'undefined') (globalThis as any).Headers = SimpleHeaders;

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: any;
  credentials?: string;
}
export type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: Call) => Answer | undefined;

function headersOf(init: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!init) return out;
  if (typeof (init as any).forEach === 'function' && !Array.isArray(init))
    (init as any).forEach((v: string, k: string) => (out[k.toLowerCase()] = v));
  else if (Array.isArray(init)) init.forEach(([k, v]) => (out[k.toLowerCase()] = v));
  else Object.entries(init).forEach(([k, v]) => (out[k.toLowerCase()] = String(v)));
  return out;
}

export function mockFetch(routes: Record<string, Handler | Answer>) {
  const calls: Call[] = [];
  const fn = jest.fn(async (url: string, init: RequestInit = {}) => {
    let body: any = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep the text */
      }
    }
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers: headersOf(init.headers),
      body,
      credentials: init.credentials,
    };
    calls.push(call);
    const path = url.split('?')[0];
    const route = routes[`${call.method} ${url}`] ?? routes[`${call.method} ${path}`];
    const answer = typeof route === 'function' ? route(call) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const payload = answer?.body ?? (answer ? {} : { message: 'Няма такъв адрес в API.' });
    const headers = new (globalThis as any).Headers(answer?.headers ?? {});
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: String(status),
      headers,
      text: async () => JSON.stringify(payload),
      json: async () => payload,
    } as unknown as Response;
  });
  (globalThis as any).fetch = fn;
  return { calls, fn };
}
