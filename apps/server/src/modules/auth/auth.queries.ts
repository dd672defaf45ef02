/**
 * Database access of sign-in: accounts and their counters, spent Google
 * id tokens, one-time codes, sessions and the shared JWT secret.
 */
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appState, companies, companyMembers, oneTimeCodes, passkeys, profiles, sessions, usedIdTokens, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return u;
}

export async function userById(db: Db, id: number): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

export async function userByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return u;
}

export async function emailOfUser(db: Db, id: number): Promise<string | undefined> {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return u?.email;
}

/** The user's divisions and roles, in the order the hub lists them, each saying whether it is archived and whether the person was deactivated in it. */
export async function membershipsOf(db: Db, userId: number) {
  const rows = await db
    .select({ companyId: companyMembers.companyId, role: companyMembers.role, archivedAt: companies.archivedAt, deactivatedAt: companyMembers.deactivatedAt })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .orderBy(asc(companyMembers.position), asc(companyMembers.companyId));
  return rows.map(({ archivedAt, deactivatedAt, ...m }) => ({ ...m, archived: archivedAt !== null, deactivated: deactivatedAt !== null }));
}

/** The user's first profile (lowest id), or undefined. */
export async function firstProfileOf(db: Db, userId: number) {
  const [profile] = await db
    .select({ id: profiles.id, alias: profiles.alias })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .orderBy(asc(profiles.id))
    .limit(1);
  return profile;
}

/** Whether the account owning the profile with this alias finished registration; false for no such profile. */
export async function aliasOwnerRegistered(db: Db, alias: string): Promise<boolean> {
  const [row] = await db
    .select({ registered: users.registered })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.alias, alias))
    .limit(1);
  return row?.registered ?? false;
}

/** The emailed login code was right: no verification due, failed logins start again. */
export async function clearLoginVerification(db: Db, email: string) {
  await db.update(users).set({ verificationRequired: false, failedLogins: 0, updatedAt: new Date() }).where(eq(users.email, email));
}

export async function completeRegistration(db: Db, userId: number, set: { confirmed: boolean; passwordHash: string | null }): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ registered: true, confirmed: set.confirmed, passwordHash: set.passwordHash, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/** Counts a wrong password in one statement; the `maxFailedLogins`th in a row makes an emailed code due. */
export async function countFailedLogin(db: Db, userId: number, maxFailedLogins: number) {
  await db
    .update(users)
    .set({
      failedLogins: sql`${users.failedLogins} + 1`,
      verificationRequired: sql`${users.verificationRequired} or ${users.failedLogins} + 1 >= ${maxFailedLogins}`,
    })
    .where(eq(users.id, userId));
}

/** Resets the failed logins only while no verification is due (one statement); false when one is. */
export async function clearFailedLogins(db: Db, userId: number): Promise<boolean> {
  const [cleared] = await db
    .update(users)
    .set({ failedLogins: 0 })
    .where(and(eq(users.id, userId), eq(users.verificationRequired, false)))
    .returning({ id: users.id });
  return cleared !== undefined;
}

/** The signed-in user's own new password: confirmed, and no verification or failed logins left. */
export async function setPassword(db: Db, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, confirmed: true, verificationRequired: false, failedLogins: 0, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** A password set by the emailed reset link, which also proves the mailbox: registered and confirmed, every counter cleared. */
export async function resetPasswordOf(db: Db, userId: number, passwordHash: string): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ passwordHash, confirmed: true, registered: true, verificationRequired: false, failedLogins: 0, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/** Marks a Google id token used in one statement; false when it already was. */
export async function spendIdToken(db: Db, tokenHash: string, expiresAt: Date): Promise<boolean> {
  const spent = await db.insert(usedIdTokens).values({ tokenHash, expiresAt }).onConflictDoNothing().returning({ tokenHash: usedIdTokens.tokenHash });
  return spent.length > 0;
}

/** Links the Google account to the user unless another one already is; undefined then. */
export async function linkGoogleAccount(db: Db, userId: number, sub: string): Promise<UserRow | undefined> {
  const [linked] = await db
    .update(users)
    .set({ googleSub: sub, registered: true, confirmed: true, verificationRequired: false, updatedAt: new Date() })
    .where(and(eq(users.id, userId), or(isNull(users.googleSub), eq(users.googleSub, sub))))
    .returning();
  return linked;
}

/** Ends every unused code and token of these purposes. */
export async function revokeCodes(db: Db, email: string, purposes: CodePurpose[]) {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCodes.email, email), inArray(oneTimeCodes.purpose, purposes), isNull(oneTimeCodes.usedAt)));
}

