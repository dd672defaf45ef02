import { NUL_MESSAGE } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/** A NUL, or a UTF-16 surrogate without its pair (JSON's \ud800 escapes can make one). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first string in a parsed value that PostgreSQL would refuse: a lone UTF-16 surrogate or a NUL. */
function firstMalformed(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value) ? value : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, v] of Object.entries(value)) {
    if (firstMalformed(key, depth + 1) !== null) return key;
    if (firstMalformed(v, depth + 1) !== null) return String(key);
  }
  return null;
}

/** Whether a parsed value holds only text PostgreSQL can store. */
export const isWellFormed = (value: unknown): boolean => firstMalformed(value) === null;

/**
 * Every request's query, path parameters and JSON body are checked once, before any
 * route sees them: text PostgreSQL cannot store (a lone surrogate, a NUL) is a 400 the
 * sender can act on, never a 500 from the database. Invalid UTF-8 bytes never get here
 * as such: they are decoded to U+FFFD, which is valid text.
 */
export function registerWellFormedGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req, reply) => {
    for (const part of [req.query, req.params, req.body]) {
      if (!isWellFormed(part)) return reply.code(400).send(errorBody(400, 'bad_request', NUL_MESSAGE));
    }
  });
}
