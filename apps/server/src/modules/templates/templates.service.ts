/**
 * The templates list (spec §2 Templates list, §3 Templates list item, §5
 * template search): the master profiles of the divisions the caller edits
 * templates for, with how many profiles each one governs.
 */
import { DEFAULT_FEATURE_FLAGS, type TemplateItem, type TemplatesListQuery, type TemplatesListResponse } from '@profilehub/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { companies, profiles } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, canEditTemplate } from '../../http/policy.ts';
import { adminScope, type CompanyScope, inScope } from '../../http/scope.ts';
import { likeText, profileNameSql } from '../users/users.queries.ts';
import { rowUrl } from '../users/users.service.ts';

const profileName = profileNameSql(profiles.content);
/** Spec §2 "A-Z (template name, falling back to profile name)". */
const displayName = sql<string>`coalesce(nullif(${profiles.templateName}, ''), ${profileName})`;
/** Profiles a template governs; counted per template through the master index (templates are few, children many). */
const linkedCount = sql<number>`(select count(*)::int from ${profiles} as child where child.master_profile_id = ${profiles.id} and child.is_master = false)`;

/**
 * The divisions whose templates the actor sees: a superadmin every one; a
 * supervisor those they supervise with the templates flag (spec §6, policy
 * canEditTemplate); a plain user none (403).
 */
async function templateScope(deps: Pick<Deps, 'db'>, actor: Actor, chosen: number[] | undefined): Promise<CompanyScope> {
  const ids = adminScope(actor, chosen);
  if (ids === 'all' || ids.length === 0) return ids;
  const rows = await deps.db.select({ id: companies.id, featureFlags: companies.featureFlags }).from(companies).where(inArray(companies.id, ids));
  return rows.filter((c) => canEditTemplate(actor, { id: c.id, flags: { ...DEFAULT_FEATURE_FLAGS, ...c.featureFlags } })).map((c) => c.id);
}

const SORT = { 'A-Z': sql`lower(${displayName})`, DIVISION: sql`lower(${companies.title})`, LINKED_PROFILES: linkedCount } as const;

/** GET /templates. */
export async function listTemplates(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, q: TemplatesListQuery): Promise<TemplatesListResponse> {
  const scope = await templateScope(deps, actor, q.companyId);
  const templates = and(eq(profiles.isMaster, true), inScope(profiles.companyId, scope));
  const where = q.filter ? and(templates, sql`${displayName} ilike ${likeText(q.filter)}`) : templates;
  const order = q.orderBy
    ? [
        q.order === 'desc' ? sql`${SORT[q.orderBy]} desc nulls last` : sql`${SORT[q.orderBy]} asc nulls last`,
        q.order === 'desc' ? desc(profiles.id) : asc(profiles.id),
      ]
    : [sql`lower(${displayName}) asc`, asc(profiles.id)];
  const [rows, [counts]] = await Promise.all([
    deps.db
      .select({
        id: profiles.id,
        alias: profiles.alias,
        templateName: profiles.templateName,
        profileName,
        displayName,
        companyId: profiles.companyId,
        companyName: companies.title,
        subdomain: companies.subdomain,
        customDomain: companies.customDomain,
        thumbnail: sql<string | null>`${profiles.content}->'profilePhoto'->>'url'`,
        publishedAt: profiles.publishedAt,
        linkedProfiles: linkedCount,
      })
      .from(profiles)
      .innerJoin(companies, eq(companies.id, profiles.companyId))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    deps.db
      .select({
        all: sql<number>`count(*)::int`,
        matching: q.filter ? sql<number>`(count(*) filter (where ${displayName} ilike ${likeText(q.filter)}))::int` : sql<number>`count(*)::int`,
      })
      .from(profiles)
      .where(templates),
  ]);
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
  return { data, page: q.page, pageSize: q.pageSize, total: counts?.matching ?? 0, all: counts?.all ?? 0 };
}
