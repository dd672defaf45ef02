/**
 * Profile banners (spec §3 banners[], §5 banner media, §9 banner limit): rules
 * shared by the banners API and the editor. A banner lives inside its profile's
 * document (`content.banners`); its `id` addresses it there.
 */
import { BANNER_LIMIT } from './profile/constants.ts';

/** Spec §5: banner media may be jpg, png, webp, gif, mp4 or mov. */
export const BANNER_MEDIA_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'mp4', 'mov'] as const;

export const BANNER_MESSAGES = {
  notFound: 'Banner not found',
  limit: `You can add up to ${BANNER_LIMIT} banners.`,
  media: 'Banner media must be a jpg, png, webp, gif, mp4 or mov file.',
  locked: 'The banners of this profile come from its template and cannot be changed here.',
  busy: 'This profile is being changed by someone else right now. Try again in a moment.',
} as const;

/**
 * Spec §5: the file type of a banner slide, read from its address: null when it
 * is one of the banner media types or names no file type at all (an address
 * without an extension, e.g. a CDN link), else the message to show.
 */
export function bannerMediaProblem(url: string | null | undefined): string | null {
  if (!url) return null;
  // The path part of the address (the package runs without DOM or Node types, so no URL parser).
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/s, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = last.slice(dot + 1).toLowerCase();
  return (BANNER_MEDIA_EXTENSIONS as readonly string[]).includes(ext) ? null : BANNER_MESSAGES.media;
}

/** The next free numeric banner id of a document (ids are numbers unique within the profile). */
export function nextBannerId(banners: readonly { id?: unknown }[]): number {
  let max = 0;
  for (const b of banners) if (typeof b.id === 'number' && b.id > max) max = b.id;
  return max + 1;
}
