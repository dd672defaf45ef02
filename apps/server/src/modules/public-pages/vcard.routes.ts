import { vcard } from '@profilehub/profile-page';
import { QR_CODE } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { companies, profiles } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { pageUrl } from '../publishing/publishing.service.ts';
import type { FileStore } from '../uploads/store.ts';
import { createVcardPhotoLoader } from './vcard-photo.ts';

const HEX = /^#[0-9a-f]{6}$/i;

/** "Add to contacts" and the QR code of a public page: the published card as a vCard 3.0 download and as a QR image. */
export async function vcardRoutes(app: FastifyInstance, opts: { store?: FileStore } = {}) {
  const { db, config } = app.deps;
  const photoOf = opts.store ? createVcardPhotoLoader({ db, store: opts.store, webDist: config.WEB_DIST, log: app.log }) : async () => null;
  const published = async (id: number) => {
    const [row] = await db
      .select({ p: profiles, companyTitle: companies.title })
      .from(profiles)
      .innerJoin(companies, eq(companies.id, profiles.companyId))
      .where(eq(profiles.id, id))
      .limit(1);
    if (!row?.p.publishedAt || !row.p.publishedContent || !row.p.site) throw notFound('Profile not found');
    return { ...row, url: pageUrl(row.p.site, row.p.alias, config) };
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/profiles/:id/qr.png',
    {
      config: { public: true },
      schema: {
        tags: ['public pages'],
        summary: 'The QR code of a published profile page (spec §9: 800×800, error correction Q, margin 1, the QR style’s colour)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (req, reply) => {
      const { p, url } = await published(req.params.id);
      const style = (p.publishedContent as { qrCodeData?: { colorOptions?: { dots?: { color?: string } } } }).qrCodeData;
      const dots = style?.colorOptions?.dots?.color;
      const etag = `"qr-${p.publishedEtag}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate').header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      const png = await QRCode.toBuffer(url, {
        type: 'png',
        errorCorrectionLevel: QR_CODE.errorCorrectionLevel,
        margin: QR_CODE.margin,
        width: QR_CODE.size,
        color: { dark: dots && HEX.test(dots) ? dots : QR_CODE.defaultColor, light: '#ffffff' },
      });
      return reply.type('image/png').header('content-disposition', `inline; filename="${QR_CODE.fileName}"`).send(png);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/profiles/:id/vcard',
    {
      config: { public: true },
      schema: {
        tags: ['public pages'],
        summary: 'The published profile as a vCard 3.0 with its photo (256 px JPEG) embedded (public; only published profiles)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (req, reply) => {
      const row = await published(req.params.id);
      const content = row.p.publishedContent as { profilePhoto?: { url?: string } };
      const photo = await photoOf(content.profilePhoto?.url);
      const card = vcard(row.p.publishedContent!, { url: row.url, organization: row.companyTitle, photoBase64: photo ?? undefined, photoMime: 'image/jpeg' });
      const name = (row.p.alias ?? `profile-${row.p.id}`).replace(/[^a-z0-9_-]/gi, '');
      return reply
        .type('text/vcard; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.vcf"`)
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header('x-content-type-options', 'nosniff')
        .send(card);
    },
  );
}
