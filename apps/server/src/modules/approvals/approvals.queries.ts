/**
 * Database access of approval requests: the requests and answers (approvals.service.ts),
 * the queue (approvals-list.ts) and who the approval mails go to (approvals.mails.ts).
 */
import type { ApprovalsListQuery, SortOrder } from '@profilehub/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { approvals, companies, profilePublications, profiles, users } from '../../db/schema.ts';
import { type CompanyScope, inScope, notPlatformStaff } from '../../http/scope.ts';
import { supervisorEmails } from '../companies/companies.queries.ts';
import { likeText, profileNameSql } from '../users/users.queries.ts';

export type ApprovalRow = typeof approvals.$inferSelect;
type NewApproval = typeof approvals.$inferInsert;
/** What a request binds to: who asked when, the changes shown, and the own content, version and lead form they come from. */
type ApprovalRequest = Pick<NewApproval, 'requestedAt' | 'requestedBy' | 'profileChanges' | 'requestedContent' | 'requestedVersion' | 'requestedLeadForm'>;
type ApprovalAnswer = Pick<NewApproval, 'approved' | 'message' | 'respondedBy' | 'respondedAt'>;
type ProfileRef = { id: number; companyId: number };

/** The profile's own content at its latest recorded publish, or undefined when none was recorded. */
export async function lastPublishedOwnContent(db: Db, profileId: number): Promise<Record<string, unknown> | undefined> {
  const [last] = await db
    .select({ content: profilePublications.content })
    .from(profilePublications)
    .where(eq(profilePublications.profileId, profileId))
    .orderBy(desc(profilePublications.publishedAt), desc(profilePublications.id))
    .limit(1);
  return last?.content;
}

/** Asks for approval: a new pending request, or the profile's pending one asked again. */
export async function upsertPendingApproval(db: Db, profile: ProfileRef, request: ApprovalRequest): Promise<ApprovalRow> {
  const [row] = await db
    .insert(approvals)
    .values({ ...request, profileId: profile.id, companyId: profile.companyId })
    .onConflictDoUpdate({
      target: approvals.profileId,
      targetWhere: sql`${approvals.approved} is null`,
      set: request,
    })
    .returning();
  return row!;
}

export async function approvalById(db: Db, id: number): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id)).limit(1);
  return row;
}

/** Asks a still-pending request again; undefined when it was answered meanwhile. */
export async function reRequestPending(db: Db, id: number, request: ApprovalRequest): Promise<ApprovalRow | undefined> {
  const [again] = await db
    .update(approvals)
    .set(request)
    .where(and(eq(approvals.id, id), isNull(approvals.approved)))
    .returning();
  return again;
}

/** A new pending request (the unique index on pending rows refuses a second one). */
export async function insertApproval(db: Db, profile: ProfileRef, request: ApprovalRequest): Promise<ApprovalRow> {
  const [asked] = await db
    .insert(approvals)
    .values({ ...request, profileId: profile.id, companyId: profile.companyId })
    .returning();
  return asked!;
}

/** Supervisors publishing directly approve what was pending (spec §4 step 4: "approve a pending approval directly … then build"). */
export async function approvePending(db: Db, profileId: number, actorId: number): Promise<void> {
  await db
    .update(approvals)
    .set({ approved: true, respondedBy: actorId, respondedAt: new Date() })
    .where(and(eq(approvals.profileId, profileId), isNull(approvals.approved)));
}

/** Answers a request that is still pending; undefined when it was answered already. */
export async function answerPending(db: Db, id: number, answer: ApprovalAnswer): Promise<ApprovalRow | undefined> {
  const [done] = await db
    .update(approvals)
    .set(answer)
    .where(and(eq(approvals.id, id), isNull(approvals.approved)))
    .returning();
  return done;
}

/** Pending requests of the divisions in scope. */
export async function countPending(db: Db, scope: CompanyScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(approvals)
    .innerJoin(profiles, eq(profiles.id, approvals.profileId))
    .where(and(isNull(approvals.approved), inScope(approvals.companyId, scope), notPlatformStaff(profiles.userId)));
  return row?.n ?? 0;
}

const owner = alias(users, 'owner');
const responder = alias(users, 'responder');
const master = alias(profiles, 'master');
const fullName = profileNameSql(profiles.content, owner);

