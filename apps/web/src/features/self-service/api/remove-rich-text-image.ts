/**
 * Spec §7 profile-modification images: a picture that leaves the rich text is
 * unregistered. Spec §8: a failure is logged only.
 */
import type { SuccessResponse } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** DELETE /profile-modifications/images {profile, img_url}. */
export async function removeRichTextImage(profileId: number, url: string): Promise<void> {
  try {
    await apiRequest<SuccessResponse>('/api/profile-modifications/images', { method: 'DELETE', body: { profile: profileId, img_url: url } });
  } catch (error) {
    console.warn('Removing the rich-text image failed.', error);
  }
}
