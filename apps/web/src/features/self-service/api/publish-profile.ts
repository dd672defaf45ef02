import type { PublishQuery, PublishResponse } from '@profilehub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/**
 * PUT /profiles/{id}/publish: the build (spec §4 step 5); 400 is a PublishBlockedBody, 409 asks for
 * an approval instead, or (`declined_changes`) for `confirm: 'declined'` on someone's declined changes.
 */
function publishProfile({ profileId, confirm }: { profileId: number } & PublishQuery): Promise<PublishResponse> {
  return apiRequest<PublishResponse>(`/api/profiles/${profileId}/publish`, { method: 'PUT', query: { confirm } });
}

export function usePublishProfile() {
  return useMutation({ mutationFn: publishProfile });
}
