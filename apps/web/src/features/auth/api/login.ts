import type { AuthResponse, LoginInput, LoginResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { startSession } from '../../../lib/auth.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /api/auth/local {identifier, password}: a session, or the second step the account asks for. */
function login(input: LoginInput): Promise<LoginResponse> {
  return apiRequest('/api/auth/local', { method: 'POST', body: input, auth: false });
}

export const isSession = (answer: LoginResponse): answer is AuthResponse => 'jwt' in answer;

export function useLogin() {
  return useAction(login, {
    onSuccess: (answer) => {
      if (isSession(answer)) startSession(answer);
    },
  });
}
