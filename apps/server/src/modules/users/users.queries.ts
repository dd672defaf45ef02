/**
 * Database access of the users list, its export and the user suggestions
 * (spec §2 Users list, §3 Users list row, §7 profile list / Excel data / user
 * suggestions). Every function takes the caller's division scope.
 */
import type { DivisionRole, SortOrder, UserSortColumn } from '@profilehub/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, type PgSelect, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { accountSearchTextSql, companies, companyMembers, profileOwnNameSql, profilePublications, profiles, profileTotals, users } from '../../db/schema.ts';
import { type CompanyScope, inScope, notPlatformStaff } from '../../http/scope.ts';

const master = alias(profiles, 'master');

/** Escapes LIKE wildcards so a search for `50%` means the text, not a pattern. */
export const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The name a list shows for a profile: its full name, else first and last
 * name from the profile, else from the account, else the email.
 */
export function profileNameSql(content: SQLWrapper, u?: { firstName: SQLWrapper; lastName: SQLWrapper; email: SQLWrapper }): SQL<string> {
  const own = profileOwnNameSql(content);
  if (!u) return sql<string>`coalesce(${own}, '')`;
  return sql<string>`coalesce(${own}, nullif(trim(concat_ws(' ', ${u.firstName}, ${u.lastName})), ''), ${u.email}, '')`;
}

const fullName = profileNameSql(profiles.content, users);
const jobTitle = sql<string | null>`coalesce(nullif(${profiles.content}->>'jobTitle', ''), nullif(${master.content}->>'jobTitle', ''))`;
const thumbnail = sql<string | null>`coalesce(${profiles.content}->'profilePhoto'->>'url', ${master.content}->'profilePhoto'->>'url')`;

/** Lifetime views per profile (spec §3 count), kept by the event flush in `profile_totals`. */
const viewCount = sql<number>`coalesce(${profileTotals.views}, 0)`;

export type UserListFilter = {
  /** Divisions to read: the caller's scope already intersected with the chosen divisions. */
  companyIds: CompanyScope;
  filter?: string | undefined;
  isLive?: boolean | undefined;
};

function whereOf(f: UserListFilter, withTab: boolean): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(profiles.isMaster, false), inScope(profiles.companyId, f.companyIds), notPlatformStaff(profiles.userId)];
  if (f.filter) {
    const pattern = likeText(f.filter);
    if (f.companyIds === 'all') where.push(searchEveryDivision(pattern));
    // Within chosen divisions the division's own rows are few, and reading them beats the indexes' matches across
    // every division (bench/enterprise.mjs).
    else where.push(sql`(${fullName} ilike ${pattern} or ${users.email} ilike ${pattern})`);
  }
  if (withTab && f.isLive === true) where.push(isNotNull(profiles.publishedAt));
  if (withTab && f.isLive === false) where.push(isNull(profiles.publishedAt));
  return and(...where);
}

/**
 * The search's rule across every division (a superadmin's, issue #27): the name the list shows, or the email, contains
 * the text. At 100,000 profiles checking it on each is a scan of every document, so it is said in parts an index finds:
 * the profile's own name contains it (the name shown, profiles_own_name_trgm_idx), or its account's email does, or it
 * has no name of its own and its account's name does (the accounts through users_search_trgm_idx, a superset checked
 * there). The planner ORs the two profile indexes into one bitmap, so each matching profile is read once and no account
 * is joined to it: at 2,000 matches of 100,000 on PGlite, half the time of one superset re-checked on the list's join.
 */
function searchEveryDivision(pattern: string): SQL {
  const own = profileOwnNameSql(profiles.content);
  const account = { firstName: sql`account.first_name`, lastName: sql`account.last_name`, email: sql`account.email` };
  const accountsWhere = (also: SQL) =>
    sql`array(select account.id from ${users} as account where ${accountSearchTextSql(account)} ilike ${pattern} and ${also})`;
  const byEmail = sql`account.email ilike ${pattern}`;
  const byName = sql`nullif(trim(concat_ws(' ', account.first_name, account.last_name)), '') ilike ${pattern}`;
  return sql`(${own} ilike ${pattern} or (${profiles.userId} = any(${accountsWhere(sql`(${byEmail} or ${byName})`)})
    and (${own} is null or ${profiles.userId} = any(${accountsWhere(byEmail)}))))`;
}

