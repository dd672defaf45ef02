/** The permission records of templates (permissions.service.ts). */
import type { PermissionEntry } from '@profilehub/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { permissionRecords } from '../../db/schema.ts';
import type { PermissionRecordRow } from '../profiles/profiles.queries.ts';

type RecordKind = PermissionRecordRow['kind'];

/** Creates the template's record of that kind, or replaces its title and entries when it exists. */
export async function upsertPermissionRecord(
  db: Db,
  record: { profileId: number; kind: RecordKind; title: string; permissions: PermissionEntry[] },
): Promise<PermissionRecordRow> {
  const [row] = await db
    .insert(permissionRecords)
    .values(record)
    .onConflictDoUpdate({
      target: [permissionRecords.profileId, permissionRecords.kind],
      set: { title: record.title, permissions: record.permissions, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function permissionRecordById(db: Db, id: number): Promise<PermissionRecordRow | undefined> {
  const [row] = await db.select().from(permissionRecords).where(eq(permissionRecords.id, id)).limit(1);
  return row;
}

/** Replaces a record's entries, and its title when one is given. */
export async function updatePermissionRecord(
  db: Db,
  id: number,
  input: { permissions: PermissionEntry[]; title?: string | undefined },
): Promise<PermissionRecordRow> {
  const [updated] = await db
    .update(permissionRecords)
    .set({ permissions: input.permissions, ...(input.title ? { title: input.title } : {}), updatedAt: new Date() })
    .where(eq(permissionRecords.id, id))
    .returning();
  return updated!;
}
