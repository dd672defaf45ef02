/** Database access of passkeys: the credentials, and the one-time WebAuthn challenges. */
import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys, users, webauthnChallenges } from '../../db/schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

export async function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

export async function passkeyById(db: Db, id: number): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return row;
}

export async function passkeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Stores a new passkey; undefined when its credential id is already stored (added twice). */
export async function insertPasskey(
  db: Db,
  row: { userId: number; credentialId: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string },
): Promise<PasskeyRow | undefined> {
  const [created] = await db.insert(passkeys).values(row).onConflictDoNothing({ target: passkeys.credentialId }).returning();
  return created;
}

export async function renamePasskey(db: Db, id: number, userId: number, name: string): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskey(db: Db, id: number, userId: number): Promise<boolean> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return gone.length > 0;
}

/**
 * Records a sign-in's signature counter in one statement, only while it moves forward (or the
 * authenticator counts nothing: 0 and 0): two sign-ins with one counter value, or a clone's
 * older one, find the row moved on and are refused. False then.
 */
export async function advanceCounter(db: Db, id: number, counter: number): Promise<boolean> {
  const moved = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, id), or(lt(passkeys.counter, counter), and(eq(passkeys.counter, 0), sql`${counter} = 0`))))
    .returning({ id: passkeys.id });
  return moved.length > 0;
}

export async function setSecondFactor(db: Db, userId: number, secondFactor: 'passkey_or_code' | null) {
  await db.update(users).set({ secondFactor, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Keeps a challenge until `expiresAt`; the expired ones of everyone go at the same time. */
export async function insertChallenge(db: Db, row: { challenge: string; purpose: ChallengePurpose; userId: number | null; expiresAt: Date }) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values(row);
}

/** Takes a live challenge of this purpose, once: the delete that finds it wins, any other finds nothing. */
export async function takeChallenge(db: Db, challenge: string, purpose: ChallengePurpose): Promise<{ userId: number | null } | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, new Date())))
    .returning({ userId: webauthnChallenges.userId });
  return row;
}
