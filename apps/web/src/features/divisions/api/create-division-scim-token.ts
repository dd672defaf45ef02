import type { ScimTokenCreated } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionScimTokensKey } from './get-division-scim-tokens.ts';

/** POST /api/companies/{id}/scim-tokens: the answer holds the token, shown this once. */
function createDivisionScimToken({ id, name }: { id: number; name: string }): Promise<ScimTokenCreated> {
  return apiRequest(`/api/companies/${id}/scim-tokens`, { method: 'POST', body: { name } });
}

export function useCreateDivisionScimToken(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: createDivisionScimToken, onSuccess: () => client.invalidateQueries({ queryKey: divisionScimTokensKey(id) }) });
}
