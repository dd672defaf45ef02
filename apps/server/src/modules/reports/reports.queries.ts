import type { DayRange } from '@profilehub/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companyDailyStats,
  companyViewSources,
  dailyFiltered,
  dailyStats,
  dailyViewSources,
  industryDailyStats,
  leadSubmissions,
  profiles,
  users,
} from '../../db/schema.ts';
import { notPlatformStaff } from '../../http/scope.ts';

/**
 * What a report covers, already cut to what the caller may see (reports.service
 * resolveScope): one profile (read from `daily_stats` by its primary key),
 * divisions (read from `company_daily_stats`, a few thousand rows a year each) or
 * every division (a superadmin's: read from `industry_daily_stats`, their sum,
 * not from 1,000 divisions' rows; issue #27). Nothing here reads `events`.
 */
export type RollupScope = { kind: 'profile'; profileId: number; companyId: number } | { kind: 'company'; companyIds: number[] | 'all' };

/** Which interactions to count. */
export type KindFilter = { action?: string | undefined; types?: string[] | undefined; excludeActions?: string[] | undefined };

// The rollups have the same day/action/type/label/count/visitors columns; each column carries its own table.
const table = (scope: RollupScope) => {
  if (scope.kind === 'profile') return dailyStats as unknown as typeof companyDailyStats;
  return scope.companyIds === 'all' ? (industryDailyStats as unknown as typeof companyDailyStats) : companyDailyStats;
};

function where(scope: RollupScope, range: DayRange, f: KindFilter = {}): SQL | undefined {
  const t = table(scope);
  const parts: (SQL | undefined)[] = [
    scope.kind === 'profile'
      ? // The division too: it lets the page-views index narrow to this profile.
        and(eq(dailyStats.companyId, scope.companyId), eq(dailyStats.profileId, scope.profileId))
      : scope.companyIds === 'all'
        ? undefined
        : inArray(companyDailyStats.companyId, scope.companyIds),
    range.start ? gte(t.day, range.start) : undefined,
    lte(t.day, range.end),
    f.action ? eq(t.action, f.action) : undefined,
    f.types?.length ? inArray(t.type, f.types) : undefined,
    f.excludeActions?.length ? notInArray(t.action, f.excludeActions) : undefined,
  ];
  return and(...parts);
}

/** The scope as a condition on a table with a profile and a division column (none for every division). */
function inScopeOf(scope: RollupScope, columns: { profileId: AnyPgColumn; companyId: AnyPgColumn }): SQL | undefined {
  if (scope.kind === 'profile') return eq(columns.profileId, scope.profileId);
  return scope.companyIds === 'all' ? undefined : inArray(columns.companyId, scope.companyIds);
}

/** The range as a condition on a rollup's day column. */
const inDays = (day: AnyPgColumn, range: DayRange) => and(range.start ? gte(day, range.start) : undefined, lte(day, range.end));

