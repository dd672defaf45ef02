import type { ProfileEditorView } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /profiles/{id}?populate=self-service. */
function getProfileEditorView(profileId: number, signal?: AbortSignal): Promise<ProfileEditorView> {
  return apiRequest<ProfileEditorView>(`/api/profiles/${profileId}`, { query: { populate: 'self-service' }, signal });
}

export const editorViewOptions = (profileId: number) =>
  queryOptions({
    queryKey: ['profile-editor', profileId],
    queryFn: ({ signal }) => getProfileEditorView(profileId, signal),
    // The editor owns the document once loaded: a refetch must never replace what someone is typing.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
