import type { SuccessResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';

type VerifyOtpInput = { email: string; otp: string };

/** POST /api/profiles/verify-otp {email, otp} — confirms the login code (in the body, never the URL). */
function verifyLoginOtp({ email, otp }: VerifyOtpInput): Promise<SuccessResponse> {
  return apiRequest('/api/profiles/verify-otp', { method: 'POST', body: { email, otp }, auth: false });
}

export function useVerifyLoginOtp() {
  return useAction(verifyLoginOtp);
}
