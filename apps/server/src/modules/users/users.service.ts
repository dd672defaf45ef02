/**
 * The users list of supervisors and superadmins (spec §2 Users list, §6): one
 * page with tab counts, the Excel/CSV export of the same filtered list, user
 * suggestions, and rolling a profile back to its previously published version.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  ADMIN_MESSAGES,
  hubName,
  PRODUCT_NAME,
  type SortOrder,
  type UserRow,
  type UserSortColumn,
  type UsersExportQuery,
  type UsersListQuery,
  type UsersListResponse,
  usersExportFileName,
} from '@profilehub/shared';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import type { Actor } from '../../http/policy.ts';
import { adminScope } from '../../http/scope.ts';
import { sendXlsx, type XlsxColumn } from '../../http/xlsx.ts';
import { rollbackMail } from '../approvals/approvals.mails.ts';
import { companyRowById } from '../companies/companies.queries.ts';
import { profileDomainOf } from '../profiles/profile-content.ts';
import { loadProfileContext, recordRollback } from '../profiles/profiles.queries.ts';
import { requireManager, visibleProfile } from '../profiles/profiles.service.ts';
import { pageUrl, publishProfile, type SiteConfig } from '../publishing/publishing.service.ts';
import { sendCsv } from './csv.ts';
import {
  companyTitles,
  countUserRows,
  listUserRows,
  recentPublications,
  restoreContent,
  streamUserRows,
  suggestUsers,
  type UserListFilter,
  type UserListRow,
  type UserSort,
} from './users.queries.ts';

const sortOf = (q: { orderBy?: UserSortColumn | undefined; order?: SortOrder | undefined }): UserSort =>
  q.orderBy ? { orderBy: q.orderBy, order: q.order ?? 'asc' } : undefined;

const isLiveOf = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

/** The public address of a listed profile (null until it has an alias). */
export function rowUrl(row: Pick<UserListRow, 'alias' | 'subdomain' | 'customDomain' | 'id'>, config: SiteConfig): string | null {
  if (!row.alias) return null;
  return pageUrl({ siteId: String(row.id), domainName: profileDomainOf(row, config.PUBLIC_DOMAIN) }, row.alias, config);
}

function toUserRow(row: UserListRow, config: SiteConfig): UserRow {
  return {
    id: row.id,
    userId: row.userId,
    fullName: row.fullName,
    jobTitle: row.jobTitle,
    profileThumbnail: row.thumbnail,
    url: rowUrl(row, config),
    alias: row.alias,
    email: row.email,
    companyId: row.companyId,
    companyName: row.companyName,
    templateName: row.templateName,
    updatedAt: row.updatedAt.toISOString(),
    count: row.count,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    role: row.role,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  };
}

/** GET /users: one page of the tab, and the count of every tab. */
export async function listUsers(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, q: UsersListQuery): Promise<UsersListResponse> {
  const f: UserListFilter = { companyIds: adminScope(actor, q.companyId), filter: q.filter || undefined, isLive: isLiveOf(q.isLive) };
  const [rows, counts] = await Promise.all([listUserRows(deps.db, f, sortOf(q), q.page, q.pageSize), countUserRows(deps.db, f)]);
  const total = f.isLive === undefined ? counts.all : f.isLive ? counts.published : counts.unpublished;
  return { data: rows.map((r) => toUserRow(r, deps.config)), page: q.page, pageSize: q.pageSize, total, counts };
}

/** The title the export is named with: the caller's first division (its white-label title first), else the product. */
async function exportCompanyTitle(deps: Pick<Deps, 'db'>, actor: Actor): Promise<string> {
  const first = actor.companyIds[0];
  if (first === undefined) return PRODUCT_NAME;
  const row = await companyRowById(deps.db, first);
  if (!row) return PRODUCT_NAME;
  return row.whiteLabel ? hubName(row.whiteLabel) : row.title;
}

