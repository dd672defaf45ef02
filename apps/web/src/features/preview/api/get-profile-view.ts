import type { ProfileEditorView } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/profiles/{id}?populate=self-service: the saved profile the preview link draws. */
export function getProfileView(profileId: number, signal?: AbortSignal): Promise<ProfileEditorView> {
  return apiRequest<ProfileEditorView>(`/api/profiles/${profileId}`, { query: { populate: 'self-service' }, signal });
}
