/**
 * The files every host answers at its root: `/robots.txt` and `/favicon.ico`. Without
 * them the hub answered its web app's HTML (an invalid robots.txt, a broken icon) and a
 * division's host its 404 page.
 */
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { companyByHubDomain, companyRowById } from '../companies/companies.queries.ts';
import { type OwnImages, PRODUCT_ICON } from './own-images.ts';

export const SITE_FILES: ReadonlySet<string> = new Set(['/robots.txt', '/favicon.ico']);

/**
 * The hub is a signed-in app: only its way in (and what that page loads) is for crawlers,
 * so a search for the product finds its sign-in page and nothing behind it.
 */
const HUB_ROBOTS = ['User-agent: *', 'Allow: /$', 'Allow: /sign-in', 'Allow: /assets/', 'Allow: /favicon', 'Disallow: /', ''].join('\n');
/** A division's host is its published pages (each says `noindex` itself when its owner wants); the API is not for crawlers. */
const PUBLIC_ROBOTS = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ''].join('\n');

const FAVICON_SIZES = [16, 32, 48] as const;

/** An ICO file of PNG images (every browser since IE Vista reads PNG entries). */
function icoOf(pngs: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.png)]);
}

/** Where a request came: a hub host (its white-labelled division, if any, is found by its hub domain) or a division's public host. */
export type SiteOfRequest = { hub: true; host: string } | { hub: false; companyId: number | null };

export function createSiteFiles(o: { db: Db; images: OwnImages }) {
  /** The division's icon where it is white-labelled with one, else the product's. */
  async function favicon(site: SiteOfRequest): Promise<Buffer | null> {
    const company = site.hub ? await companyByHubDomain(o.db, site.host) : site.companyId !== null ? await companyRowById(o.db, site.companyId) : undefined;
    for (const url of [company?.whiteLabel?.icon, PRODUCT_ICON]) {
      const pngs = await Promise.all(FAVICON_SIZES.map(async (size) => ({ size, png: await o.images.square(url, { size, fit: 'contain', format: 'png' }) })));
      if (pngs.every((p) => p.png)) return icoOf(pngs as { size: number; png: Buffer }[]);
    }
    return null;
  }

  /** Answers `path` when it is a site file and says true; false leaves the request to the caller. */
  return async function serveSiteFile(path: string, reply: FastifyReply, site: SiteOfRequest): Promise<boolean> {
    if (path === '/robots.txt') {
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(site.hub ? HUB_ROBOTS : PUBLIC_ROBOTS);
      return true;
    }
    if (path !== '/favicon.ico') return false;
    const ico = await favicon(site);
    if (!ico) reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found');
    else reply.type('image/x-icon').header('cache-control', 'public, max-age=3600').send(ico);
    return true;
  };
}
