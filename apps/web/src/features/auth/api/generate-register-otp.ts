import type { RegistrationCodeResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /api/profiles/generate-otp {email} — starts registration by mailing a code. */
function generateRegisterOtp(email: string): Promise<RegistrationCodeResponse> {
  return apiRequest('/api/profiles/generate-otp', { method: 'POST', body: { email }, auth: false });
}

export function useGenerateRegisterOtp() {
  return useAction(generateRegisterOtp);
}
