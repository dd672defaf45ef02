import type { DomainState } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionDomainKey } from './get-division-domain.ts';

/** POST /api/companies/{id}/domain/verify: the hub fetches its token from the domain. */
function verifyDivisionDomain(id: number): Promise<DomainState> {
  return apiRequest(`/api/companies/${id}/domain/verify`, { method: 'POST' });
}

export function useVerifyDivisionDomain(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyDivisionDomain, onSuccess: (state) => client.setQueryData(divisionDomainKey(id), state) });
}
