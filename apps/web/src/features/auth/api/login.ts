import type { AuthResponse, LoginInput } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { startSession } from '../../../lib/auth.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /api/auth/local {identifier, password}. */
function login(input: LoginInput): Promise<AuthResponse> {
  return apiRequest('/api/auth/local', { method: 'POST', body: input, auth: false });
}

export function useLogin() {
  return useAction(login, { onSuccess: startSession });
}
