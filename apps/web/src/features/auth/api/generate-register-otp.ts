import { apiRequest } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';
import type { RegisterOtpReply } from '../sign-in-flow.ts';

/** POST /api/profiles/generate-otp {email} — starts registration by mailing a code. */
function generateRegisterOtp(email: string): Promise<RegisterOtpReply> {
  return apiRequest('/api/profiles/generate-otp', { method: 'POST', body: { email }, auth: false });
}

export function useGenerateRegisterOtp() {
  return useAction(generateRegisterOtp);
}
