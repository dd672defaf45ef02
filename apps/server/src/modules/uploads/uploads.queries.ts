/** The uploads table as the upload routes and the file server read and write it. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, uploads, users } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

/** A profile as the edit policy sees it (owner, division, owner's role), or undefined. */
export async function profileScopeById(db: Db, id: number) {
  const [p] = await db
    .select({ id: profiles.id, userId: profiles.userId, companyId: profiles.companyId, ownerRole: users.role })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, id))
    .limit(1);
  return p;
}

export async function insertUploads(db: Db, rows: NewUpload[]): Promise<UploadRow[]> {
  return db.insert(uploads).values(rows).returning();
}

export async function uploadById(db: Db, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/** No longer offered for editing; the sweep deletes the bytes once nothing shows them. */
export async function markUploadRemoved(db: Db, id: number): Promise<void> {
  await db
    .update(uploads)
    .set({ removedAt: sql`coalesce(${uploads.removedAt}, now())` })
    .where(eq(uploads.id, id));
}

/** A rich-text image now belongs to the profile whose text shows it. */
export async function linkUpload(db: Db, id: number, profile: { id: number; companyId: number }): Promise<void> {
  await db.update(uploads).set({ profileId: profile.id, companyId: profile.companyId, removedAt: null }).where(eq(uploads.id, id));
}

/** Unlinks the file stored under `key` from the profile; false when it was not linked to it. */
export async function unlinkUpload(db: Db, key: string, profileId: number): Promise<boolean> {
  const unlinked = await db
    .update(uploads)
    .set({ profileId: null })
    .where(and(eq(uploads.storageKey, key), eq(uploads.profileId, profileId)))
    .returning({ id: uploads.id });
  return unlinked.length > 0;
}

/** What the file server needs of a stored key: its type and size, or undefined for no such upload. */
export async function servedUpload(db: Db, key: string): Promise<{ mime: string; size: number } | undefined> {
  const [row] = await db.select({ mime: uploads.mime, size: uploads.size }).from(uploads).where(eq(uploads.storageKey, key)).limit(1);
  return row;
}