const SORT: Record<UserSortColumn, SQL | typeof profiles.updatedAt> = {
  NAME: sql`lower(${fullName})`,
  DIVISION: sql`lower(${companies.title})`,
  TEMPLATE: sql`lower(${master.templateName})`,
  UPDATED_AT: profiles.updatedAt,
  VIEWS: viewCount,
};

export type UserSort = { orderBy: UserSortColumn; order: SortOrder } | undefined;

function orderOf(sort: UserSort): SQL[] {
  if (!sort) return [desc(profiles.updatedAt), desc(profiles.id)];
  const col = SORT[sort.orderBy];
  // Ties (and empty values, last either way) are broken by id so paging never repeats or skips a row.
  const dir = sort.order === 'asc' ? sql`${col} asc nulls last` : sql`${col} desc nulls last`;
  return [dir, sort.order === 'asc' ? asc(profiles.id) : desc(profiles.id)];
}

/** The owner's role in the profile's division: supervisor only when the account is one too (policy.actorFrom reads it so). */
const divisionRole = sql<DivisionRole>`case when ${users.role} = 'supervisor' and exists (select 1 from company_members as cm where cm.user_id = ${profiles.userId} and cm.company_id = ${profiles.companyId} and cm.role = 'supervisor') then 'supervisor' else 'user' end`;

const rowColumns = {
  id: profiles.id,
  userId: profiles.userId,
  alias: profiles.alias,
  fullName,
  jobTitle,
  thumbnail,
  email: users.email,
  companyId: profiles.companyId,
  companyName: companies.title,
  subdomain: companies.subdomain,
  customDomain: companies.customDomain,
  templateName: master.templateName,
  updatedAt: profiles.updatedAt,
  publishedAt: profiles.publishedAt,
  count: viewCount,
  role: divisionRole,
  deactivatedAt:
    sql<Date | null>`(select cm.deactivated_at from company_members as cm where cm.user_id = ${profiles.userId} and cm.company_id = ${profiles.companyId})`.mapWith(
      companyMembers.deactivatedAt,
    ),
};

export type UserListRow = {
  id: number;
  userId: number | null;
  alias: string | null;
  fullName: string;
  jobTitle: string | null;
  thumbnail: string | null;
  email: string | null;
  companyId: number;
  companyName: string;
  subdomain: string;
  customDomain: string | null;
  templateName: string | null;
  updatedAt: Date;
  publishedAt: Date | null;
  count: number;
  role: DivisionRole;
  deactivatedAt: Date | null;
};

/**
 * The list's joins (the planner drops a left join whose columns a query does not use). Every profile has its division
 * (not null, a foreign key), so its left join gives the same rows as an inner one, and a page not sorted by division
 * does not read 2,000 divisions for a search's 2,000 matches.
 */
