/** The uploads table as the upload routes, the file server and the sweep read and write it. */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, uploads, users } from '../../db/schema.ts';
import { rowsOf } from '../events/rollups.ts';
import { CONTACT_CARD } from './rules.ts';

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

/** What the file server needs of a stored key: its type and size, or undefined for no such upload (or a scanned card's photo, which is private). */
export async function servedUpload(db: Db, key: string): Promise<{ mime: string; size: number } | undefined> {
  const [row] = await db
    .select({ mime: uploads.mime, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.storageKey, key), ne(uploads.purpose, CONTACT_CARD)))
    .limit(1);
  return row;
}

/**
 * Storage keys that some content still shows: a draft, what is live (profiles, overrides,
 * lead forms), a request waiting for approval, the last two publications of each profile
 * (the rollback target), a division's white-label settings and styling previews, a contact's
 * scanned card. Keys are
 * server-generated (KEY_PATTERN), so finding one in the text is finding a reference.
 */
const REFERENCED_KEYS = sql`
  select distinct m[1] as key from (
    select content::text as t from profiles
    union all select published_content::text from profiles where published_content is not null
    union all select published_overrides::text from profiles where published_overrides is not null
    union all select published_lead_form::text from profiles where published_lead_form is not null
    union all select requested_content::text from approvals where approved is null and requested_content is not null
    union all select content::text || published_content::text from (
      select content, published_content, row_number() over (partition by profile_id order by published_at desc, id desc) as n
      from profile_publications) recent where n <= 2
    union all select white_label::text from companies where white_label is not null
    union all select preview_image_url from profile_stylings where preview_image_url is not null
    union all select u.storage_key from lead_submissions l join uploads u on u.id = l.card_upload_id
  ) texts, regexp_matches(texts.t, '([0-9a-f]{32}\\.(?:jpg|png|webp|gif|svg|mp4|mov))', 'g') as m`;

/** Uploads no content refers to that were removed or created before `createdBefore`: the first `limit` ids. */
export async function unusedUploadIds(db: Db, createdBefore: Date, limit: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with referenced as (${REFERENCED_KEYS})
      select u.id from uploads u
      where (u.removed_at is not null or u.created_at < ${createdBefore.toISOString()}::timestamptz)
        and not exists (select 1 from referenced r where r.key = u.storage_key)
      order by u.id
      limit ${limit}`),
  );
  return rows.map((r) => Number(r.id));
}

/** Deletes the rows; the storage keys of those deleted. */
export async function deleteUploads(db: Db, ids: number[]): Promise<string[]> {
  const removed = await db.delete(uploads).where(inArray(uploads.id, ids)).returning({ key: uploads.storageKey });
  return removed.map((r) => r.key);
}
