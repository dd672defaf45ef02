import { isExpired } from '@profilehub/shared';
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
