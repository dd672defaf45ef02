import type { PasskeysResponse } from '@profilehub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const passkeysKey = ['account', 'passkeys'] as const;

/** GET /api/account/passkeys: one's passkeys, and whether a second step follows the password. */
function getPasskeys(signal?: AbortSignal): Promise<PasskeysResponse> {
  return apiRequest<PasskeysResponse>('/api/account/passkeys', { signal });
}

const passkeysQueryOptions = () => queryOptions({ queryKey: passkeysKey, queryFn: ({ signal }) => getPasskeys(signal) });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
