import type { Me } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { setCachedUser } from '../../../lib/auth.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /api/profiles/setup {password} — a signed-in person sets a new password. */
function setupPassword(password: string): Promise<{ success: boolean; user: Me }> {
  return apiRequest('/api/profiles/setup', { method: 'POST', body: { password } });
}

export function useSetupPassword() {
  return useAction(setupPassword, { onSuccess: ({ user }) => setCachedUser(user) });
}
