import type { Passkey } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { passkeysKey } from './get-passkeys.ts';

/** PATCH /api/account/passkeys/:id {name}: the name one's passkey goes by in the list. */
function renamePasskey({ id, name }: { id: number; name: string }): Promise<Passkey> {
  return apiRequest<Passkey>(`/api/account/passkeys/${id}`, { method: 'PATCH', body: { name } });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: renamePasskey, onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }) });
}
