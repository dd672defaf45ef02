import type { ErrorBody } from '@profilehub/shared';
import { vi } from 'vitest';

/** One part of a multipart body: a field's text, or a file's name, content type and bytes (as text). */
type MockPart = { name: string; value: string } | { name: string; filename: string; type: string; content: string };
export type MockCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** A JSON body, parsed. */
  body: unknown;
  /** A FormData body (multipart), part by part in the order sent; undefined for any other body. */
  parts: MockPart[] | undefined;
  headers: Record<string, string>;
};

/** The parts of a FormData body as the browser would send them: field names, file names, content types, bytes. */
async function partsOf(form: FormData): Promise<MockPart[]> {
  const parts: MockPart[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push({ name, value });
    else parts.push({ name, filename: value.name, type: value.type, content: await readText(value) });
  }
  return parts;
}

/** A Blob's bytes as text (jsdom's Blob has no text()). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
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
      parts: init?.body instanceof FormData ? await partsOf(init.body) : undefined,
      headers,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const reply: Reply = handler ? (typeof handler === 'function' ? handler(call) : handler) : errorBody(404, 'Not found', 'not_found');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** An API refusal as every route sends it (`errorReply()` on the server): errors[0] carries the same message. */
export function errorBody(status: number, message: string, code = 'error') {
  return { status, body: { statusCode: status, code, message, errors: [{ message }] } satisfies ErrorBody };
}
