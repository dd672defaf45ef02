/**
 * The templates list (spec §2 Templates list, §3 Templates list item, §5
 * template search): the master profiles of the divisions the caller edits
 * templates for, with how many profiles each one governs.
 */
import type { TemplateItem, TemplatesListQuery, TemplatesListResponse } from '@profilehub/shared';
import type { Deps } from '../../deps.ts';
import { type Actor, canEditTemplate } from '../../http/policy.ts';
import { adminScope, type CompanyScope } from '../../http/scope.ts';
import { flagsOf } from '../companies/companies.queries.ts';
import { rowUrl } from '../users/users.service.ts';
import { countTemplateRows, divisionFlags, listTemplateRows, type TemplateListFilter } from './templates.queries.ts';

/**
 * The divisions whose templates the actor sees: a superadmin every one; a
 * supervisor those they supervise with the templates flag (spec §6, policy
 * canEditTemplate); a plain user none (403).
 */
async function templateScope(deps: Pick<Deps, 'db'>, actor: Actor, chosen: number[] | undefined): Promise<CompanyScope> {
  const ids = adminScope(actor, chosen);
  if (ids === 'all' || ids.length === 0) return ids;
  const rows = await divisionFlags(deps.db, ids);
  return rows.filter((c) => canEditTemplate(actor, { id: c.id, flags: flagsOf(c) })).map((c) => c.id);
}

/** GET /templates. */
export async function listTemplates(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, q: TemplatesListQuery): Promise<TemplatesListResponse> {
  const f: TemplateListFilter = { scope: await templateScope(deps, actor, q.companyId), filter: q.filter };
  const sort = q.orderBy ? { orderBy: q.orderBy, order: q.order } : undefined;
  const [rows, counts] = await Promise.all([listTemplateRows(deps.db, f, sort, q.page, q.pageSize), countTemplateRows(deps.db, f)]);
  const data: TemplateItem[] = rows.map((r) => ({
    id: r.id,
    templateName: r.templateName,
    profileName: r.profileName || null,
    companyName: r.companyName,
    companyId: r.companyId,
    linkedProfiles: r.linkedProfiles,
    profileThumbnail: r.thumbnail,
    isMaster: true as const,
    isLive: r.publishedAt !== null,
    fullName: r.displayName,
    profilePicture: r.thumbnail,
    url: rowUrl(r, deps.config),
  }));
  return { data, page: q.page, pageSize: q.pageSize, total: counts.matching, all: counts.all };
}
