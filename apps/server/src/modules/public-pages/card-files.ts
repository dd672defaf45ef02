import { vcard } from '@profilehub/profile-page';
import { QR_CODE } from '@profilehub/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pageUrl } from '../publishing/publishing.service.ts';
import type { FileStore } from '../uploads/file-store.ts';
import { cardProfile } from './public-pages.queries.ts';
import type { PublishedPageCache } from './public-pages.service.ts';
import { createVcardPhotoLoader } from './vcard-photo.ts';

/** The files beside a public page: "Add to contacts" and the QR code, addressed by the page's alias like the page itself. */
const CARD_FILES = ['contact.vcf', 'qr.png'] as const;
export type CardFile = (typeof CARD_FILES)[number];

/** `/{alias}/contact.vcf` and `/{alias}/qr.png` of a division's public host. */
export const CARD_FILE_PATH = /^\/([a-z0-9][a-z0-9._-]{0,99})\/(contact\.vcf|qr\.png)$/;

const HEX = /^#[0-9a-f]{6}$/i;
type Built = { body: Buffer; etag: string };

/**
 * Serves the card files of published pages. Each is built once per published version
 * (the page's ETag) and kept in a bounded memory cache, so a flood of requests costs a
 * lookup, not a QR drawing or a photo re-encode; an unpublish takes effect at once
 * because the page itself is looked up first. Nothing is addressed by a row id, so the
 * cards cannot be walked by counting.
 */
export function createCardFiles(o: { db: Db; config: Config; store?: FileStore; pages: PublishedPageCache; log: FastifyBaseLogger }) {
  const photoOf = o.store ? createVcardPhotoLoader({ db: o.db, store: o.store, webDist: o.config.WEB_DIST, log: o.log }) : async () => null;
  const built = new LRUCache<string, Built>({ max: 2000, maxSize: 64 * 1024 * 1024, sizeCalculation: (b) => b.body.length || 1 });

  async function build(profileId: number, file: CardFile, etag: string): Promise<Built | null> {
    const row = await cardProfile(o.db, profileId);
    if (!row?.p.publishedAt || !row.p.publishedContent || !row.p.site) return null;
    const url = pageUrl(row.p.site, row.p.alias, o.config);
    if (file === 'qr.png') {
      const style = (row.p.publishedContent as { qrCodeData?: { colorOptions?: { dots?: { color?: string } } } }).qrCodeData;
      const dots = style?.colorOptions?.dots?.color;
      const body = await QRCode.toBuffer(url, {
        type: 'png',
        errorCorrectionLevel: QR_CODE.errorCorrectionLevel,
        margin: QR_CODE.margin,
        width: QR_CODE.size,
        color: { dark: dots && HEX.test(dots) ? dots : QR_CODE.defaultColor, light: '#ffffff' },
      });
      return { body, etag: `"qr-${etag.replaceAll('"', '')}"` };
    }
    const content = row.p.publishedContent as { profilePhoto?: { url?: string } };
    const photo = await photoOf(content.profilePhoto?.url);
    const card = vcard(row.p.publishedContent, { url, organization: row.companyTitle, photoBase64: photo ?? undefined, photoMime: 'image/jpeg' });
    return { body: Buffer.from(card, 'utf8'), etag: `"vcf-${etag.replaceAll('"', '')}"` };
  }

  return async function serve(req: FastifyRequest, reply: FastifyReply, companyId: number, alias: string, file: CardFile): Promise<FastifyReply | null> {
    const page = await o.pages.get(companyId, alias);
    if (!page) return null;
    const key = `${page.profileId}/${file}/${page.etag}`;
    let out = built.get(key);
    if (!out) {
      const fresh = await build(page.profileId, file, page.etag);
      if (!fresh) return null;
      built.set(key, fresh);
      out = fresh;
    }
    reply
      .header('etag', out.etag)
      .header('cache-control', 'public, max-age=0, must-revalidate')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (req.headers['if-none-match'] === out.etag) return reply.code(304).send();
    if (file === 'qr.png')
      return (
        reply
          .type('image/png')
          .header('content-disposition', `inline; filename="${QR_CODE.fileName}"`)
          // The editor's preview, on the hub's host, shows the page's QR code like the page does.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(out.body)
      );
    return reply
      .type('text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="${alias.replace(/[^a-z0-9_-]/gi, '')}.vcf"`)
      .send(out.body);
  };
}