// Sums travel as float8: a bigint would arrive as a string from node-postgres.
const total = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::float8`;

export async function sumCounts(db: Db, scope: RollupScope, range: DayRange, f: KindFilter): Promise<{ count: number; visitors: number }> {
  const t = table(scope);
  const [row] = await db
    .select({ count: total(t.count), visitors: total(t.visitors) })
    .from(t)
    .where(where(scope, range, f));
  return { count: Number(row?.count ?? 0), visitors: Number(row?.visitors ?? 0) };
}

/** Counts per day (`yyyy-MM-dd`) or per month (`yyyy-MM`), only buckets that have rows. */
export async function countsBy(
  db: Db,
  scope: RollupScope,
  range: DayRange,
  f: KindFilter,
  bucket: 'day' | 'month',
): Promise<{ key: string; count: number; visitors: number }[]> {
  const t = table(scope);
  const key = bucket === 'day' ? sql<string>`to_char(${t.day}, 'YYYY-MM-DD')` : sql<string>`to_char(${t.day}, 'YYYY-MM')`;
  const rows = await db
    .select({ key, count: total(t.count), visitors: total(t.visitors) })
    .from(t)
    .where(where(scope, range, f))
    .groupBy(key)
    .orderBy(key);
  return rows.map((r) => ({ key: r.key, count: Number(r.count), visitors: Number(r.visitors) }));
}

/**
 * Counts per action × type × label, most first. Views and scrolls are counted
 * per kind only: their label is the page title or a depth, not something a
 * visitor chose.
 */
export async function countsByKind(
  db: Db,
  scope: RollupScope,
  range: DayRange,
  f: KindFilter,
  limit?: number,
): Promise<{ action: string; type: string; label: string; count: number; visitors: number }[]> {
  const t = table(scope);
  const label = sql<string>`case when ${t.action} in ('view', 'scroll') then '' else ${t.label} end`;
  const count = total(t.count);
  const query = db
    .select({ action: t.action, type: t.type, label, count, visitors: total(t.visitors) })
    .from(t)
    .where(where(scope, range, f))
    .groupBy(t.action, t.type, label)
    .orderBy(desc(count), asc(t.action), asc(t.type), asc(label));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((r) => ({ ...r, count: Number(r.count), visitors: Number(r.visitors) }));
}

/** Industry-wide counts per action × type in a range (every division). */
export async function industryCounts(db: Db, range: DayRange, f: KindFilter) {
  // Every division at once: the industry rollup, one row per day, kind and label.
  const t = industryDailyStats;
  const count = total(t.count);
  const rows = await db
    .select({ action: t.action, type: t.type, count })
    .from(t)
    .where(
      and(
        range.start ? gte(t.day, range.start) : undefined,
        lte(t.day, range.end),
        f.action ? eq(t.action, f.action) : undefined,
        f.types?.length ? inArray(t.type, f.types) : undefined,
        f.excludeActions?.length ? notInArray(t.action, f.excludeActions) : undefined,
      ),
    )
    .groupBy(t.action, t.type)
    .orderBy(desc(count));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Published people's profiles (not templates) in every division: the industry average's denominator. */
export async function liveProfileCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::float8` })
    .from(profiles)
    .where(and(isNotNull(profiles.publishedAt), eq(profiles.isMaster, false)));
  return Number(row?.n ?? 0);
}

/** Bot and link-preview hits dropped in the scope and range. */
export async function filteredCount(db: Db, scope: RollupScope, range: DayRange): Promise<number> {
  const [row] = await db
    .select({ n: total(dailyFiltered.count) })
    .from(dailyFiltered)
    .where(and(inScopeOf(scope, dailyFiltered), inDays(dailyFiltered.day, range)));
  return Number(row?.n ?? 0);
}

/**
 * Views per dimension and value in the scope and range, most first within each dimension:
 * one profile reads `daily_view_sources` by its primary key, divisions read
 * `company_view_sources` (decision 032).
 */
