import { AUTH_MESSAGES, COMPANY_MESSAGES, OFFBOARDING_MESSAGES } from '@profilehub/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from './errors.ts';

export const UNCONFIRMED_MESSAGE = 'Set your password first: this account cannot be used until it has one.';

import { type Actor, actorFrom, deactivatedFor, hubClosedFor } from './policy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
  interface FastifyContextConfig {
    /** Anyone may call this route. Every other /api route needs a signed-in user (secure by default). */
    public?: boolean;
    /** A signed-in account that has not set its password yet may call this route (all others answer 403 until it has). */
    allowUnconfirmed?: boolean;
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

/** The actor of a route guarded by requireAuth. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}
