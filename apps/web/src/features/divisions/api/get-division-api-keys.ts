import type { ApiKeyList } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/companies/{id}/api-keys: the division's API keys (never the keys themselves: their prefix). */
function getDivisionApiKeys(id: number, signal?: AbortSignal): Promise<ApiKeyList> {
  return apiRequest(`/api/companies/${id}/api-keys`, { signal });
}

export const divisionApiKeysKey = (id: number) => ['divisions', 'api-keys', id] as const;

export const divisionApiKeysOptions = (id: number) =>
  queryOptions({ queryKey: divisionApiKeysKey(id), queryFn: ({ signal }) => getDivisionApiKeys(id, signal) });
