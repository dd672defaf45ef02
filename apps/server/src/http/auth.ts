import { asc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { companyMembers, users } from '../db/schema.ts';
import { unauthorized } from './errors.ts';
import type { Actor } from './policy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** preHandler for signed-in routes: a valid, unrevoked session sets `req.actor`, anything else is 401. */
export async function requireAuth(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  const { db, sessions } = req.server.deps;
  const claims = await sessions.verify(token);
  if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
  const [user] = await db.select({ id: users.id, role: users.role, blocked: users.blocked }).from(users).where(eq(users.id, claims.userId));
  if (!user || user.blocked) throw unauthorized('Your session has expired. Please sign in again.');
  const memberships = await db
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.userId, user.id))
    .orderBy(asc(companyMembers.position), asc(companyMembers.companyId));
  req.actor = {
    userId: user.id,
    sessionId: claims.sessionId,
    role: user.role,
    companyIds: memberships.map((m) => m.companyId),
    supervisedCompanyIds: user.role === 'supervisor' ? memberships.filter((m) => m.role === 'supervisor').map((m) => m.companyId) : [],
  };
}

/** The actor of a route guarded by requireAuth. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}
