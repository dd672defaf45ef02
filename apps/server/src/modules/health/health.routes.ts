import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from './health.queries.ts';

export async function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/health', { config: { public: true }, schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => {
      await ping(app.deps.db);
      return { status: 'ok' as const };
    });
}
