import { DomainAskQuerySchema, DomainStateSchema, MAX_ROW_ID, SetDomainSchema } from '@profilehub/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { type Actor, canManageDivisions } from '../../http/policy.ts';
import { PublicSites } from '../public-pages/public-pages.service.ts';
import { isDomainToken, isVerifiedDomain } from './domains.queries.ts';
import { domainState, removeDomain, setDomain, verifyDomain } from './domains.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ROW_ID) });

/** A division's own domain is set in the divisions console: superadmins only (policy: canManageDivisions). */
function consoleActor(actor: Actor): Actor {
  if (!canManageDivisions(actor)) throw forbidden('Only platform administrators manage divisions.');
  return actor;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Caddy's on-demand TLS asks from this machine, directly. A request Caddy forwards as a reverse
 * proxy also comes from loopback, but carries X-Forwarded-For: that is a visitor, not Caddy.
 */
const isLocalAsk = (req: FastifyRequest) => LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'] && !req.headers.forwarded;

/** The console's Custom domain card (under /api) and Caddy's ask endpoint. */
export async function domainsRoutes(app: FastifyInstance, opts: { sites: PublicSites }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  /** A domain that starts or stops serving a division is looked up afresh by this copy's next request. */
  const forget = (domain: string) => opts.sites.forget(domain);

  r.get(
    '/companies/:id/domain',
    {
      schema: {
        tags: ['domains'],
        summary: 'A division’s own domain: none, pending (DNS record, check URL) or verified (superadmin)',
        params: idParams,
        response: { 200: DomainStateSchema },
      },
    },
    async (req) => {
      consoleActor(actorOf(req));
      return domainState(deps, req.params.id);
    },
  );

  r.put(
    '/companies/:id/domain',
    {
      schema: {
        tags: ['domains'],
        summary: 'Sets a division’s own domain, to verify next (superadmin)',
        params: idParams,
        body: SetDomainSchema,
        response: { 200: DomainStateSchema },
      },
    },
    async (req) => setDomain(deps, consoleActor(actorOf(req)).userId, req.params.id, req.body.domain, forget),
  );

  r.post(
    '/companies/:id/domain/verify',
    {
      schema: {
        tags: ['domains'],
        summary: 'Fetches the verification token from the domain over HTTP; the domain serves the division once it answers (superadmin)',
        params: idParams,
        response: { 200: DomainStateSchema },
      },
    },
    async (req) => verifyDomain(deps, consoleActor(actorOf(req)).userId, req.params.id, forget),
  );

  r.delete(
    '/companies/:id/domain',
    { schema: { tags: ['domains'], summary: 'Removes a division’s own domain (superadmin)', params: idParams, response: { 200: DomainStateSchema } } },
    async (req) => removeDomain(deps, consoleActor(actorOf(req)).userId, req.params.id, forget),
  );

  r.get(
    '/domains/ask',
    {
      config: { public: true },
      schema: {
        tags: ['domains'],
        summary: 'Caddy’s on-demand TLS ask: 200 for a verified division domain, 404 otherwise; answers this machine only',
        querystring: DomainAskQuerySchema,
      },
    },
    async (req, reply) => {
      if (!isLocalAsk(req)) throw notFound(`No route for GET /api/domains/ask`);
      const domain = req.query.domain.trim().toLowerCase();
      if (!(await isVerifiedDomain(deps.db, domain))) throw notFound('This domain is not a verified division domain.');
      return reply.code(200).send({ domain });
    },
  );
}

/**
 * `/.well-known/profilehub-verification/{token}` on a division's pending or verified domain: the
 * token, as text, for the hub's own verification request. Any other host or token: 404.
 */
export async function domainVerificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/.well-known/profilehub-verification/:token',
    { schema: { hide: true, params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }) } },
    async (req, reply) => {
      const host = PublicSites.hostOf(req.headers.host);
      if (!(await isDomainToken(app.deps.db, host, req.params.token))) throw notFound('No verification token here.');
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(req.params.token);
    },
  );
}
