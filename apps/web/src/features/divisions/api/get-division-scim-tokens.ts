import type { ScimTokenList } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/companies/{id}/scim-tokens: the division's SCIM tokens (never the tokens themselves) and the SCIM base URL. */
function getDivisionScimTokens(id: number, signal?: AbortSignal): Promise<ScimTokenList> {
  return apiRequest(`/api/companies/${id}/scim-tokens`, { signal });
}

export const divisionScimTokensKey = (id: number) => ['divisions', 'scim-tokens', id] as const;

export const divisionScimTokensOptions = (id: number) =>
  queryOptions({ queryKey: divisionScimTokensKey(id), queryFn: ({ signal }) => getDivisionScimTokens(id, signal) });
