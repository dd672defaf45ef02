import { TrackEventSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { isBotAgent, visitorHash } from './events.service.ts';

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
  const { ingest, limiter, visitorSecret } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/events',
    {
      bodyLimit: 4096,
      // A 204 to a beacon renders nothing: the security headers would only cost time on the busiest route.
      helmet: false,
      config: { public: true },
      schema: {
        tags: ['events'],
        summary: 'Records one visitor interaction on a public page; 204 once it is committed with its rollups (group commit), 503 when it could not be',
        body: TrackEventSchema,
      },
    },
    async (req, reply) => {
      await limiter.hit(LIMITS.eventsPerIp, req.ip);
      const ua = req.headers['user-agent'];
      const now = new Date();
      // Bots are acknowledged like everyone else, so they learn nothing, but only counted as filtered.
      if (isBotAgent(ua)) ingest.acceptBot(req.body.profileId, now);
      else {
        try {
          // Answered only once the event is committed: a 204 is a promise that it is stored.
          await ingest.accept({
            ...req.body,
            label: req.body.label ?? null,
            value: req.body.value ?? null,
            visitorHash: visitorHash(visitorSecret, req.ip, now.toISOString().slice(0, 10)),
            occurredAt: now,
          });
        } catch (err) {
          req.log.warn({ err }, 'event not stored');
          reply.header('retry-after', '1');
          throw new AppError(503, 'busy', 'The interaction could not be recorded right now; please send it again in a moment.');
        }
      }
      return reply.code(204).send();
    },
  );
}
