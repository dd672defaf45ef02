import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  approvals,
  companies,
  companyDailyStats,
  companyMembers,
  dailyStats,
  divisionExports,
  leadForms,
  leadSubmissions,
  permissionRecords,
  profilePublications,
  profileStylings,
  profiles,
  profileTotals,
  purchaseHistories,
  uploads,
  users,
} from '../../db/schema.ts';
import { rowsOf } from '../events/rollups.ts';

export type ExportRow = typeof divisionExports.$inferSelect;

export async function insertExport(db: Db, values: typeof divisionExports.$inferInsert): Promise<ExportRow> {
  const [row] = await db.insert(divisionExports).values(values).returning();
  return row!;
}

/** An export of the division still queued or running that moved within `since` (a dead job's row stops moving). */
export async function liveExportOf(db: Db, companyId: number, since: Date): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(divisionExports)
    .where(and(eq(divisionExports.companyId, companyId), inArray(divisionExports.status, ['queued', 'running']), gt(divisionExports.updatedAt, since)))
    .orderBy(desc(divisionExports.createdAt))
    .limit(1);
  return row;
}

export async function exportOf(db: Db, companyId: number, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(divisionExports)
    .where(and(eq(divisionExports.id, id), eq(divisionExports.companyId, companyId)))
    .limit(1);
  return row;
}

export async function exportById(db: Db, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(divisionExports).where(eq(divisionExports.id, id)).limit(1);
  return row;
}

/** The division's latest exports, newest first. */
export async function latestExports(db: Db, companyId: number, limit: number): Promise<ExportRow[]> {
  return db.select().from(divisionExports).where(eq(divisionExports.companyId, companyId)).orderBy(desc(divisionExports.createdAt)).limit(limit);
}

/** The job took the export: running from the start again (a retry begins afresh), read as of now. */
export async function startExport(db: Db, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .update(divisionExports)
    .set({ status: 'running', phase: 'data', done: 0, total: 0, error: null, snapshotAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(divisionExports.id, id), ne(divisionExports.status, 'ready')))
    .returning();
  return row;
}

export async function setExportProgress(db: Db, id: string, p: { phase: ExportRow['phase']; done: number; total: number }): Promise<void> {
  await db
    .update(divisionExports)
    .set({ ...p, updatedAt: sql`now()` })
    .where(eq(divisionExports.id, id));
}

export async function finishExport(db: Db, id: string, values: { storageKey: string; size: number; total: number }): Promise<void> {
  await db
    .update(divisionExports)
    .set({ ...values, status: 'ready', phase: 'done', done: values.total, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(divisionExports.id, id));
}

export async function failExport(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(divisionExports)
    .set({ status: 'failed', phase: 'failed', error: error.slice(0, 500), finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(divisionExports.id, id));
}

/** Exports past their expiry whose zip is still stored (the upkeep removes the zip, the row stays as a record). */
export async function expiredExports(db: Db, now: Date, limit: number): Promise<{ id: string; storageKey: string }[]> {
  const rows = await db
    .select({ id: divisionExports.id, storageKey: divisionExports.storageKey })
    .from(divisionExports)
    .where(and(lt(divisionExports.expiresAt, now), sql`${divisionExports.storageKey} is not null`))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, storageKey: r.storageKey! }));
}

export async function forgetExportFile(db: Db, id: string): Promise<void> {
  await db.update(divisionExports).set({ storageKey: null }).where(eq(divisionExports.id, id));
}

/**
 * The last time anything of the division an export holds was changed: its settings, a
 * profile or template, a theme, a lead form, an approval, an upload, a lead. Statistics are
 * left out: page views change them every minute.
 */
export async function lastChangeOf(db: Db, companyId: number): Promise<Date> {
  const [row] = rowsOf<{ at: string | Date }>(
    await db.execute(sql`select greatest(
      (select updated_at from companies where id = ${companyId}),
      (select max(updated_at) from profiles where company_id = ${companyId}),
      (select max(updated_at) from profile_stylings where company_id = ${companyId}),
      (select max(updated_at) from lead_forms where company_id = ${companyId}),
      (select max(created_at) from lead_submissions where company_id = ${companyId}),
      (select max(greatest(created_at, responded_at)) from approvals where company_id = ${companyId}),
      (select max(created_at) from uploads where company_id = ${companyId})
    ) as at`),
  );
  return new Date(row!.at);
}

// ---- What an export reads: pages by id, so no list is ever held whole. ----

const PAGE = 500;

/** Pages of rows after the last id seen, until a short page. */
export async function* pagesOf<T extends { id: number }>(read: (after: number, limit: number) => Promise<T[]>): AsyncIterable<T[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after, PAGE);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/** The division's row as an export keeps it: without its domain-verification token. */
export async function divisionForExport(db: Db, id: number) {
  const { domainToken: _token, ...columns } = getTableColumns(companies);
  const [row] = await db.select(columns).from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/** The division's people: their account details and role in it, never a password hash or sign-in secret. */
export function membersPage(db: Db, companyId: number) {
  return (after: number, limit: number) =>
    db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        title: users.title,
        firstName: users.firstName,
        lastName: users.lastName,
        platformRole: users.role,
        divisionRole: companyMembers.role,
        registered: users.registered,
        confirmed: users.confirmed,
        blocked: users.blocked,
        mailApprovalRequests: users.mailApprovalRequests,
        mailApprovalDecisions: users.mailApprovalDecisions,
        mailLeadMessages: users.mailLeadMessages,
        createdAt: users.createdAt,
      })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, companyId), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(limit);
}