function withListJoins<T extends PgSelect>(qb: T) {
  return qb
    .leftJoin(companies, eq(companies.id, profiles.companyId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .leftJoin(master, eq(master.id, profiles.masterProfileId))
    .leftJoin(profileTotals, eq(profileTotals.profileId, profiles.id));
}

/**
 * A page of every division's list by name (a superadmin's, issue #27), the same rows in the same order as
 * `orderOf` gives: sorting 100,000 names read out of their documents took 200 ms. A profile with a name of its own
 * is listed by it, and those come in the order of their index (schema.ts profiles_staff_name_idx); the few without
 * one are listed by their account's name or email (profiles_staff_unnamed_idx). Each half gives its first rows up to
 * the end of the page, and the page is cut from both (PostgreSQL 15 does not merge the halves by itself). Neither key
 * is ever null, so `nulls last` does not apply.
 */
async function pageByName(db: Db, f: UserListFilter, order: SortOrder, page: number, pageSize: number): Promise<number[]> {
  const own = profileOwnNameSql(profiles.content);
  const where = whereOf(f, true);
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  const upToPage = (page + 1) * pageSize;
  const named = db
    .select({ id: profiles.id, key: sql<string>`lower(${own})`.as('key') })
    .from(profiles)
    .where(and(where, sql`lower(${own}) is not null`))
    .orderBy(sql`lower(${own}) ${dir}`, sql`${profiles.id} ${dir}`)
    .limit(upToPage);
  const key = sql`lower(${fullName})`;
  const unnamed = db
    .select({ id: profiles.id, key: sql<string>`${key}`.as('key') })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(and(where, sql`${own} is null`))
    .orderBy(sql`${key} ${dir}`, sql`${profiles.id} ${dir}`)
    .limit(upToPage);
  const rows = await unionAll(named, unnamed)
    .orderBy(sql`"key" ${dir}`, sql`"id" ${dir}`)
    .limit(pageSize)
    .offset(page * pageSize);
  return rows.map((r) => r.id);
}

/**
 * One page of the users list. The page is found on the sort key alone, then only its rows are
 * read: the row's name, title and picture come out of each profile's JSON document, and reading
 * ten documents instead of every one that matches keeps a page fast at 10,000 profiles
 * (bench/admin.mjs).
 */
export async function listUserRows(db: Db, f: UserListFilter, sort: UserSort, page: number, pageSize: number): Promise<UserListRow[]> {
  const ids =
    sort?.orderBy === 'NAME' && f.companyIds === 'all' && !f.filter
      ? await pageByName(db, f, sort.order, page, pageSize)
      : (
          await withListJoins(db.select({ id: profiles.id }).from(profiles).$dynamic())
            .where(whereOf(f, true))
            .orderBy(...orderOf(sort))
            .limit(pageSize)
            .offset(page * pageSize)
        ).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = (await withListJoins(db.select(rowColumns).from(profiles).$dynamic()).where(inArray(profiles.id, ids))) as UserListRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Rows per tab for the same search and divisions (one scan). */
export async function countUserRows(db: Db, f: UserListFilter): Promise<{ published: number; unpublished: number; all: number }> {
  const q = db
    .select({
      all: sql<number>`count(*)::int`,
      published: sql<number>`(count(*) filter (where ${profiles.publishedAt} is not null))::int`,
    })
    .from(profiles)
    .$dynamic();
  // The account is only read by the name search.
  const [row] = await (f.filter ? q.leftJoin(users, eq(users.id, profiles.userId)) : q).where(whereOf(f, false));
  const all = row?.all ?? 0;
  const published = row?.published ?? 0;
  return { all, published, unpublished: all - published };
}

/**
 * Every row of the filtered list, in batches: an export of 10,000 profiles
 * never holds more than one batch.
 */
export async function* streamUserRows(db: Db, f: UserListFilter, sort: UserSort, batch = 1000): AsyncGenerator<UserListRow> {
  for (let page = 0; ; page += 1) {
    const rows = await listUserRows(db, f, sort, page, batch);
    yield* rows;
    if (rows.length < batch) return;
  }
}

/** User suggestions: profiles whose name matches, ordered by name, one page plus one to tell whether more follow. */
export async function suggestUsers(db: Db, f: UserListFilter, page: number, pageSize: number) {
  return db
    .select({ id: profiles.id, fullName, alias: profiles.alias, companyId: profiles.companyId, companyName: companies.title })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(whereOf(f, false))
    .orderBy(sql`lower(${fullName}) asc`, asc(profiles.id))
    .limit(pageSize + 1)
    .offset(page * pageSize);
}

/** Titles of divisions by id, in the order given. */
export async function companyTitles(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: companies.id, title: companies.title }).from(companies).where(inArray(companies.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.title).filter((t): t is string => Boolean(t));
}

/** The profile's latest publications, newest first. */
export async function recentPublications(db: Db, profileId: number, limit: number) {
  return db
    .select()
    .from(profilePublications)
    .where(eq(profilePublications.profileId, profileId))
    .orderBy(desc(profilePublications.publishedAt), desc(profilePublications.id))
    .limit(limit);
}

/** Puts earlier content back into the profile's draft, as a new version. */
export async function restoreContent(db: Db, profileId: number, content: Record<string, unknown>): Promise<void> {
  await db
    .update(profiles)
    .set({ content, version: sql`${profiles.version} + 1`, updatedAt: new Date() })
    .where(eq(profiles.id, profileId));
}
