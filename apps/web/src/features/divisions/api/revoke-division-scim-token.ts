import type { SuccessResponse } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionScimTokensKey } from './get-division-scim-tokens.ts';

/** DELETE /api/companies/{id}/scim-tokens/{tokenId}: the token is refused from its next request. */
function revokeDivisionScimToken({ id, tokenId }: { id: number; tokenId: number }): Promise<SuccessResponse> {
  return apiRequest(`/api/companies/${id}/scim-tokens/${tokenId}`, { method: 'DELETE' });
}

export function useRevokeDivisionScimToken(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeDivisionScimToken, onSuccess: () => client.invalidateQueries({ queryKey: divisionScimTokensKey(id) }) });
}
