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

export function errorBody(statusCode: number, code: string, message: string, path?: string): ErrorBody {
  return { statusCode, code, message, errors: [path ? { path, message } : { message }] };
}

/** Maps every thrown thing to the shared error body; 5xx never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
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
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(status).send(errorBody(status, 'internal', DEFAULT_ERROR_MESSAGE));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type) are safe and readable.
    return reply.code(status).send(errorBody(status, err.code ?? 'bad_request', err.message));
  });
}
