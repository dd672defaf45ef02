import type { AuthResponse, SetupInput } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { startSession } from '../../../lib/auth.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /api/setup: the first superadmin and division; answers with their session. */
function completeSetup(input: SetupInput): Promise<AuthResponse> {
  return apiRequest('/api/setup', { method: 'POST', body: input, auth: false });
}

export function useCompleteSetup() {
  return useAction(completeSetup, { onSuccess: startSession });
}
