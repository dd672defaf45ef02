import type { AuthResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/auth/google/callback?id_token=… — trades the provider's id token for a session. */
export function googleCallback(query: Record<string, string>): Promise<AuthResponse> {
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
