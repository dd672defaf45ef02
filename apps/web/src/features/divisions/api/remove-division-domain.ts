import type { DomainState } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionDomainKey } from './get-division-domain.ts';

/** DELETE /api/companies/{id}/domain: the division's pages go back to its subdomain only. */
function removeDivisionDomain(id: number): Promise<DomainState> {
  return apiRequest(`/api/companies/${id}/domain`, { method: 'DELETE' });
}

export function useRemoveDivisionDomain(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeDivisionDomain, onSuccess: (state) => client.setQueryData(divisionDomainKey(id), state) });
}