const SORT = {
  NAME: sql`lower(${fullName})`,
  DIVISION: sql`lower(${companies.title})`,
  ALIAS: sql`${profiles.alias}`,
  REQUESTDATE: sql`${approvals.requestedAt}`,
} as const;

export type ApprovalListFilter = {
  /** Divisions whose requests are read: the caller's admin scope intersected with the chosen divisions. */
  scope: CompanyScope;
  status: ApprovalsListQuery['status'];
  filter?: string | undefined;
};
type ApprovalSort = { orderBy: keyof typeof SORT; order: SortOrder };

// The owner is read from the joined profile: through a sub-query per request instead, the planner costs it
// so high that it read every profile first (a superadmin's queue at 1,000 divisions, #27).
const whereOf = (f: ApprovalListFilter) =>
  and(
    f.status === 'active' ? isNull(approvals.approved) : isNotNull(approvals.approved),
    inScope(approvals.companyId, f.scope),
    notPlatformStaff(profiles.userId),
    f.filter ? sql`(${fullName} ilike ${likeText(f.filter)} or ${profiles.alias} ilike ${likeText(f.filter)})` : undefined,
  );

/**
 * One page of the approvals queue, each request with its profile, division and who answered it. The page is found on
 * the sort key alone, then only its rows are read: sorting every pending request of 1,000 divisions with its profile's
 * document and its changes took 100 ms (issue #27).
 */
export async function listApprovalRows(db: Db, f: ApprovalListFilter, sort: ApprovalSort, page: number, pageSize: number) {
  const ids = (
    await db
      .select({ id: approvals.id })
      .from(approvals)
      .innerJoin(profiles, eq(profiles.id, approvals.profileId))
      .innerJoin(companies, eq(companies.id, approvals.companyId))
      .leftJoin(owner, eq(owner.id, profiles.userId))
      .where(whereOf(f))
      .orderBy(
        sort.order === 'asc' ? sql`${SORT[sort.orderBy]} asc nulls last` : sql`${SORT[sort.orderBy]} desc nulls last`,
        sort.order === 'asc' ? asc(approvals.id) : desc(approvals.id),
      )
      .limit(pageSize)
      .offset(page * pageSize)
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      approval: approvals,
      fullName,
      jobTitle: sql<string | null>`coalesce(nullif(${profiles.content}->>'jobTitle', ''), nullif(${master.content}->>'jobTitle', ''))`,
      thumbnail: sql<string | null>`coalesce(${profiles.content}->'profilePhoto'->>'url', ${master.content}->'profilePhoto'->>'url')`,
      alias: profiles.alias,
      publishedAt: profiles.publishedAt,
      companyName: companies.title,
      subdomain: companies.subdomain,
      customDomain: companies.customDomain,
      responder: sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${responder.firstName}, ${responder.lastName})), ''), ${responder.email})`,
    })
    .from(approvals)
    .innerJoin(profiles, eq(profiles.id, approvals.profileId))
    .innerJoin(companies, eq(companies.id, approvals.companyId))
    .leftJoin(owner, eq(owner.id, profiles.userId))
    .leftJoin(master, eq(master.id, profiles.masterProfileId))
    .leftJoin(responder, eq(responder.id, approvals.respondedBy))
    .where(inArray(approvals.id, ids));
  const byId = new Map(rows.map((r) => [r.approval.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Requests matching the queue's filter, on every page. */
export async function countApprovalRows(db: Db, f: ApprovalListFilter): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(approvals)
    .innerJoin(profiles, eq(profiles.id, approvals.profileId))
    .leftJoin(owner, eq(owner.id, profiles.userId))
    .where(whereOf(f));
  return total?.n ?? 0;
}

/** The account an approval mail is about or goes to, or null. */
export async function mailUser(db: Db, id: number | null) {
  if (id === null) return null;
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, wantsDecisions: users.mailApprovalDecisions })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return user ?? null;
}

/** The division's supervisors who want approval requests mailed, by email. */
export function supervisorsWantingRequests(db: Db, companyId: number): Promise<string[]> {
  return supervisorEmails(db, companyId, { wanting: users.mailApprovalRequests });
}
