import { API_KEY_MESSAGES, API_KEY_PREFIX, type ApiKeyScope, AUTH_MESSAGES, COMPANY_MESSAGES, OFFBOARDING_MESSAGES } from '@profilehub/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from './errors.ts';

export const UNCONFIRMED_MESSAGE = 'Set your password first: this account cannot be used until it has one.';

import { type Actor, actorFrom, apiKeyActor, deactivatedFor, hubClosedFor } from './policy.ts';
import { LIMITS } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
  interface FastifyContextConfig {
    /** Anyone may call this route. Every other /api route needs a signed-in user (secure by default). */
    public?: boolean;
    /** A signed-in account that has not set its password yet may call this route (all others answer 403 until it has). */
    allowUnconfirmed?: boolean;
    /**
     * An API key with this scope may call this route (decision 027, docs/api.md). The allow-list of
     * the public API: a route without it refuses every key (403), whatever its scopes.
     */
    apiKeyScope?: ApiKeyScope;
  }
}

/**
 * The /api plugin's onRequest hook: every route is authenticated unless it says
 * `config: { public: true }`, so a new route is closed until someone opens it on purpose.
 */
export async function authenticateUnlessPublic(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.routeOptions.config.public === true) return;
  await requireAuth(req, reply);
}

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * preHandler for signed-in routes: a valid token whose session is live and whose
 * user is not blocked sets `req.actor`; anything else is 401. Session, user and
 * memberships come back in one query, since this runs on every signed-in request.
 */
async function requireAuth(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  if (token.startsWith(API_KEY_PREFIX)) return requireApiKey(req, token);
  const store = req.server.deps.sessions;
  const claims = await store.verify(token);
  if (!claims) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  const rows = await store.liveMemberships(claims);
  const first = rows[0];
  if (!first) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  // Spec §4: an account whose password is not set yet goes to set it first — the server holds it to that too.
  if (!first.confirmed && req.routeOptions.config.allowUnconfirmed !== true) throw forbidden(UNCONFIRMED_MESSAGE);
  const all = rows.flatMap((r) =>
    r.companyId === null ? [] : [{ companyId: r.companyId, role: r.memberRole ?? '', archived: r.archivedAt !== null, deactivated: r.deactivatedAt !== null }],
  );
  // Offboarding (decision 022): a division that deactivated the person is gone from their next request; with none left, so are they.
  if (deactivatedFor(first.role, all)) throw new AppError(401, 'deactivated', OFFBOARDING_MESSAGES.accountDeactivated);
  // An archived division's members lose it at their next request; those left with none are signed out.
  if (hubClosedFor(first.role, all)) throw new AppError(401, 'hub_closed', COMPANY_MESSAGES.hubClosed);
  const memberships = all.filter((m) => !m.archived && !m.deactivated);
  req.actor = actorFrom({ id: claims.userId, role: first.role }, memberships, claims.sessionId);
}

/**
 * An API key (decision 027): the live key of the division, counted against its own limit, then
 * allowed only on a route that names one of its scopes; it acts as its maker, a supervisor of
 * that division alone, through the route's usual policy. A key never reaches a route for people.
 */
async function requireApiKey(req: FastifyRequest, token: string): Promise<void> {
  const { apiKeys, limiter } = req.server.deps;
  const key = await apiKeys.verify(token);
  if (!key) {
    await limiter.hit(LIMITS.apiKeyRefusedPerIp, req.ip);
    throw unauthorized(API_KEY_MESSAGES.invalid);
  }
  await limiter.hit(LIMITS.apiKeyPerKey, String(key.id));
  const scope = req.routeOptions.config.apiKeyScope;
  if (!scope) throw forbidden(API_KEY_MESSAGES.notForKeys);
  if (!key.scopes.includes(scope)) throw forbidden(API_KEY_MESSAGES.missingScope(scope));
  req.actor = apiKeyActor(key);
}

/** The actor of a route guarded by requireAuth. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}
