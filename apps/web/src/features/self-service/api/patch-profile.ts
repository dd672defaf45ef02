import type { ProfileChanges, SaveProfileResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** PATCH /profiles/{id} {version, changes}: autosave with only the changed fields; a stale version answers 409 (StaleProfileBody). */
export function patchProfile(profileId: number, version: number, changes: ProfileChanges): Promise<SaveProfileResponse> {
  return apiRequest<SaveProfileResponse>(`/api/profiles/${profileId}`, { method: 'PATCH', body: { version, changes } });
}
