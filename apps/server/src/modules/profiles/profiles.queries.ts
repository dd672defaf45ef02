import type { FeatureFlags, PermissionEntryInput, Role } from '@profilehub/shared';
import { and, count, desc, eq, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { approvals, auditLog, companies, permissionRecords, profileStylings, profiles, users } from '../../db/schema.ts';
import { flagsOf } from '../companies/companies.queries.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type PermissionRecordRow = typeof permissionRecords.$inferSelect;
export type ThemeRow = typeof profileStylings.$inferSelect;

/** Everything a profile route reads about one profile: the row, its division, its master and the permission records that govern it. */
export type ProfileContext = {
  /** The profile row, with the role of the account that owns it (null for a template or an orphan): who may manage it depends on it. */
  profile: ProfileRow & { ownerRole: Role | null };
  company: CompanyRow & { flags: FeatureFlags };
  /** The master of a child profile (null for a master or standalone profile, or when the master is gone). */
  master: ProfileRow | null;
  /** The entries that govern a child: its master's `child` record; for a master, its own `child` record. */
  childPermissions: PermissionRecordRow | null;
  /** A master's own `master` record (null for other profiles). */
  masterPermissions: PermissionRecordRow | null;
};

/** Permission entries as the shared rules read them (validated when they were written). */
export const entriesOf = (record: PermissionRecordRow | null): PermissionEntryInput[] => (record?.permissions ?? []) as PermissionEntryInput[];

/** The profile and the rows around it, or undefined when there is no such profile. */
export async function loadProfileContext(db: Db, id: number): Promise<ProfileContext | undefined> {
  const [row] = await db
    .select({ profile: profiles, company: companies, ownerRole: users.role })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, id))
    .limit(1);
  if (!row) return undefined;
  const { company } = row;
  const profile = { ...row.profile, ownerRole: row.ownerRole };
  let master: ProfileRow | null = null;
  if (!profile.isMaster && profile.masterProfileId !== null) {
    master = (await db.select().from(profiles).where(eq(profiles.id, profile.masterProfileId)).limit(1))[0] ?? null;
  }
  const owner = profile.isMaster ? profile.id : master?.id;
  const records = owner === undefined ? [] : await db.select().from(permissionRecords).where(eq(permissionRecords.profileId, owner));
  return {
    profile,
    company: { ...company, flags: flagsOf(company) },
    master,
    childPermissions: records.find((r) => r.kind === 'child') ?? null,
    masterPermissions: profile.isMaster ? (records.find((r) => r.kind === 'master') ?? null) : null,
  };
}

/** The answer to the profile's latest answered request (approved or declined, with the supervisor's message). */
export async function lastDecisionOf(db: Db, profileId: number): Promise<{ approved: boolean; message: string | null; respondedAt: string } | null> {
  const [row] = await db
    .select({ approved: approvals.approved, message: approvals.message, respondedAt: approvals.respondedAt })
    .from(approvals)
    .where(and(eq(approvals.profileId, profileId), isNotNull(approvals.approved), isNotNull(approvals.respondedAt)))
    .orderBy(desc(approvals.respondedAt), desc(approvals.id))
    .limit(1);
  return row ? { approved: row.approved!, message: row.message, respondedAt: row.respondedAt!.toISOString() } : null;
}

const ROLLED_BACK = 'profile.rolled_back';

/** Records who rolled the profile back, at the time of the publication it made (so the owner's editor can tell it is still the live one). */
export async function recordRollback(db: Db, o: { actorId: number; profileId: number; at: Date }): Promise<void> {
  await db.insert(auditLog).values({ actorId: o.actorId, action: ROLLED_BACK, target: `profile:${o.profileId}`, createdAt: o.at });
}

/**
 * The rollback that made the live page, if the live page is one: the latest rollback of the
 * profile at or after its publication time (a rollback is recorded at the time of the
 * publication it makes; a later publish leaves it behind). Reads only the audit rows since
 * that publication, through the audit log's time index.
 */
export async function lastRollbackOf(db: Db, profileId: number, publishedAt: Date): Promise<{ at: string; by: string | null } | null> {
  const [row] = await db
    .select({ at: auditLog.createdAt, first: users.firstName, last: users.lastName, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(gte(auditLog.createdAt, publishedAt), eq(auditLog.action, ROLLED_BACK), eq(auditLog.target, `profile:${profileId}`)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const name = [row.first, row.last].filter(Boolean).join(' ').trim() || row.email;
  return { at: row.at.toISOString(), by: name || null };
}

/** The pending approval of a profile (spec §4: approved null), if any. */
export async function pendingApprovalId(db: Db, profileId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(and(eq(approvals.profileId, profileId), isNull(approvals.approved)))
    .limit(1);
  return row?.id ?? null;
}

/** A theme a profile of `companyId` may use: a default theme or one of its division's. */
export async function themeForCompany(db: Db, themeId: number, companyId: number): Promise<ThemeRow | undefined> {
  const [theme] = await db.select().from(profileStylings).where(eq(profileStylings.id, themeId)).limit(1);
  if (!theme || (theme.companyId !== null && theme.companyId !== companyId)) return undefined;
  return theme;
}

/**
 * Stores an edit only if the profile is still at `version` (optimistic concurrency), bumping the
 * version; undefined when another save came first.
 */
export async function updateContentAtVersion(
  db: Db,
  id: number,
  version: number,
  edit: { content: Record<string, unknown>; stylingId: number | null },
): Promise<{ version: number } | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ content: edit.content, version: sql`${profiles.version} + 1`, stylingId: edit.stylingId, updatedAt: new Date() })
    .where(and(eq(profiles.id, id), eq(profiles.version, version)))
    .returning({ version: profiles.version });
  return row;
}

export async function insertProfile(db: Db, values: typeof profiles.$inferInsert): Promise<ProfileRow> {
  const [row] = await db.insert(profiles).values(values).returning();
  return row!;
}

/** How many profiles use the template. */
export async function childCount(db: Db, masterId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profiles).where(eq(profiles.masterProfileId, masterId));
  return row?.n ?? 0;
}

/** Deletes the profile unless it is published; false when nothing was deleted. */
export async function deleteUnpublishedProfile(db: Db, id: number): Promise<boolean> {
  const gone = await db
    .delete(profiles)
    .where(and(eq(profiles.id, id), isNull(profiles.publishedAt)))
    .returning({ id: profiles.id });
  return gone.length > 0;
}

/** Whether a profile (other than `exceptProfileId`) has the alias. */
export async function aliasTaken(db: Db, alias: string, exceptProfileId?: number): Promise<boolean> {
  const where = exceptProfileId === undefined ? eq(profiles.alias, alias) : and(eq(profiles.alias, alias), ne(profiles.id, exceptProfileId));
  const [taken] = await db.select({ id: profiles.id }).from(profiles).where(where).limit(1);
  return taken !== undefined;
}

/** Sets the profile's alias if it has none yet; false when it already had one. A taken alias throws (unique index). */
export async function setAliasIfUnset(db: Db, id: number, alias: string): Promise<boolean> {
  const updated = await db
    .update(profiles)
    .set({ alias, updatedAt: new Date() })
    .where(and(eq(profiles.id, id), isNull(profiles.alias)))
    .returning({ alias: profiles.alias });
  return updated.length > 0;
}

/** A unique index refused the write (PostgreSQL 23505), however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
