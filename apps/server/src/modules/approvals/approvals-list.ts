/**
 * The approvals queue (spec §2 Approvals list, §3 Approval list row, §7 GET
 * /approvals): pending (active) or answered (resolved) requests of the
 * divisions the caller approves for — a supervisor's own, every one for a
 * superadmin; plain users have no queue.
 */
import type { ApprovalRow, ApprovalsListQuery, ApprovalsListResponse, ProfileChange } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/policy.ts';
import { adminScope } from '../../http/scope.ts';
import { rowUrl } from '../users/users.service.ts';
import { type ApprovalListFilter, countApprovalRows, countPending, listApprovalRows } from './approvals.queries.ts';

/** Pending approvals the actor answers (the side navigation's badge). */
export async function pendingCount(db: Db, actor: Actor): Promise<number> {
  return countPending(db, adminScope(actor));
}

/** GET /approvals. Default order: newest request first. */
export async function listApprovals(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, q: ApprovalsListQuery): Promise<ApprovalsListResponse> {
  const f: ApprovalListFilter = { scope: adminScope(actor, q.companyId), status: q.status, filter: q.filter };
  const orderBy = q.orderBy ?? 'REQUESTDATE';
  const order = q.order ?? (q.orderBy ? 'asc' : 'desc');
  const rows = await listApprovalRows(deps.db, f, { orderBy, order }, q.page, q.pageSize);
  const [total, pending] = await Promise.all([countApprovalRows(deps.db, f), pendingCount(deps.db, actor)]);
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
  return { data, page: q.page, pageSize: q.pageSize, total, pending };
}
