import type { Signature, SignatureLayout } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /profiles/{id}/signature: the published card's email signature in `layout` (the template's when it locks it). */
function getSignature(profileId: number, layout: SignatureLayout | undefined, signal?: AbortSignal): Promise<Signature> {
  return apiRequest<Signature>(`/api/profiles/${profileId}/signature`, { query: { layout }, signal });
}

export const signatureOptions = (profileId: number, layout: SignatureLayout | undefined) =>
  queryOptions({
    queryKey: ['signature', profileId, layout ?? null],
    queryFn: ({ signal }) => getSignature(profileId, layout, signal),
    // The published card may have changed since: ask again whenever the panel opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
