import { TrackEventSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '../../http/rate-limit.ts';
import { isBotAgent, recordEvent, visitorHash } from './events.service.ts';

/** POST /api/events: interactions from public pages (navigator.sendBeacon sends text/plain). */
export async function eventsRoutes(app: FastifyInstance) {
  // Only this plugin reads text/plain bodies, and only as JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const err = Object.assign(new Error('The event is not valid JSON.'), { statusCode: 400 });
      done(err, undefined);
    }
  });
  const { db, limiter, visitorSecret } = app.deps;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/events',
      { bodyLimit: 4096, schema: { tags: ['events'], summary: 'Records one visitor interaction on a public page', body: TrackEventSchema } },
      async (req, reply) => {
        limiter.hit(LIMITS.eventsPerIp, req.ip);
        const ua = req.headers['user-agent'];
        // Bots are acknowledged like everyone else, so they learn nothing, but not counted.
        if (!isBotAgent(ua)) await recordEvent(db, req.body, visitorHash(visitorSecret, req.ip, ua ?? ''));
        return reply.code(204).send();
      },
    );
}
