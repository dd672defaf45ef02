import type { AuthResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { startSession } from '../../../lib/auth.ts';
import { useAction } from '../../../lib/use-action.ts';

type LinkProfileInput = { email: string; otp: string };

/** POST /api/profiles/link {email, otp} — a correct registration code links the account and signs in (codes travel in the body, never the URL). */
function linkProfile({ email, otp }: LinkProfileInput): Promise<AuthResponse> {
  return apiRequest('/api/profiles/link', { method: 'POST', body: { email, otp }, auth: false });
}

export function useLinkProfile() {
  return useAction(linkProfile, { onSuccess: startSession });
}
