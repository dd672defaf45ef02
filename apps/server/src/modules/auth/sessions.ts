import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import type { Database, Db } from '../../db/client.ts';
import { insertSession, liveSessionMemberships, revokeSession, revokeSessionsOf, sharedJwtSecret } from './auth.queries.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SessionClaims = { userId: number; sessionId: string };

export type SessionStore = {
  create(userId: number, userAgent?: string): Promise<string>;
  /**
   * Signature and expiry of the token; null when either fails. Revocation is
   * checked by `requireAuth` in the same query that loads the actor.
   */
  verify(token: string): Promise<SessionClaims | null>;
  /** The session, live and not revoked, of a user not blocked, with the user's memberships (empty when not). */
  liveMemberships(claims: SessionClaims): ReturnType<typeof liveSessionMemberships>;
  revoke(sessionId: string): Promise<void>;
  revokeAllOf(userId: number, exceptSessionId?: string): Promise<void>;
};

/**
 * The JWT secret: JWT_SECRET when given. Otherwise one is generated on first start and
 * kept where every server that shares the data sees it: in the PostgreSQL database
 * (so two copies on one database accept each other's sessions), or under DATA_DIR for
 * the embedded one. Either way sessions survive restarts.
 */
export async function resolveJwtSecret(config: { JWT_SECRET?: string | undefined; DATA_DIR: string }, database: Database): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (database.kind === 'postgres') {
    // Two servers starting together: the first insert wins and both read the winner.
    return sharedJwtSecret(database.db, randomBytes(48).toString('base64url'));
  }
  const file = path.resolve(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function createSessionStore(db: Db, secret: string, ttlHours: number): SessionStore {
  const key = new TextEncoder().encode(secret);
  return {
    async create(userId, userAgent) {
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
      await insertSession(db, { id, userId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
      return new SignJWT({ sid: id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      let payload: { sub?: string; sid?: unknown };
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch {
        return null;
      }
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
      return { userId, sessionId: payload.sid };
    },
    liveMemberships: (claims) => liveSessionMemberships(db, claims.sessionId, claims.userId),
    revoke: (sessionId) => revokeSession(db, sessionId),
    revokeAllOf: (userId, exceptSessionId) => revokeSessionsOf(db, userId, exceptSessionId),
  };
}
