import type { AuthResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/**
 * Trades what /authenticate/google was given for a session: the hub's own one-time
 * `ticket` (POST /api/auth/google/ticket, the browser leg), or a provider's `id_token`
 * (GET /api/auth/google/callback?id_token=, spec §7).
 */
function googleCallback(query: Record<string, string>): Promise<AuthResponse> {
  if (query.ticket) return apiRequest('/api/auth/google/ticket', { method: 'POST', body: { ticket: query.ticket }, auth: false });
  return apiRequest('/api/auth/google/callback', { query, auth: false });
}

// One request per id token: a re-render or StrictMode's second effect must never spend it twice.
const inFlight = new Map<string, Promise<AuthResponse>>();

/** The callback for this query, started on the first call and shared until `settleGoogleCallback`. */
export function googleCallbackOnce(query: Record<string, string>): Promise<AuthResponse> {
  const key = new URLSearchParams(query).toString();
  let request = inFlight.get(key);
  if (!request) {
    request = googleCallback(query);
    inFlight.set(key, request);
  }
  return request;
}

/** Forgets a handled callback (its token is spent either way). */
export function settleGoogleCallback(query: Record<string, string>): void {
  inFlight.delete(new URLSearchParams(query).toString());
}
