import { serviceWorkerScript, webManifest } from '@profilehub/profile-page';
import { displayName } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import { publishedByAlias } from './public-pages.queries.ts';

const urlOf = (v: unknown): string | undefined => {
  const url = (v as { url?: unknown } | undefined)?.url;
  return typeof url === 'string' && (url.startsWith('/') || url.startsWith('https://')) ? url : undefined;
};
const colourOf = (v: unknown): string | undefined => {
  const c = (v as { color?: unknown } | undefined)?.color;
  return typeof c === 'string' && /^#[0-9a-f]{3,8}$/i.test(c) ? c : undefined;
};

/** The per-profile web app manifest: "save to home screen" opens this card. */
export async function profileManifest(db: Db, companyId: number, alias: string): Promise<string | null> {
  const p = await publishedByAlias(db, companyId, alias);
  if (!p) return null;
  const c = p.content as { fullName?: string; firstName?: string; lastName?: string; cssVariables?: Record<string, unknown> };
  const colour = colourOf(c.cssVariables?.['background-color']);
  return webManifest({
    name: displayName(c) || alias,
    startUrl: `/${alias}`,
    scope: `/${alias}`,
    // PNGs at the sizes they declare (card-files.ts makes them from the photo): Chromium installs a
    // page only with a PNG icon of at least 144 px, and ignores a JPEG or SVG declared "any".
    icons: [192, 512].map((size) => ({ src: `/${alias}/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
    ...(colour ? { themeColor: colour, backgroundColor: colour } : {}),
  });
}

/**
 * The card's service worker: caches the page, its manifest and images so the
 * card opens offline. The cache name carries the page's ETag, so a republish
 * replaces the cached copy.
 */
export async function profileServiceWorker(db: Db, companyId: number, alias: string): Promise<string | null> {
  const p = await publishedByAlias(db, companyId, alias);
  if (!p) return null;
  const c = p.content as { profilePhoto?: unknown; logo?: unknown };
  const images = [urlOf(c.profilePhoto), urlOf(c.logo)].filter((u): u is string => Boolean(u));
  return serviceWorkerScript(`ph:${alias}:${p.etag}`, { page: `/${alias}`, manifest: `/${alias}/manifest.webmanifest`, images });
}
