import { vi } from 'vitest';

export type MockCall = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> };
type Reply = { status?: number; body?: unknown };
type Handler = Reply | ((call: MockCall) => Reply);

/**
 * Replaces `fetch` with a table of `'METHOD /path'` → reply. Unlisted calls
 * answer 404 with the API's error body. Returns the calls made, in order.
 */
export function mockFetch(routes: Record<string, Handler>): MockCall[] {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const call: MockCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const reply: Reply = handler
      ? typeof handler === 'function'
        ? handler(call)
        : handler
      : { status: 404, body: { statusCode: 404, code: 'not_found', message: 'Not found', errors: [{ message: 'Not found' }] } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export function errorBody(status: number, message: string) {
  return { status, body: { statusCode: status, code: 'error', message, errors: [{ message }] } };
}
