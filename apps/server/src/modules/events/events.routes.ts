import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { NUL_MESSAGE, TrackEventSchema } from '@profilehub/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { badRequest, busy, InvalidInput } from '../../http/errors.ts';
import { type FastPath, type FastRoute, mediaType, readSmallBody } from '../../http/fast-path.ts';
import { pathOnly } from '../../http/logging.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { isWellFormed } from '../../http/well-formed.ts';
import { PublicSites } from '../public-pages/public-pages.service.ts';
import { isBotAgent, visitorHash } from './events.service.ts';
import { viewSourcesOf } from './view-sources.ts';

const BODY_LIMIT = 4096;
const INVALID_JSON = 'The event is not valid JSON.';
const NOT_RECORDED = 'The interaction could not be recorded right now; please send it again in a moment.';

type EventDeps = Pick<Deps, 'ingest' | 'limiter' | 'visitorSecret' | 'config'>;
/** Who sent an event, to which host (the page's own, for a real beacon), and where its request logs. */
type Sender = { ip: string; userAgent: string | undefined; host: string | undefined; log: FastifyBaseLogger };

/**
 * One interaction from a public page, whichever path brought it: checked, counted against
 * the sender's address, then committed with its rollups — resolved only once it is stored
 * (group commit), so a 204 is a promise. Bots are acknowledged like everyone else, so they
 * learn nothing, but only counted as filtered.
 */
async function recordEvent(deps: EventDeps, from: Sender, input: unknown): Promise<void> {
  const { ip, userAgent } = from;
  if (!isWellFormed(input)) throw badRequest(NUL_MESSAGE);
  const parsed = TrackEventSchema.safeParse(input);
  if (!parsed.success) throw new InvalidInput(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  const { source, referrer, campaign, ...event } = parsed.data;
  await deps.limiter.hit(LIMITS.eventsPerIp, ip);
  const now = new Date();
  if (isBotAgent(userAgent)) return deps.ingest.acceptBot(event.profileId, now, PublicSites.hostOf(from.host));
  try {
    await deps.ingest.accept({
      ...event,
      label: event.label ?? null,
      value: event.value ?? null,
      // Only what is derived is kept: the address and the agent go no further than this call.
      // VIEW_SOURCES=false: views are counted without where they came from (no device, OS, browser or country).
      sources:
        deps.config.VIEW_SOURCES && event.action === 'view' && event.type === 'page'
          ? viewSourcesOf({ source, referrer, campaign }, { userAgent: userAgent ?? '', ip })
          : null,
      visitorHash: visitorHash(deps.visitorSecret, ip, now.toISOString().slice(0, 10)),
      occurredAt: now,
    });
  } catch (err) {
    from.log.warn({ err }, 'event not stored');
    throw busy(NOT_RECORDED, 1);
  }
}

/**
 * POST /api/events before Fastify (http/fast-path.ts): what navigator.sendBeacon sends — a
 * small text/plain or JSON body of known length. Anything else (no length, too long, another
 * type) goes on to the Fastify route below, which answers it the same way or refuses it.
 */
export function eventsFastRoute(
  deps: EventDeps,
  fast: FastPath,
  log: FastifyBaseLogger,
  isKnownHost: (host: string | undefined) => Promise<boolean>,
): FastRoute {
  const take = async (req: IncomingMessage, res: ServerResponse, fastify: RequestListener) => {
    try {
      // A Host this server does not serve goes on to Fastify (421), its body unread.
      if (!(await isKnownHost(req.headers.host))) return fastify(req, res);
      const text = await readSmallBody(req);
      let input: unknown;
      try {
        input = JSON.parse(text);
      } catch {
        throw badRequest(INVALID_JSON);
      }
      await recordEvent(deps, { ip: fast.clientIp(req), userAgent: req.headers['user-agent'], host: req.headers.host, log }, input);
      fast.send(res, 204, {});
    } catch (err) {
      fast.sendError(res, err, log);
    }
  };
  return (req, res, fastify) => {
    if (req.method !== 'POST' || pathOnly(req.url ?? '') !== '/api/events') return false;
    const type = mediaType(req);
    const length = Number(req.headers['content-length']);
    if ((type !== 'text/plain' && type !== 'application/json') || !(length <= BODY_LIMIT) || req.headers['transfer-encoding'] !== undefined) return false;
    void take(req, res, fastify);
    return true;
  };
}

/** POST /api/events through Fastify: the documented route, and the answer to whatever the fast path leaves. */
export async function eventsRoutes(app: FastifyInstance) {
  // Only this plugin reads text/plain bodies, and only as JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error(INVALID_JSON), { statusCode: 400 }), undefined);
    }
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/events',
    {
      bodyLimit: BODY_LIMIT,
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
      await recordEvent(app.deps, { ip: req.ip, userAgent: req.headers['user-agent'], host: req.headers.host, log: req.log }, req.body);
      return reply.code(204).send();
    },
  );
}
