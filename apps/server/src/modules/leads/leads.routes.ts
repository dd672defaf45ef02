import { LeadSubmittedSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leadFormsRoutes } from './lead-forms.routes.ts';
import { SubmitSchema, submitLead } from './leads.service.ts';

export async function leadsRoutes(app: FastifyInstance) {
  await leadFormsRoutes(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/lead-forms/submit/:profileId',
    {
      bodyLimit: 16 * 1024,
      config: { public: true },
      schema: {
        tags: ['public pages'],
        summary: 'Submits the lead form of a published profile (public)',
        params: z.object({ profileId: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: SubmitSchema,
        response: { 200: LeadSubmittedSchema },
      },
    },
    async (req) => submitLead(app.deps, req.params.profileId, req.body.fields, req.ip),
  );
}
