import type { SuccessResponse } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionApiKeysKey } from './get-division-api-keys.ts';

/** DELETE /api/companies/{id}/api-keys/{keyId}: the key is refused from its next request. */
function revokeDivisionApiKey({ id, keyId }: { id: number; keyId: number }): Promise<SuccessResponse> {
  return apiRequest(`/api/companies/${id}/api-keys/${keyId}`, { method: 'DELETE' });
}

export function useRevokeDivisionApiKey(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeDivisionApiKey, onSuccess: () => client.invalidateQueries({ queryKey: divisionApiKeysKey(id) }) });
}
