import type { SetAliasResponse } from '@profilehub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /profiles/{id}/alias: set-alias (once only). */
function setAlias({ profileId, alias }: { profileId: number; alias: string }): Promise<SetAliasResponse> {
  return apiRequest<SetAliasResponse>(`/api/profiles/${profileId}/alias`, { method: 'PUT', body: { alias } });
}

export function useSetAlias() {
  return useMutation({ mutationFn: setAlias });
}
