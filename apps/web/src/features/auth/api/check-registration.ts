import type { RegistrationComplete } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/**
 * GET /api/profiles/register-completed?email= — the sign-in page reads the
 * HTTP status (402, 401, 403), so failures reach the caller as ApiError.
 */
export function checkRegistrationByEmail(email: string): Promise<RegistrationComplete> {
  return apiRequest('/api/profiles/register-completed', { query: { email }, auth: false });
}

/** GET /api/profiles/register-completed?alias= answers a bare boolean (spec §7). */
export function checkRegistrationByAlias(alias: string): Promise<boolean> {
  return apiRequest<boolean>('/api/profiles/register-completed', { query: { alias }, auth: false });
}
