/**
 * Spec §7 profile-modification images: a picture placed in rich text is
 * registered with the profile. Spec §8: a failure is logged only.
 */
import type { RichTextImage } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /profile-modifications/images {profile, img_url, img_id}. */
export async function registerRichTextImage(profileId: number, url: string, id: number): Promise<void> {
  try {
    await apiRequest<RichTextImage>('/api/profile-modifications/images', { method: 'POST', body: { profile: profileId, img_url: url, img_id: id } });
  } catch (error) {
    console.warn('Registering the rich-text image failed.', error);
  }
}
