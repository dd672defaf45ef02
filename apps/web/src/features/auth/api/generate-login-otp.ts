import type { SuccessResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /api/profiles/generate-login-otp {email} — mails a login code. */
function generateLoginOtp(email: string): Promise<SuccessResponse> {
  return apiRequest('/api/profiles/generate-login-otp', { method: 'POST', body: { email }, auth: false });
}

export function useGenerateLoginOtp() {
  return useAction(generateLoginOtp);
}