const EXPORT_COLUMNS: XlsxColumn<UserRow>[] = [
  { header: 'Name', width: 28, value: (r) => r.fullName },
  { header: 'Email', width: 32, value: (r) => r.email },
  { header: 'Job title', width: 28, value: (r) => r.jobTitle },
  { header: 'Division', width: 20, value: (r) => r.companyName },
  { header: 'Template', width: 20, value: (r) => r.templateName },
  { header: 'Alias', width: 20, value: (r) => r.alias },
  { header: 'Public page', width: 40, value: (r) => r.url },
  { header: 'Status', width: 12, value: (r) => (r.publishedAt ? 'Published' : 'Unpublished') },
  { header: 'Views', width: 10, value: (r) => r.count },
  // Both formats show times in UTC (ExcelJS writes a Date as its UTC wall time; csvTime too).
  { header: 'Last edited (UTC)', width: 20, value: (r) => new Date(r.updatedAt) },
  { header: 'Published at (UTC)', width: 20, value: (r) => (r.publishedAt ? new Date(r.publishedAt) : null) },
];

/** GET /users/export: the filtered list (every page) as a real .xlsx, or CSV, streamed. */
export async function exportUsers(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, q: UsersExportQuery, reply: FastifyReply, now = new Date()) {
  const f: UserListFilter = { companyIds: adminScope(actor, q.companyId), filter: q.filter || undefined, isLive: isLiveOf(q.isLive) };
  const divisions = q.companyId?.length && f.companyIds !== 'all' ? await companyTitles(deps.db, f.companyIds) : [];
  const fileName = usersExportFileName(await exportCompanyTitle(deps, actor), now, divisions, q.format);
  const rows = (async function* () {
    for await (const row of streamUserRows(deps.db, f, sortOf(q))) yield toUserRow(row, deps.config);
  })();
  if (q.format === 'csv') return sendCsv(reply, { fileName, columns: EXPORT_COLUMNS, rows });
  return sendXlsx(reply, { fileName, sheetName: 'Users', columns: EXPORT_COLUMNS, rows });
}

/** GET /users/suggestions: names for the statistics user search, a zero-based page of ten. */
export async function userSuggestions(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  q: { filter?: string | undefined; page: number; companyId?: number[] | undefined },
  pageSize: number,
) {
  const f: UserListFilter = { companyIds: adminScope(actor, q.companyId), filter: q.filter || undefined };
  const rows = await suggestUsers(deps.db, f, q.page, pageSize);
  return { data: rows.slice(0, pageSize), page: q.page, hasMore: rows.length > pageSize };
}

/**
 * POST /profiles/{id}/rollback: the profile's content goes back to what it was
 * at the newest publication whose page differs from the live one, and is
 * published again (a child's overrides meet its template as it is now).
 */
export async function rollbackProfile(deps: Pick<Deps, 'db' | 'config' | 'publishedPages' | 'jobs'>, actor: Actor, id: number) {
  const ctx = await visibleProfile(deps, actor, id);
  requireManager(actor, ctx);
  if (!ctx.profile.publishedAt) throw badRequest(ADMIN_MESSAGES.notPublished);
  const history = await recentPublications(deps.db, id, 50);
  const live = JSON.parse(JSON.stringify(ctx.profile.publishedContent ?? null));
  const previous = history.find((h) => !isDeepStrictEqual(JSON.parse(JSON.stringify(h.publishedContent)), live));
  if (!previous) throw badRequest(ADMIN_MESSAGES.nothingToRollBack);
  // One transaction: the restored content, its publication, the record the owner's editor
  // reads, and the mail telling her — all or nothing.
  const publishedAt = await deps.jobs.transaction(deps.db, async (tx, mail) => {
    await restoreContent(tx, id, previous.content);
    const next = (await loadProfileContext(tx, id))!;
    const { site, publishedAt } = await publishProfile({ db: tx, config: deps.config }, next);
    await recordRollback(tx, { actorId: actor.userId, profileId: id, at: publishedAt });
    const told = await rollbackMail({ db: tx, config: deps.config }, next, { byUserId: actor.userId, liveUrl: pageUrl(site, next.profile.alias, deps.config) });
    if (told) mail(told);
    return publishedAt;
  });
  deps.publishedPages.forget(ctx.profile.companyId, ctx.profile.alias);
  return { success: true as const, message: ADMIN_MESSAGES.rolledBack, publishedAt: publishedAt.toISOString() };
}
