/**
 * The approvals queue (spec §2 Approvals list, §3 Approval list row, §7 GET
 * /approvals): pending (active) or answered (resolved) requests of the
 * divisions the caller approves for — a supervisor's own, every one for a
 * superadmin; plain users have no queue.
 */
import type { ApprovalRow, ApprovalsListQuery, ApprovalsListResponse, ProfileChange } from '@profilehub/shared';
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { approvals, companies, profiles, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/policy.ts';
import { adminScope, inScope } from '../../http/scope.ts';
import { likeText, profileNameSql } from '../users/users.queries.ts';
import { rowUrl } from '../users/users.service.ts';

const owner = alias(users, 'owner');
const responder = alias(users, 'responder');
const master = alias(profiles, 'master');
const fullName = profileNameSql(profiles.content, owner);

/** Pending approvals the actor answers (the side navigation's badge). */
export async function pendingCount(db: Db, actor: Actor): Promise<number> {
  const scope = adminScope(actor);
  const [row] = await db
    .select({ n: count() })
    .from(approvals)
    .where(and(isNull(approvals.approved), inScope(approvals.companyId, scope)));
  return row?.n ?? 0;
}

const SORT = {
  NAME: sql`lower(${fullName})`,
  DIVISION: sql`lower(${companies.title})`,
  ALIAS: sql`${profiles.alias}`,
  REQUESTDATE: sql`${approvals.requestedAt}`,
} as const;

/** GET /approvals. Default order: newest request first. */
export async function listApprovals(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, q: ApprovalsListQuery): Promise<ApprovalsListResponse> {
  const scope = adminScope(actor, q.companyId);
  const where = and(
    q.status === 'active' ? isNull(approvals.approved) : isNotNull(approvals.approved),
    inScope(approvals.companyId, scope),
    q.filter ? sql`(${fullName} ilike ${likeText(q.filter)} or ${profiles.alias} ilike ${likeText(q.filter)})` : undefined,
  );
  const orderBy = q.orderBy ?? 'REQUESTDATE';
  const order = q.order ?? (q.orderBy ? 'asc' : 'desc');
  const rows = await deps.db
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
    .where(where)
    .orderBy(
      order === 'asc' ? sql`${SORT[orderBy]} asc nulls last` : sql`${SORT[orderBy]} desc nulls last`,
      order === 'asc' ? asc(approvals.id) : desc(approvals.id),
    )
    .limit(q.pageSize)
    .offset(q.page * q.pageSize);
  const [[total], pending] = await Promise.all([
    deps.db
      .select({ n: count() })
      .from(approvals)
      .innerJoin(profiles, eq(profiles.id, approvals.profileId))
      .leftJoin(owner, eq(owner.id, profiles.userId))
      .where(where),
    pendingCount(deps.db, actor),
  ]);
  const data: ApprovalRow[] = rows.map((r) => ({
    id: r.approval.id,
    approvalId: r.approval.id,
    profileId: r.approval.profileId,
    targetProfile: r.approval.profileId,
    company: { id: r.approval.companyId },
    companyId: r.approval.companyId,
    companyName: r.companyName,
    requestedAt: r.approval.requestedAt.toISOString(),
    approved: r.approval.approved,
    message: r.approval.message,
    respondedAt: r.approval.respondedAt?.toISOString() ?? null,
    respondedBy: r.approval.respondedBy === null ? null : r.responder,
    profileChanges: r.approval.profileChanges as ProfileChange[],
    fullName: r.fullName,
    jobTitle: r.jobTitle,
    profileThumbnail: r.thumbnail,
    url: rowUrl({ id: r.approval.profileId, alias: r.alias, subdomain: r.subdomain, customDomain: r.customDomain }, deps.config),
    alias: r.alias,
    publishedAt: r.publishedAt?.toISOString() ?? null,
  }));
  return { data, page: q.page, pageSize: q.pageSize, total: total?.n ?? 0, pending };
}
