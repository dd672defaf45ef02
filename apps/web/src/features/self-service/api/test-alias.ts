import type { AliasTestResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /profiles/{id}/alias/test: 200 with the cleaned alias when this profile may take it; otherwise the server's message. */
export function testAlias(profileId: number, alias: string, signal?: AbortSignal): Promise<AliasTestResponse> {
  return apiRequest<AliasTestResponse>(`/api/profiles/${profileId}/alias/test`, { method: 'POST', body: { alias }, signal });
}
