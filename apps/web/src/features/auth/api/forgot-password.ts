import type { ForgotPasswordResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /api/auth/forgot-password {email} — mails a reset link to /reset-password?code=… */
function forgotPassword(email: string): Promise<ForgotPasswordResponse> {
  return apiRequest('/api/auth/forgot-password', { method: 'POST', body: { email }, auth: false });
}

export function useForgotPassword() {
  return useAction(forgotPassword);
}
