import { isExpired, nextScheduleChange } from '@profilehub/shared';
import type { PageContent } from './types.ts';

/**
 * When the published page next changes by itself: the earliest future `expireAt`
 * of a visible gallery item (ISO string), or null. A static page still shows an
 * item after it expires until it is rebuilt, so the server can schedule a
 * rebuild then (the page script also removes expired items on load).
 */
export function nextExpiry(content: PageContent, now: Date | number = Date.now()): string | null {
  let next: number | null = null;
  for (const item of content.imageGallery ?? []) {
    if (!item?.expireAt || item.enabled === false || item.expired === true || isExpired(item, now)) continue;
    const at = Date.parse(item.expireAt);
    if (Number.isFinite(at) && (next === null || at < next)) next = at;
  }
  return next === null ? null : new Date(next).toISOString();
}

/**
 * The content with every gallery item whose `expireAt` has passed by `now`
 * marked `expired: true` (spec §5 `expired` derivation); the same object when
 * nothing expired. Stored with a published page, so {@link nextExpiry}`(content, 0)`
 * is the moment that page next needs rebuilding.
 */
export function markExpired<T extends PageContent>(content: T, now: Date | number = Date.now()): T {
  const gallery = content.imageGallery;
  if (!gallery?.some((item) => item && item.expired !== true && isExpired(item, now))) return content;
  return { ...content, imageGallery: gallery.map((item) => (item && item.expired !== true && isExpired(item, now) ? { ...item, expired: true } : item)) };
}

/**
 * When a page rendered at `now` next looks different by itself (ISO string), or null: the
 * earliest of a gallery item's expiry ({@link nextExpiry}) and a button's or social link's
 * `showFrom` / `showUntil` still ahead (issue #30). Stored with the published page, so the
 * server re-renders it then (decision 028).
 */
export function nextPageChange(content: PageContent, now: Date | number = Date.now()): string | null {
  const expiry = nextExpiry(content, now);
  const candidates = [expiry === null ? null : Date.parse(expiry), nextScheduleChange([...(content.links ?? []), ...(content.socialLinks ?? [])], now)];
  const t = typeof now === 'number' ? now : now.getTime();
  const next = candidates.reduce<number | null>((min, at) => (at !== null && at > t && (min === null || at < min) ? at : min), null);
  return next === null ? null : new Date(next).toISOString();
}
