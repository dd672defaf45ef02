/**
 * Spec §7 profile-modification images: a picture placed in rich text is
 * registered with the profile, and unregistered when it leaves the text.
 * Spec §8: registration failures are logged only, as are removals.
 */
import { apiRequest } from '../../../lib/api.ts';

export async function registerRichTextImage(profileId: number, url: string, id: number): Promise<void> {
  try {
    await apiRequest('/api/profile-modifications/images', { method: 'POST', body: { profile: profileId, img_url: url, img_id: id } });
  } catch (error) {
    console.warn('Registering the rich-text image failed.', error);
  }
}

export async function removeRichTextImage(profileId: number, url: string): Promise<void> {
  try {
    await apiRequest('/api/profile-modifications/images', { method: 'DELETE', body: { profile: profileId, img_url: url } });
  } catch (error) {
    console.warn('Removing the rich-text image failed.', error);
  }
}

/** The image sources in a piece of rich text. */
export function imageSources(html: string | undefined): Set<string> {
  return new Set([...(html ?? '').matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1] ?? '').filter(Boolean));
}
