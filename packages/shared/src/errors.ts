/** Fallback text the web client shows when the server gives no message (spec §8). */
export const DEFAULT_ERROR_MESSAGE = 'Oops! Error';

/**
 * PostgreSQL text cannot hold a NUL character: a value with one fails the query.
 * Schemas of values that reach the database refuse it, so it is a 400 instead of a 500.
 */
export const hasNoNul = (s: string): boolean => !s.includes('\u0000');
export const NUL_MESSAGE = 'Contains a character that is not allowed.';

/** Reads the message a person should see from any error body (spec §8). */
export function errorMessageOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { errors?: unknown; message?: unknown };
    if (Array.isArray(b.errors) && b.errors.length > 0) {
      const first = b.errors[0] as { message?: unknown };
      if (typeof first?.message === 'string' && first.message) return first.message;
    }
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return DEFAULT_ERROR_MESSAGE;
}
