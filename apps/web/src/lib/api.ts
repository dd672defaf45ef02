import { DEFAULT_ERROR_MESSAGE, errorMessageOf } from '@profilehub/shared';
import { clearToken, getToken } from './session.ts';

/** An answer the server refused: `status` is the HTTP status (0 when the network failed). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Sends the bearer token and treats 401 as "session over". Default true. */
  auth?: boolean;
  signal?: AbortSignal;
};

let unauthorizedHandler: (() => void) | null = null;

/** The router registers where a 401 on an authenticated call sends the visitor. */
export function onUnauthorized(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The one way the hub talks to the API: same origin, JSON, bearer token, spec §8 error messages. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await readBody(await apiFetch(path, options))) as T;
}

/**
 * `apiRequest` without reading the answer: the raw response of a call that
 * succeeded (e.g. a file to download); a refused one throws its ApiError.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', query, body, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, DEFAULT_ERROR_MESSAGE);
  }

  if (!response.ok) {
    const data: unknown = await readBody(response);
    if (response.status === 401 && auth) {
      clearToken();
      unauthorizedHandler?.();
    }
    throw new ApiError(response.status, errorMessageOf(data), data);
  }
  return response;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * The field a refusal names (`errors[0].path` of the shared error body, e.g. `subdomain` or
 * `whiteLabel.brand_color`), so a form shows the message under that field; undefined when the
 * refusal is not about one field (or the error is not the server's).
 */
export function refusedField(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const path = (error.body as { errors?: { path?: unknown }[] } | null)?.errors?.[0]?.path;
  return typeof path === 'string' && path !== '' ? path : undefined;
}
