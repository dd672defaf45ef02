import type { AuthResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/auth/sso/ticket: the one-time ticket of /authenticate/sso for a session. */
function redeemSsoTicket(ticket: string): Promise<AuthResponse> {
  return apiRequest('/api/auth/sso/ticket', { method: 'POST', body: { ticket }, auth: false });
}

// One request per ticket: a re-render or StrictMode's second effect must never spend it twice.
const inFlight = new Map<string, Promise<AuthResponse>>();

export function redeemSsoTicketOnce(ticket: string): Promise<AuthResponse> {
  let request = inFlight.get(ticket);
  if (!request) {
    request = redeemSsoTicket(ticket).finally(() => setTimeout(() => inFlight.delete(ticket), 0));
    inFlight.set(ticket, request);
  }
  return request;
}