export async function insertCode(db: Db, code: { email: string; purpose: CodePurpose; codeHash: string; expiresAt: Date }) {
  await db.insert(oneTimeCodes).values(code);
}

/** Counts a try of the newest live code of this email and purpose while it has fewer than `maxAttempts`; that code, or undefined. */
export async function takeCodeAttempt(db: Db, email: string, purpose: CodePurpose, maxAttempts: number) {
  const [taken] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(
          oneTimeCodes.id,
          sql`(select id from one_time_codes where email = ${email} and purpose = ${purpose} and used_at is null and expires_at > now() order by id desc limit 1)`,
        ),
        isNull(oneTimeCodes.usedAt),
        sql`${oneTimeCodes.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash, attempts: oneTimeCodes.attempts });
  return taken;
}

/** Uses the code up; false when someone else did in between. */
export async function markCodeUsed(db: Db, id: number): Promise<boolean> {
  const used = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return used.length === 1;
}

/** Uses up the live, unused token with this hash and purpose; the email it belongs to, or null. */
export async function consumeTokenByHash(db: Db, codeHash: string, purpose: CodePurpose): Promise<string | null> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCodes.codeHash, codeHash), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, new Date())))
    .returning({ email: oneTimeCodes.email });
  return row?.email ?? null;
}

/** The email of the live, unused token with this hash and purpose, leaving it live; null otherwise. */
export async function liveTokenByHash(db: Db, codeHash: string, purpose: CodePurpose): Promise<string | null> {
  const [row] = await db
    .select({ email: oneTimeCodes.email })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, codeHash), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, new Date())))
    .limit(1);
  return row?.email ?? null;
}

/** Whether the user has a passkey (the second step then offers one). */
export async function hasPasskey(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

export async function insertSession(db: Db, session: { id: string; userId: number; expiresAt: Date; userAgent: string | null }) {
  await db.insert(sessions).values(session);
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of the user, but the one named. */
export async function revokeSessionsOf(db: Db, userId: number, exceptSessionId?: string) {
  const mine = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(exceptSessionId ? and(mine, ne(sessions.id, exceptSessionId)) : mine);
}

/** Stores `candidate` as the JWT secret unless one is stored already; the stored one. */
export async function sharedJwtSecret(db: Db, candidate: string): Promise<string> {
  await db
    .insert(appState)
    .values({ key: 'jwt-secret', value: { secret: candidate } })
    .onConflictDoNothing();
  const [row] = await db.select().from(appState).where(eq(appState.key, 'jwt-secret'));
  return String(row!.value.secret);
}

/**
 * The signed-in request's check (http/auth.ts): the session, live and not revoked, of a user
 * not blocked, with the user's memberships — one row per membership (one with a null
 * division when there is none), in one query, since it runs on every signed-in request.
 */
export async function liveSessionMemberships(db: Db, sessionId: string, userId: number) {
  return db
    .select({
      role: users.role,
      confirmed: users.confirmed,
      companyId: companyMembers.companyId,
      memberRole: companyMembers.role,
      position: companyMembers.position,
      archivedAt: companies.archivedAt,
      deactivatedAt: companyMembers.deactivatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), eq(users.blocked, false)),
    )
    .orderBy(asc(companyMembers.position), asc(companyMembers.companyId));
}
