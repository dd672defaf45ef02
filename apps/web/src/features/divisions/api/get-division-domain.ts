import type { DomainState } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/companies/{id}/domain: the division's own domain, none, pending or verified. */
function getDivisionDomain(id: number, signal?: AbortSignal): Promise<DomainState> {
  return apiRequest(`/api/companies/${id}/domain`, { signal });
}

export const divisionDomainKey = (id: number) => ['divisions', 'domain', id] as const;

export const divisionDomainOptions = (id: number) => queryOptions({ queryKey: divisionDomainKey(id), queryFn: ({ signal }) => getDivisionDomain(id, signal) });
