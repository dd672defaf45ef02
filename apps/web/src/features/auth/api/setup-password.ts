import type { SetupPasswordResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';
import { setCachedUser } from '../../../lib/auth.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /api/profiles/setup {password, currentPassword?} — a signed-in person sets a new password (changing one needs the current). */
function setupPassword(input: { password: string; currentPassword?: string | undefined }): Promise<SetupPasswordResponse> {
  return apiRequest('/api/profiles/setup', { method: 'POST', body: input });
}

export function useSetupPassword() {
  return useAction(setupPassword, { onSuccess: ({ user }) => setCachedUser(user) });
}
