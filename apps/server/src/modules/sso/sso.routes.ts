import {
  AuthResponseSchema,
  MAX_ROW_ID,
  SamlAcsBodySchema,
  SsoCallbackQuerySchema,
  SsoConfigInputSchema,
  SsoConfigReplySchema,
  SsoConfigSchema,
  SsoDiscoverySchema,
  SsoEmailSchema,
  SsoTicketSchema,
  SuccessSchema,
} from '@profilehub/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { discoverSso, finishSaml, finishSso, readSso, redeemSsoTicket, removeSso, samlMetadata, saveSso, ssoRedirectUri, startSso } from './sso.service.ts';

const tags = ['sso'];
const open = { public: true };
const params = z.object({ id: z.coerce.number().int().positive().max(MAX_ROW_ID) });
/** The browser's half of the state: a cookie only our two sign-in routes see, so a callback from another browser is refused. */
const COOKIE = 'ph_sso';
const COOKIE_PATH = '/api/auth/sso';
/**
 * SAML's half: the request ID, for the ACS only. The IdP posts the response from its own site, which
 * a Lax cookie does not follow, so over https it is SameSite=None (and Secure); over plain http
 * (development) browsers refuse None, and Lax reaches an IdP on the same host.
 */
const SAML_COOKIE = 'ph_saml';
const SAML_COOKIE_PATH = '/api/auth/saml';
const companyParams = z.object({ companyId: z.coerce.number().int().positive().max(MAX_ROW_ID) });
const ctxOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'], host: req.headers.host });
const toSpa = (reply: FastifyReply, query: Record<string, string>) => reply.redirect(`/authenticate/sso?${new URLSearchParams(query)}`);

function refusalReason(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown';
  const e = err as Error & { why?: string; code?: unknown };
  if (e.why) return e.why;
  // openid-client names the id-token claim that failed its check somewhere down the causes.
  let claim = '';
  for (let c: unknown = e.cause, depth = 0; c && typeof c === 'object' && depth < 4; c = (c as { cause?: unknown }).cause, depth++) {
    const named = (c as { claim?: unknown }).claim;
    if (typeof named === 'string') claim = ` (${named})`;
  }
  return `${e.name}${typeof e.code === 'string' ? ` ${e.code}` : ''}: ${e.message}${claim}`;
}

/** Company single sign-on (issue #28): a division's OpenID Connect provider, its settings, and the sign-in through it. */
export async function ssoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/companies/:id/sso',
    { schema: { tags, summary: "A division's single sign-on settings (never the secret)", params, response: { 200: SsoConfigReplySchema } } },
    (req) => readSso(deps, actorOf(req), req.params.id),
  );
  r.put(
    '/companies/:id/sso',
    {
      schema: {
        tags,
        summary: "Sets a division's single sign-on; the issuer must answer OpenID discovery. Leave clientSecret out to keep the stored one",
        params,
        body: SsoConfigInputSchema,
        response: { 200: SsoConfigSchema },
      },
    },
    (req) => saveSso(deps, actorOf(req), req.params.id, req.body),
  );
  r.delete('/companies/:id/sso', { schema: { tags, summary: "Removes a division's single sign-on", params, response: { 200: SuccessSchema } } }, (req) =>
    removeSso(deps, actorOf(req), req.params.id),
  );

  r.post(
    '/auth/sso/discover',
    {
      config: open,
      schema: {
        tags,
        summary: 'Whether an email signs in with its company provider, and whether only so',
        body: SsoEmailSchema,
        response: { 200: SsoDiscoverySchema },
      },
    },
    async (req) => {
      await deps.limiter.hit(LIMITS.lookupPerIp, req.ip);
      return discoverSso(deps.db, req.body.email);
    },
  );

  r.get(
    '/auth/sso/start',
    { config: open, schema: { tags, summary: "Starts single sign-on for this email (redirects to the division's provider)", querystring: SsoEmailSchema } },
    async (req, reply) => {
      await deps.limiter.hit(LIMITS.lookupPerIp, req.ip);
      let started: Awaited<ReturnType<typeof startSso>>;
      try {
        started = await startSso(deps, req.query.email);
      } catch (err) {
        if (!(err instanceof AppError)) req.log.warn({ err }, 'SSO: the provider could not be reached');
        return toSpa(reply, { error: err instanceof AppError && err.status === 404 ? 'sso_not_available' : 'sso_unavailable' });
      }
      const secure = deps.config.PUBLIC_URL.startsWith('https:');
      if (started.protocol === 'saml') {
        reply.setCookie(SAML_COOKIE, started.state, { path: SAML_COOKIE_PATH, httpOnly: true, sameSite: secure ? 'none' : 'lax', maxAge: 600, secure });
      } else {
        reply.setCookie(COOKIE, started.state, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', maxAge: 600, secure });
      }
      return reply.redirect(started.url);
    },
  );

  r.get(
    '/auth/sso/callback',
    {
      config: open,
      schema: {
        tags,
        summary: "The provider's redirect back; sends the browser on to /authenticate/sso with a one-time ticket, or an error",
        querystring: SsoCallbackQuerySchema,
      },
    },
    async (req, reply) => {
      const browserState = req.cookies[COOKIE];
      reply.clearCookie(COOKIE, { path: COOKIE_PATH });
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      try {
        return toSpa(reply, { ticket: await finishSso(deps, new URL(`${ssoRedirectUri(deps.config.PUBLIC_URL)}${query}`), browserState) });
      } catch (err) {
        // The reason stays in the log: the check that failed, never a code, token or claim value.
        req.log.warn({ reason: refusalReason(err) }, 'SSO sign-in refused');
        return toSpa(reply, { error: 'sso_failed' });
      }
    },
  );

  r.get(
    '/auth/saml/:companyId/metadata',
    { config: open, schema: { tags, summary: "The hub's SAML service provider metadata for a division (entity ID, ACS URL)", params: companyParams } },
    (req, reply) => reply.type('application/samlmetadata+xml').send(samlMetadata(deps.config.PUBLIC_URL, req.params.companyId)),
  );

  // The identity provider posts its response as a form (SAML HTTP-POST binding). Only the ACS, in its
  // own plugin, reads forms: the other routes stay JSON-only, out of reach of a cross-site form.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 600_000 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const acs = scope.withTypeProvider<ZodTypeProvider>();
    acs.post(
      '/auth/saml/acs',
      {
        config: open,
        schema: {
          tags,
          summary:
            "The SAML identity provider's form post (assertion consumer service); sends the browser on to /authenticate/sso with a one-time ticket, or an error",
          body: SamlAcsBodySchema,
        },
      },
      async (req, reply) => {
        const browserRequestId = req.cookies[SAML_COOKIE];
        reply.clearCookie(SAML_COOKIE, { path: SAML_COOKIE_PATH });
        try {
          return toSpa(reply, { ticket: await finishSaml(deps, req.body.SAMLResponse, browserRequestId) });
        } catch (err) {
          req.log.warn({ reason: refusalReason(err) }, 'SSO sign-in refused');
          return toSpa(reply, { error: 'sso_failed' });
        }
      },
    );
  });

  r.post(
    '/auth/sso/ticket',
    {
      config: open,
      schema: { tags, summary: 'Trades the one-time ticket of an SSO sign-in for a session', body: SsoTicketSchema, response: { 200: AuthResponseSchema } },
    },
    (req) => redeemSsoTicket(deps, req.body.ticket, ctxOf(req)),
  );
}
