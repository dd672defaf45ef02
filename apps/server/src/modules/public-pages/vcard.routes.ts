import { vcard } from '@profilehub/profile-page';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companies, profiles } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { pageUrl } from '../publishing/publishing.service.ts';

/** "Add to contacts" on a public page: the published card as a vCard 3.0 download. */
export async function vcardRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/profiles/:id/vcard',
    {
      schema: {
        tags: ['public pages'],
        summary: 'The published profile as a vCard (public; only published profiles)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (req, reply) => {
      const [row] = await db
        .select({ p: profiles, companyTitle: companies.title })
        .from(profiles)
        .innerJoin(companies, eq(companies.id, profiles.companyId))
        .where(eq(profiles.id, req.params.id))
        .limit(1);
      if (!row?.p.publishedAt || !row.p.publishedContent || !row.p.site) throw notFound('Profile not found');
      const content = row.p.publishedContent;
      const card = vcard(content, { url: pageUrl(row.p.site, row.p.alias, config), organization: row.companyTitle });
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
