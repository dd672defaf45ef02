import type { SsoConfigReply } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/companies/{id}/sso: the division's single sign-on (never its secret), or none with the redirect URI to register. */
function getDivisionSso(id: number, signal?: AbortSignal): Promise<SsoConfigReply> {
  return apiRequest(`/api/companies/${id}/sso`, { signal });
}

export const divisionSsoKey = (id: number) => ['divisions', 'sso', id] as const;

export const divisionSsoOptions = (id: number) => queryOptions({ queryKey: divisionSsoKey(id), queryFn: ({ signal }) => getDivisionSso(id, signal) });