export async function viewSourceCounts(db: Db, scope: RollupScope, range: DayRange): Promise<{ dimension: string; value: string; count: number }[]> {
  const t = scope.kind === 'profile' ? (dailyViewSources as unknown as typeof companyViewSources) : companyViewSources;
  const count = total(t.count);
  const rows = await db
    .select({ dimension: t.dimension, value: t.value, count })
    .from(t)
    .where(and(inScopeOf(scope, { profileId: dailyViewSources.profileId, companyId: companyViewSources.companyId }), inDays(t.day, range)))
    .groupBy(t.dimension, t.value)
    .orderBy(asc(t.dimension), desc(count), asc(t.value));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The first day with any interaction in the scope (where a lifetime series starts). */
export async function firstDay(db: Db, scope: RollupScope): Promise<string | null> {
  const t = table(scope);
  const [row] = await db
    .select({ day: sql<string | null>`to_char(min(${t.day}), 'YYYY-MM-DD')` })
    .from(t)
    .where(where(scope, { start: null, end: '9999-12-31' }));
  return row?.day ?? null;
}

/** The content a profile shows: the published snapshot when there is one, else its saved document. */
const shownContent = sql`coalesce(${profiles.publishedContent}, ${profiles.content})`;

/** A profile's display name: full name, else first and last name, else the owner's name, the template name, the alias. */
const profileName = sql<string>`coalesce(
  nullif(trim(${shownContent}->>'fullName'), ''),
  nullif(trim(concat_ws(' ', ${shownContent}->>'firstName', ${shownContent}->>'lastName')), ''),
  nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''),
  ${profiles.templateName},
  ${profiles.alias},
  'Profile ' || ${profiles.id}
)`;
const profilePicture = sql<string | null>`nullif(${shownContent}->'profilePhoto'->>'url', '')`;

/** Escapes LIKE wildcards so a search for `50%` means the text. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type ProfileFilter = { live: boolean; template: boolean; search?: string | undefined; profileId?: number | undefined };

function profileWhere(companyIds: number[] | 'all', p: ProfileFilter): SQL | undefined {
  return and(
    companyIds === 'all' ? undefined : inArray(profiles.companyId, companyIds),
    p.profileId ? eq(profiles.id, p.profileId) : undefined,
    p.live ? isNotNull(profiles.publishedAt) : isNull(profiles.publishedAt),
    eq(profiles.isMaster, p.template),
    notPlatformStaff(profiles.userId),
    p.search ? sql`${profileName} ilike ${likeText(p.search)}` : undefined,
  );
}

/**
 * Profiles of the divisions with their page views in the range, most viewed
 * first (spec §9 top profiles). Views come from `daily_stats` through its
 * (company_id, action, day) index; profiles without views are listed after.
 */
export async function profilesWithViews(
  db: Db,
  companyIds: number[] | 'all',
  range: DayRange,
  p: ProfileFilter,
  page: { limit: number; offset: number; orderBy: 'data' | 'label'; order: 'asc' | 'desc' },
) {
  const views = db
    .select({
      profileId: dailyStats.profileId,
      count: sql<number>`sum(${dailyStats.count})`.as('count'),
      visitors: sql<number>`sum(${dailyStats.visitors})`.as('visitors'),
    })
    .from(dailyStats)
    .where(
      and(
        companyIds === 'all' ? undefined : inArray(dailyStats.companyId, companyIds),
        eq(dailyStats.action, 'view'),
        eq(dailyStats.type, 'page'),
        range.start ? gte(dailyStats.day, range.start) : undefined,
        lte(dailyStats.day, range.end),
      ),
    )
    .groupBy(dailyStats.profileId)
    .as('views');
  const count = sql<number>`coalesce(${views.count}, 0)::float8`;
  const direction = page.order === 'asc' ? asc : desc;
  const byName = page.orderBy === 'label' || Boolean(p.search);
  const rows = await db
    .select({
      id: profiles.id,
      companyId: profiles.companyId,
      alias: profiles.alias,
      // Ordered by views: names and pictures are read below for the page shown only, not from
      // every matching profile's document (thousands of them in a large division).
      ...(byName ? { name: profileName, picture: profilePicture } : {}),
      count,
      visitors: sql<number>`coalesce(${views.visitors}, 0)::float8`,
      allViews: sql<number>`sum(coalesce(${views.count}, 0)) over ()::float8`,
    })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.userId))
    .leftJoin(views, eq(views.profileId, profiles.id))
    .where(profileWhere(companyIds, p))
    .orderBy(...(page.orderBy === 'label' ? [direction(profileName)] : [direction(count)]), asc(profiles.id))
    .limit(page.limit)
    .offset(page.offset);
  const shown = byName
    ? new Map<number, { name: string; picture: string | null }>()
    : await namesOf(
        db,
        rows.map((r) => r.id),
      );
  return rows.map((r) => ({
    ...r,
    name: r.name ?? shown.get(r.id)?.name ?? '',
    picture: r.picture ?? shown.get(r.id)?.picture ?? null,
    count: Number(r.count),
    visitors: Number(r.visitors),
    allViews: Number(r.allViews),
  }));
}

