import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, walletRegistrations } from '../../db/schema.ts';

/** A published profile's version, for a pass: when it was published and the stored page's ETag. */
export async function publishedVersion(db: Db, profileId: number) {
  const [row] = await db.select({ publishedAt: profiles.publishedAt, etag: profiles.publishedEtag }).from(profiles).where(eq(profiles.id, profileId)).limit(1);
  return row?.publishedAt && row.etag ? { publishedAt: row.publishedAt, etag: row.etag } : null;
}

/** Registers a phone for a card's updates; answers whether it is new (an existing one takes the new push token). */
export async function upsertRegistration(db: Db, r: { deviceLibraryId: string; profileId: number; pushToken: string }): Promise<boolean> {
  const [row] = await db
    .insert(walletRegistrations)
    .values(r)
    .onConflictDoUpdate({ target: [walletRegistrations.deviceLibraryId, walletRegistrations.profileId], set: { pushToken: r.pushToken } })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}

export async function registrationCount(db: Db, profileId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(walletRegistrations).where(eq(walletRegistrations.profileId, profileId));
  return row?.n ?? 0;
}

export async function deleteRegistration(db: Db, deviceLibraryId: string, profileId: number): Promise<boolean> {
  const gone = await db
    .delete(walletRegistrations)
    .where(and(eq(walletRegistrations.deviceLibraryId, deviceLibraryId), eq(walletRegistrations.profileId, profileId)))
    .returning({ id: walletRegistrations.id });
  return gone.length > 0;
}

/** The cards of a phone published after `since` (all when null), and the newest publish among them. */
export async function updatedForDevice(db: Db, deviceLibraryId: string, since: Date | null) {
  const where = and(eq(walletRegistrations.deviceLibraryId, deviceLibraryId), since ? gt(profiles.publishedAt, since) : undefined);
  return db
    .select({ profileId: profiles.id, publishedAt: sql<Date>`${profiles.publishedAt}` })
    .from(walletRegistrations)
    .innerJoin(profiles, eq(profiles.id, walletRegistrations.profileId))
    .where(and(where, sql`${profiles.publishedAt} is not null`));
}

/** Registrations whose card was published since they were last told, oldest first, at most `limit`. */
export async function registrationsToPush(db: Db, limit: number) {
  return db
    .select({ id: walletRegistrations.id, pushToken: walletRegistrations.pushToken, publishedAt: profiles.publishedAt })
    .from(walletRegistrations)
    .innerJoin(profiles, eq(profiles.id, walletRegistrations.profileId))
    .where(gt(profiles.publishedAt, walletRegistrations.pushedAt))
    .orderBy(walletRegistrations.id)
    .limit(limit);
}

export async function markPushed(db: Db, ids: number[], publishedAt: Date): Promise<void> {
  if (ids.length) await db.update(walletRegistrations).set({ pushedAt: publishedAt }).where(inArray(walletRegistrations.id, ids));
}

export async function deleteRegistrations(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(walletRegistrations).where(inArray(walletRegistrations.id, ids));
}
