import type { AuthResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { startSession } from '../../../lib/auth.ts';
import { useAction } from '../../../lib/use-action.ts';

type ResetPasswordInput = { code: string; password: string; passwordConfirmation: string };

/** POST /api/auth/reset-password — the emailed code sets a new password and signs in. */
function resetPassword(input: ResetPasswordInput): Promise<AuthResponse> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body: input, auth: false });
}

export function useResetPassword() {
  return useAction(resetPassword, { onSuccess: startSession });
}
