/** Database access of the templates list (templates.service.ts); every list read takes the caller's division scope. */
import type { SortOrder, TemplatesListQuery } from '@profilehub/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, profiles, templateDisplayNameSql } from '../../db/schema.ts';
import { type CompanyScope, inScope } from '../../http/scope.ts';
import { likeText, profileNameSql } from '../users/users.queries.ts';

const profileName = profileNameSql(profiles.content);
/** Spec §2 "A-Z (template name, falling back to profile name)"; its order is an index (schema.ts). */
const displayName = templateDisplayNameSql(profiles);
/** Profiles a template governs; counted per template through the master index (templates are few, children many). */
const linkedCount = sql<number>`(select count(*)::int from ${profiles} as child where child.master_profile_id = ${profiles.id} and child.is_master = false)`;

const SORT = { 'A-Z': sql`lower(${displayName})`, DIVISION: sql`lower(${companies.title})`, LINKED_PROFILES: linkedCount } as const;

/** The divisions with these ids and their feature flags as stored. */
export async function divisionFlags(db: Db, ids: number[]) {
  return db.select({ id: companies.id, featureFlags: companies.featureFlags }).from(companies).where(inArray(companies.id, ids));
}

export type TemplateListFilter = {
  /** Divisions whose templates the caller sees (templates.service.ts templateScope). */
  scope: CompanyScope;
  filter?: string | undefined;
};
/** The chosen order, or none for A-Z. */
type TemplateSort = { orderBy: NonNullable<TemplatesListQuery['orderBy']>; order?: SortOrder | undefined } | undefined;

const templatesIn = (scope: CompanyScope) => and(eq(profiles.isMaster, true), inScope(profiles.companyId, scope));

// No sort key is ever null, so `desc` needs no `nulls last`: without it, the A-Z index read backwards is the Z-A order.
function orderOf(sort: TemplateSort): SQL[] {
  if (!sort) return [sql`lower(${displayName}) asc`, asc(profiles.id)];
  return [
    sort.order === 'desc' ? sql`${SORT[sort.orderBy]} desc` : sql`${SORT[sort.orderBy]} asc`,
    sort.order === 'desc' ? desc(profiles.id) : asc(profiles.id),
  ];
}

/**
 * One page of the templates list, each with its division and how many profiles it governs. The page is found on the
 * sort key alone, then only its rows are read: a template's name and picture come out of its JSON document, and
 * reading every template's document before sorting took 140 ms across 1,000 divisions (issue #27).
 */
export async function listTemplateRows(db: Db, f: TemplateListFilter, sort: TemplateSort, page: number, pageSize: number) {
  const templates = templatesIn(f.scope);
  const where = f.filter ? and(templates, sql`${displayName} ilike ${likeText(f.filter)}`) : templates;
  const ids = (
    await db
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(companies, eq(companies.id, profiles.companyId))
      .where(where)
      .orderBy(...orderOf(sort))
      .limit(pageSize)
      .offset(page * pageSize)
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db
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
    .where(inArray(profiles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Templates in scope: all of them, and those matching the filter. */
export async function countTemplateRows(db: Db, f: TemplateListFilter): Promise<{ all: number; matching: number }> {
  const [counts] = await db
    .select({
      all: sql<number>`count(*)::int`,
      matching: f.filter ? sql<number>`(count(*) filter (where ${displayName} ilike ${likeText(f.filter)}))::int` : sql<number>`count(*)::int`,
    })
    .from(profiles)
    .where(templatesIn(f.scope));
  return { all: counts?.all ?? 0, matching: counts?.matching ?? 0 };
}
