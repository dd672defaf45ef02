import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SingleFlight } from '../../http/single-flight.ts';
import { ping } from './health.queries.ts';

/**
 * How long a health check waits for the database before answering 503. A database that
 * black-holes its connections would otherwise hold each check for the pool's query timeout
 * (20 s), long after the load balancer has given up on it.
 */
const PING_DEADLINE_MS = 3000;

export async function healthRoutes(app: FastifyInstance) {
  // One ping at a time: checks that arrive while one is out wait for its answer, so a
  // database that does not answer never ties up more than one pooled connection.
  const pings = new SingleFlight<'ping', void>();
  const pingOnce = () => pings.run('ping', () => ping(app.deps.db));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/health', { config: { public: true }, schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error(`The database did not answer the health check within ${PING_DEADLINE_MS} ms.`), { code: 'ETIMEDOUT' })),
          PING_DEADLINE_MS,
        );
      });
      try {
        await Promise.race([pingOnce(), deadline]);
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok' as const };
    });
}
