/**
 * Every `code` an error body of ours carries (decision 003): a client may switch on it, a
 * person reads the message. Fastify's own refusals (bad JSON, body too large, unsupported
 * media type) keep their `FST_…` codes.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'internal',
  'unavailable',
  'busy',
  'unknown_host',
  // a division's own domain
  'domain_not_verified',
  // sign-in and registration
  'not_invited',
  'registration_incomplete',
  'verification_required',
  'google_failed',
  'google_link_failed',
  'hub_closed',
  'deactivated',
  'sso_required',
  'sso_failed',
  'user_exists',
  // passkeys and the second step after a password
  'second_factor_expired',
  'passkey_wrong_host',
  'passkey_challenge_expired',
  'passkey_failed',
  'passkey_unknown',
  'passkey_cloned',
  'passkey_exists',
  // profiles, publishing and approvals
  'stale_version',
  'alias_taken',
  'alias_fixed',
  'alias_required',
  'missing_for_publish',
  'approval_required',
  'declined_changes',
  'approval_pending',
  'approval_answered',
  // uploads
  'not_multipart',
  'file_too_large',
  'too_many_files',
  'too_many_fields',
  'file_type_not_allowed',
  'unreadable_image',
  'bad_svg',
  'upload_quota',
  'uploads_busy',
  'no_profile',
  'card_not_found',
  'scan_busy',
  'scan_unavailable',
  'scan_failed',
  'storage_full',
  'storage_unavailable',
  // a division's export and deletion
  'export_not_ready',
  'export_failed',
  'export_expired',
  'export_required',
  'name_mismatch',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
/** A refusal by Fastify itself, before any route ran. */
export type FastifyErrorCode = `FST_${string}`;

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
