import { AuthResponseSchema, SetupSchema, SetupStatusSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { completeSetup, setupStatus } from './setup.service.ts';

/** First run (docs/operating.md): an empty install's one-time link creates the first superadmin and division. */
export async function setupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['setup'];
  const open = { public: true };

  r.get('/setup', { config: open, schema: { tags, summary: 'Whether the hub still needs its first superadmin', response: { 200: SetupStatusSchema } } }, () =>
    setupStatus(app.deps.db),
  );

  r.post(
    '/setup',
    {
      config: open,
      schema: {
        tags,
        summary: 'Create the first superadmin and division with the one-time setup token',
        body: SetupSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    (req) => completeSetup(app.deps, req.body, { ip: req.ip, userAgent: req.headers['user-agent'], host: req.headers.host }),
  );
}
