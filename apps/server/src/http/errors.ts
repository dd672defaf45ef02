import { DEFAULT_ERROR_MESSAGE, type ErrorBody } from '@profilehub/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type services throw; `status` and `message` reach the client as they are. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly path: string | undefined;
  constructor(status: number, code: string, message: string, path?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.path = path;
  }
}

export const notFound = (what = 'Not found') => new AppError(404, 'not_found', what);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, 'forbidden', message);
export const badRequest = (message: string, path?: string) => new AppError(400, 'bad_request', message, path);
export const tooManyRequests = (message: string) => new AppError(429, 'rate_limited', message);

export const DATABASE_UNAVAILABLE = 'The service is not available right now. Please try again in a moment.';

/** Network codes and PostgreSQL classes (08 connection, 57P admin shutdown / cannot connect, 53 resources) that mean "the database is away", not "the request is wrong". */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES =
  /PGlite is closed|Cannot use a pool after calling end|Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down)/i;

/** Whether an error (or what it wraps, e.g. Drizzle's query error) says the database could not be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export function errorBody(statusCode: number, code: string, message: string, path?: string): ErrorBody {
  return { statusCode, code, message, errors: [path ? { path, message } : { message }] };
}

/** Maps every thrown thing to the shared error body; 5xx never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      // "Busy, come back": every 503 says when (unless the route said it already).
      if (err.status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', '5');
      return reply.code(err.status).send(errorBody(err.status, err.code, err.message, err.path));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined,
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ statusCode: 400, code: 'validation', message: first, errors: issues });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(errorBody(500, 'internal', DEFAULT_ERROR_MESSAGE));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody(503, 'unavailable', DATABASE_UNAVAILABLE));
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(status).send(errorBody(status, 'internal', DEFAULT_ERROR_MESSAGE));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type) are safe and readable.
    return reply.code(status).send(errorBody(status, err.code ?? 'bad_request', err.message));
  });
}
