// A fetch stand-in for component tests: answers by method and path, records every call.
export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: any;
  credentials?: string;
}
type Handler = (call: Call) => { status?: number; body?: unknown } | undefined;

export function mockFetch(routes: Record<string, Handler | { status?: number; body?: unknown }>) {
  const calls: Call[] = [];
  const fn = jest.fn(async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const path = url.split('?')[0];
    const route = routes[`${call.method} ${path}`] ?? routes[`${call.method} ${url}`];
    const answer = typeof route === 'function' ? route(call) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer?.body ?? (answer ? {} : { message: 'Няма такъв адрес в API.' });
    return { ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) } as Response;
  });
  (globalThis as any).fetch = fn;
  return { calls, fn };
}

export function clearCookies() {
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}