/** Display names and pictures of these profiles. */
async function namesOf(db: Db, ids: number[]): Promise<Map<number, { name: string; picture: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, name: profileName, picture: profilePicture })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(inArray(profiles.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, picture: r.picture }]));
}

export async function profileCount(db: Db, companyIds: number[] | 'all'): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::float8` })
    .from(profiles)
    .where(and(companyIds === 'all' ? undefined : inArray(profiles.companyId, companyIds), eq(profiles.isMaster, false), notPlatformStaff(profiles.userId)));
  return Number(row?.n ?? 0);
}

/** A profile's scope facts and what the statistics title shows. */
export async function profileSummary(db: Db, profileId: number) {
  const [row] = await db
    .select({
      id: profiles.id,
      companyId: profiles.companyId,
      userId: profiles.userId,
      alias: profiles.alias,
      isMaster: profiles.isMaster,
      publishedAt: profiles.publishedAt,
      name: profileName,
      picture: profilePicture,
      ownerRole: users.role,
    })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row;
}

/** The profile a plain user owns (their statistics when they name none). */
export async function ownProfileId(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.isMaster, false)))
    .orderBy(asc(profiles.id))
    .limit(1);
  return row?.id ?? null;
}

function leadWhere(scope: RollupScope, range: DayRange): SQL | undefined {
  const until = new Date(Date.parse(`${range.end}T00:00:00Z`) + 86_400_000);
  return and(
    inScopeOf(scope, leadSubmissions),
    range.start ? gte(leadSubmissions.createdAt, new Date(`${range.start}T00:00:00Z`)) : undefined,
    lt(leadSubmissions.createdAt, until),
  );
}

/**
 * Lead-form submissions of the scope in a range of UTC days, newest first by when they were
 * sent (id breaks ties), a page at a time. The keyset compares (created_at, id) with the row
 * `afterId` in SQL: a JS Date keeps milliseconds, the column microseconds.
 */
export async function leadSubmissionsPage(db: Db, scope: RollupScope, range: DayRange, limit: number, afterId?: number) {
  const after = afterId
    ? sql`(${leadSubmissions.createdAt}, ${leadSubmissions.id}) < (select l.created_at, l.id from ${leadSubmissions} l where l.id = ${afterId})`
    : undefined;
  return db
    .select({ id: leadSubmissions.id, createdAt: leadSubmissions.createdAt, profileId: leadSubmissions.profileId, data: leadSubmissions.data, profileName })
    .from(leadSubmissions)
    .innerJoin(profiles, eq(profiles.id, leadSubmissions.profileId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(and(leadWhere(scope, range), after))
    .orderBy(desc(leadSubmissions.createdAt), desc(leadSubmissions.id))
    .limit(limit);
}

/** How many submissions the scope has in the range, and the UTC day of the first. */
export async function leadSubmissionStats(db: Db, scope: RollupScope, range: DayRange): Promise<{ count: number; first: string | null }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::float8`, first: sql<string | null>`to_char(min(${leadSubmissions.createdAt}) at time zone 'UTC', 'YYYY-MM-DD')` })
    .from(leadSubmissions)
    .where(leadWhere(scope, range));
  return { count: Number(row?.n ?? 0), first: row?.first ?? null };
}

/** Division titles, for a file name. */
export async function companyTitles(db: Db, ids: number[]): Promise<string[]> {
  const rows = await db.select({ title: companies.title }).from(companies).where(inArray(companies.id, ids)).orderBy(asc(companies.title));
  return rows.map((r) => r.title);
}
