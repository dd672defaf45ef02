import type { DomainState } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionDomainKey } from './get-division-domain.ts';

/** PUT /api/companies/{id}/domain: a new domain, pending until verified. */
function setDivisionDomain({ id, domain }: { id: number; domain: string }): Promise<DomainState> {
  return apiRequest(`/api/companies/${id}/domain`, { method: 'PUT', body: { domain } });
}

export function useSetDivisionDomain(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: setDivisionDomain, onSuccess: (state) => client.setQueryData(divisionDomainKey(id), state) });
}
