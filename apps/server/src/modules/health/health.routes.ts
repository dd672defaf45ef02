import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, DATABASE_UNAVAILABLE } from '../../http/errors.ts';
import { SingleFlight } from '../../http/single-flight.ts';

/**
 * How long a health check waits for the database before answering 503. A load balancer
 * checks every second or two with a short timeout: a database that black-holes its
 * connections must show as 503 well within that, never at the pool's query timeout (20 s).
 */
const PING_DEADLINE_MS = 750;

/** What a health check names when a part it needs does not answer. */
const DOWN = {
  database: DATABASE_UNAVAILABLE,
  limits: 'The rate-limit store is not answering: sign-ins and codes are refused until it is back.',
  closing: 'This server is shutting down.',
};

/**
 * 200 while this copy can serve: its database answers, so does the shared store of the
 * abuse limits (without it sign-ins fail closed), and it is not draining for a stop
 * (`app.draining`, set by server.ts). Otherwise 503 with `Retry-After` and which part is down.
 */
export async function healthRoutes(app: FastifyInstance) {
  // One ping at a time: checks that arrive while one is out wait for its answer, so a
  // database that does not answer never ties up more than one pooled connection.
  const pings = new SingleFlight<'ping', void>();
  const pingOnce = () => pings.run('ping', () => app.deps.database.ping(PING_DEADLINE_MS));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Whether the server, its database and its limits answer',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      if (app.draining) throw new AppError(503, 'unavailable', DOWN.closing);
      const [database, limits] = await Promise.allSettled([pingOnce(), app.deps.limiter.ping()]);
      if (database.status === 'rejected') throw new AppError(503, 'unavailable', DOWN.database, 'database');
      if (limits.status === 'rejected') throw new AppError(503, 'unavailable', DOWN.limits, 'limits');
      return { status: 'ok' as const };
    },
  );
}
