import {
  AuthResponseSchema,
  MAX_ROW_ID,
  SsoCallbackQuerySchema,
  SsoConfigInputSchema,
  SsoConfigReplySchema,
  SsoConfigSchema,
  SsoDiscoverySchema,
  SsoEmailSchema,
  SsoTicketSchema,
} from '@profilehub/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { discoverSso, finishSso, readSso, redeemSsoTicket, removeSso, saveSso, ssoRedirectUri, startSso } from './sso.service.ts';

const tags = ['sso'];
const open = { public: true };
const params = z.object({ id: z.coerce.number().int().positive().max(MAX_ROW_ID) });
/** The browser's half of the state: a cookie only our two sign-in routes see, so a callback from another browser is refused. */
const COOKIE = 'ph_sso';
const COOKIE_PATH = '/api/auth/sso';
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
  r.delete(
    '/companies/:id/sso',
    { schema: { tags, summary: "Removes a division's single sign-on", params, response: { 200: z.object({ success: z.literal(true) }) } } },
    (req) => removeSso(deps, actorOf(req), req.params.id),
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
      let started: { url: string; state: string };
      try {
        started = await startSso(deps, req.query.email);
      } catch (err) {
        if (!(err instanceof AppError)) req.log.warn({ err }, 'SSO: the provider could not be reached');
        return toSpa(reply, { error: err instanceof AppError && err.status === 404 ? 'sso_not_available' : 'sso_unavailable' });
      }
      reply.setCookie(COOKIE, started.state, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        maxAge: 600,
        secure: deps.config.PUBLIC_URL.startsWith('https:'),
      });
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

  r.post(
    '/auth/sso/ticket',
    {
      config: open,
      schema: { tags, summary: 'Trades the one-time ticket of an SSO sign-in for a session', body: SsoTicketSchema, response: { 200: AuthResponseSchema } },
    },
    (req) => redeemSsoTicket(deps, req.body.ticket, ctxOf(req)),
  );
}
