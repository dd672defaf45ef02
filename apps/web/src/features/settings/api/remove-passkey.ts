import type { AccountMessage } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { passkeysKey } from './get-passkeys.ts';

/** DELETE /api/account/passkeys/:id: one's own passkey no longer signs in. */
function removePasskey(id: number): Promise<AccountMessage> {
  return apiRequest<AccountMessage>(`/api/account/passkeys/${id}`, { method: 'DELETE' });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }) });
}
