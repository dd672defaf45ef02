import type { AuthResponse, SecondFactorCodeSent } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { startSession } from '../../../lib/auth.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /api/auth/second-factor/code {ticket}: mails the second step's 4-digit code. */
function sendSecondFactorCode(ticket: string): Promise<SecondFactorCodeSent> {
  return apiRequest('/api/auth/second-factor/code', { method: 'POST', body: { ticket }, auth: false });
}

/** POST /api/auth/second-factor/verify {ticket, otp}: the code finishes the sign-in. */
function verifySecondFactorCode(input: { ticket: string; otp: string }): Promise<AuthResponse> {
  return apiRequest('/api/auth/second-factor/verify', { method: 'POST', body: input, auth: false });
}

export function useSendSecondFactorCode() {
  return useAction(sendSecondFactorCode);
}

export function useVerifySecondFactorCode() {
  return useAction(verifySecondFactorCode, { onSuccess: startSession });
}
