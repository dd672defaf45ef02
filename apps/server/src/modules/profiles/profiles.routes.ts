import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profiles } from '../../db/schema.ts';
import { actorOf, requireAuth } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { canViewProfile } from '../../http/policy.ts';

const ProfileBasicSchema = z.object({
  id: z.number(),
  alias: z.string().nullable(),
  userId: z.number().nullable(),
  companyId: z.number(),
  isMaster: z.boolean(),
  masterProfileId: z.number().nullable(),
  publishedAt: z.string().nullable(),
});

export async function profilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/profiles/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['profiles'],
        summary: 'A profile record (basic); another division’s profile answers 404',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: ProfileBasicSchema },
      },
    },
    async (req) => {
      const [p] = await db.select().from(profiles).where(eq(profiles.id, req.params.id)).limit(1);
      if (!p || !canViewProfile(actorOf(req), p)) throw notFound('Profile not found');
      return {
        id: p.id,
        alias: p.alias,
        userId: p.userId,
        companyId: p.companyId,
        isMaster: p.isMaster,
        masterProfileId: p.masterProfileId,
        publishedAt: p.publishedAt?.toISOString() ?? null,
      };
    },
  );
}