/** Profiles (`masters` false) or templates (true) with their content; the rendered HTML and its compressed forms are left out (made again on publish). */
export function profilesPage(db: Db, companyId: number, masters: boolean) {
  const { publishedHtml: _html, publishedBr: _br, publishedGzip: _gzip, ...columns } = getTableColumns(profiles);
  return (after: number, limit: number) =>
    db
      .select(columns)
      .from(profiles)
      .where(and(eq(profiles.companyId, companyId), eq(profiles.isMaster, masters), gt(profiles.id, after)))
      .orderBy(asc(profiles.id))
      .limit(limit);
}

export function permissionsPage(db: Db, companyId: number) {
  return (after: number, limit: number) =>
    db
      .select(getTableColumns(permissionRecords))
      .from(permissionRecords)
      .innerJoin(profiles, eq(profiles.id, permissionRecords.profileId))
      .where(and(eq(profiles.companyId, companyId), gt(permissionRecords.id, after)))
      .orderBy(asc(permissionRecords.id))
      .limit(limit);
}

export function publicationsPage(db: Db, companyId: number) {
  return (after: number, limit: number) =>
    db
      .select(getTableColumns(profilePublications))
      .from(profilePublications)
      .innerJoin(profiles, eq(profiles.id, profilePublications.profileId))
      .where(and(eq(profiles.companyId, companyId), gt(profilePublications.id, after)))
      .orderBy(asc(profilePublications.id))
      .limit(limit);
}

export const stylingsPage = (db: Db, companyId: number) => (after: number, limit: number) =>
  db
    .select()
    .from(profileStylings)
    .where(and(eq(profileStylings.companyId, companyId), gt(profileStylings.id, after)))
    .orderBy(asc(profileStylings.id))
    .limit(limit);

export const approvalsPage = (db: Db, companyId: number) => (after: number, limit: number) =>
  db
    .select()
    .from(approvals)
    .where(and(eq(approvals.companyId, companyId), gt(approvals.id, after)))
    .orderBy(asc(approvals.id))
    .limit(limit);

export const leadFormsPage = (db: Db, companyId: number) => (after: number, limit: number) =>
  db
    .select()
    .from(leadForms)
    .where(and(eq(leadForms.companyId, companyId), gt(leadForms.id, after)))
    .orderBy(asc(leadForms.id))
    .limit(limit);

export const leadSubmissionsPage = (db: Db, companyId: number) => (after: number, limit: number) =>
  db
    .select()
    .from(leadSubmissions)
    .where(and(eq(leadSubmissions.companyId, companyId), gt(leadSubmissions.id, after)))
    .orderBy(asc(leadSubmissions.id))
    .limit(limit);

export const purchasesPage = (db: Db, companyId: number) => (after: number, limit: number) =>
  db
    .select()
    .from(purchaseHistories)
    .where(and(eq(purchaseHistories.companyId, companyId), gt(purchaseHistories.id, after)))
    .orderBy(asc(purchaseHistories.id))
    .limit(limit);

/** The division's uploads still in use (those their owner removed are left out). */
export const uploadsPage = (db: Db, companyId: number) => (after: number, limit: number) =>
  db
    .select()
    .from(uploads)
    .where(and(eq(uploads.companyId, companyId), isNull(uploads.removedAt), gt(uploads.id, after)))
    .orderBy(asc(uploads.id))
    .limit(limit);

export async function countUploads(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(uploads)
    .where(and(eq(uploads.companyId, companyId), isNull(uploads.removedAt)));
  return row?.n ?? 0;
}

/** The daily statistics rollup of one profile (a profile's rows are days × kinds: small). */
export function dailyStatsOf(db: Db, profileId: number) {
  return db.select().from(dailyStats).where(eq(dailyStats.profileId, profileId)).orderBy(asc(dailyStats.day), asc(dailyStats.action), asc(dailyStats.type));
}

/** The ids of every profile of the division, templates too, by pages (for per-profile reads). */
export const profileIdsPage = (db: Db, companyId: number) => (after: number, limit: number) =>
  db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), gt(profiles.id, after)))
    .orderBy(asc(profiles.id))
    .limit(limit);

export function divisionDailyStats(db: Db, companyId: number) {
  return db.select().from(companyDailyStats).where(eq(companyDailyStats.companyId, companyId)).orderBy(asc(companyDailyStats.day));
}

export function profileTotalsOf(db: Db, companyId: number) {
  return db.select().from(profileTotals).where(eq(profileTotals.companyId, companyId)).orderBy(asc(profileTotals.profileId));
}
