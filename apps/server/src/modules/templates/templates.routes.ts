import { TemplatesListQuerySchema, TemplatesListResponseSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { listTemplates } from './templates.service.ts';

export async function templatesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/templates',
    {
      schema: {
        tags: ['templates'],
        summary:
          'Templates list: filter (case-insensitive on template name, else profile name), companyId (comma list), orderBy A-Z / DIVISION / LINKED_PROFILES, order, page (zero-based, 50 a page)',
        querystring: TemplatesListQuerySchema,
        response: { 200: TemplatesListResponseSchema },
      },
    },
    (req) => listTemplates(app.deps, actorOf(req), req.query),
  );
}
