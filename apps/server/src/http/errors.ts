import { DEFAULT_ERROR_MESSAGE, type ErrorBody, type ErrorCode, type FastifyErrorCode } from '@profilehub/shared';
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type services throw; `status` and `message` reach the client as they are. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly path: string | undefined;
  /** Seconds a 429, 503 or 507 asks the client to wait before trying again (Retry-After); 5 unless said. */
  retryAfterS = 5;
  constructor(status: number, code: ErrorCode, message: string, path?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.path = path;
  }
}

/** A request's fields broke its schema: answered 400 with every field's message (the shared validation body). */
export class InvalidInput extends Error {
  readonly issues: { path?: string; message: string }[];
  constructor(issues: { path?: string; message: string }[]) {
    super(issues[0]?.message ?? 'Invalid request');
    this.issues = issues;
  }
}

export const notFound = (what = 'Not found') => new AppError(404, 'not_found', what);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, 'forbidden', message);
export const badRequest = (message: string, path?: string) => new AppError(400, 'bad_request', message, path);
/** 429; `retryAfterS`: when the limit's window lets the next request through (Retry-After). */
export const tooManyRequests = (message: string, retryAfterS = 5) =>
  Object.assign(new AppError(429, 'rate_limited', message), { retryAfterS: Math.max(1, Math.ceil(retryAfterS)) });
export const busy = (message: string, retryAfterS: number) => Object.assign(new AppError(503, 'busy', message), { retryAfterS });

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

export function errorBody(statusCode: number, code: ErrorCode | FastifyErrorCode, message: string, path?: string): ErrorBody {
  return { statusCode, code, message, errors: [path ? { path, message } : { message }] };
}

/** A request's field problems as the shared validation body: the first message leads, every field is listed. */
function validationBody(issues: { path?: string; message: string }[]): ErrorBody {
  const errors = issues.map((i) => ({ path: i.path || undefined, message: i.message }));
  return { statusCode: 400, code: 'validation', message: errors[0]?.message ?? 'Invalid request', errors };
}

export type ErrorReply = { status: number; headers: Record<string, string>; body: ErrorBody };

/**
 * What the client is told about a thrown thing: services' AppErrors as they are, an absent
 * database as 503 with Retry-After, Fastify's own 4xx as they are, anything else as a 500
 * without internals (logged). Used by Fastify's error handler and by the fast path.
 */
export function errorReply(err: unknown, log: FastifyBaseLogger): ErrorReply {
  if (err instanceof AppError) {
    // A failure of ours beneath the request (a full disk): the operator needs its cause; the client gets the message only.
    if (err.status >= 500 && err.cause) log.error({ err: err.cause }, err.message);
    // "Busy, come back": every 429, 503 and 507 (no room to store) says when (unless the route said it already).
    const headers: Record<string, string> = [429, 503, 507].includes(err.status) ? { 'retry-after': String(err.retryAfterS) } : {};
    return { status: err.status, headers, body: errorBody(err.status, err.code, err.message, err.path) };
  }
  if (err instanceof InvalidInput) return { status: 400, headers: {}, body: validationBody(err.issues) };
  if (isDatabaseUnavailable(err)) {
    log.warn({ err }, 'database unavailable');
    return { status: 503, headers: { 'retry-after': '5' }, body: errorBody(503, 'unavailable', DATABASE_UNAVAILABLE) };
  }
  const { statusCode, code, message } = err as Partial<FastifyError>;
  const status = typeof statusCode === 'number' && statusCode >= 400 ? statusCode : 500;
  if (status >= 500) {
    log.error({ err }, 'request failed');
    return { status, headers: {}, body: errorBody(status, 'internal', DEFAULT_ERROR_MESSAGE) };
  }
  // Fastify's own 4xx (bad JSON, body too large, unsupported media type) are safe and readable;
  // any other code is not one of ours, so the client gets the generic one.
  const known: ErrorCode | FastifyErrorCode = typeof code === 'string' && code.startsWith('FST_') ? (code as FastifyErrorCode) : 'bad_request';
  return { status, headers: {}, body: errorBody(status, known, message ?? DEFAULT_ERROR_MESSAGE) };
}

/** Maps every thrown thing to the shared error body; 5xx never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply
        .code(400)
        .send(
          validationBody(err.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'), message: v.message ?? 'Invalid value' }))),
        );
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(errorBody(500, 'internal', DEFAULT_ERROR_MESSAGE));
    }
    const { status, headers, body } = errorReply(err, req.log);
    for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) reply.header(name, value);
    return reply.code(status).send(body);
  });
}
