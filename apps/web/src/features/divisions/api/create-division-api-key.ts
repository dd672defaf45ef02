import type { ApiKeyCreated, ApiKeyScope } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionApiKeysKey } from './get-division-api-keys.ts';

/** POST /api/companies/{id}/api-keys: the answer holds the key, shown this once. */
function createDivisionApiKey({ id, name, scopes }: { id: number; name: string; scopes: ApiKeyScope[] }): Promise<ApiKeyCreated> {
  return apiRequest(`/api/companies/${id}/api-keys`, { method: 'POST', body: { name, scopes } });
}

export function useCreateDivisionApiKey(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: createDivisionApiKey, onSuccess: () => client.invalidateQueries({ queryKey: divisionApiKeysKey(id) }) });
}
