import { type Company, type CompanyConsoleRow, type CompanyQuery, DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '@profilehub/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companyDailyStats,
  companyMembers,
  companyViewSources,
  dailyFiltered,
  dailyStats,
  dailyViewSources,
  events,
  profileStylings,
  profiles,
  profileTotals,
  uploads,
  users,
} from '../../db/schema.ts';

/** A division's feature flags: those it stored, the defaults (off) for the rest. */
export const flagsOf = (company: { featureFlags: Partial<FeatureFlags> }): FeatureFlags => ({ ...DEFAULT_FEATURE_FLAGS, ...company.featureFlags });

type CompanyRow = typeof companies.$inferSelect;

/** Escapes LIKE wildcards so a search for `50%` means the text, not a pattern. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toCompany(row: CompanyRow, masterProfileIds: number[]): Company {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    subdomain: row.subdomain,
    customDomain: row.customDomain,
    customDomainUrl: row.customDomainUrl,
    masterProfiles: masterProfileIds.map((id) => ({ id })),
    limits: { imageGallery: row.imageGalleryLimit },
    feature_flags: flagsOf(row),
    customSupportLink: row.customSupportLink,
    paymentStructure: row.paymentStructure,
    publicationState: row.publishedAt ? 'live' : 'preview',
    whiteLabel: row.whiteLabel ?? null,
    consent: { enable: row.consentEnabled, text: row.consentText },
  };
}

async function withMasters(db: Db, rows: CompanyRow[]): Promise<Company[]> {
  if (rows.length === 0) return [];
  const masters = await db
    .select({ id: profiles.id, companyId: profiles.companyId })
    .from(profiles)
    .where(
      and(
        eq(profiles.isMaster, true),
        inArray(
          profiles.companyId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(profiles.id));
  return rows.map((r) =>
    toCompany(
      r,
      masters.filter((m) => m.companyId === r.id).map((m) => m.id),
    ),
  );
}

/** Companies by id, in the order of `ids` (a user's first company comes first). */
export async function companiesByIds(db: Db, ids: number[]): Promise<Company[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(companies)
    .where(and(inArray(companies.id, ids), isNull(companies.archivedAt)));
  const list = await withMasters(db, rows);
  return ids.map((id) => list.find((c) => c.id === id)).filter((c): c is Company => c !== undefined);
}

/** GET /companies: `scope` is the caller's visible divisions (policy.companiesOf). */
export async function listCompanies(db: Db, scope: 'all' | number[], q: CompanyQuery): Promise<{ data: Company[]; total: number }> {
  const where: SQL[] = [];
  if (scope !== 'all') where.push(inArray(companies.id, scope.length ? scope : [-1]));
  // An archived division is closed to everyone but the divisions console (listDivisionsConsole).
  where.push(isNull(companies.archivedAt));
  if (q.ids) where.push(inArray(companies.id, q.ids));
  if (q.search) where.push(ilike(companies.description, likeText(q.search)));
  if (q.publicationState === 'live') where.push(isNotNull(companies.publishedAt));
  const cond = where.length ? and(...where) : undefined;
  const column = { description: companies.description, name: companies.name, id: companies.id }[q.sort.field];
  const rows = await db
    .select()
    .from(companies)
    .where(cond)
    .orderBy(q.sort.direction === 'asc' ? asc(column) : desc(column), asc(companies.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(companies).where(cond);
  return { data: await withMasters(db, rows), total: total?.n ?? 0 };
}

export async function companyByHubDomain(db: Db, host: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.hubDomain, host.toLowerCase())).limit(1);
  return row;
}

export async function companyRowById(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/** The supervisors of a division, by email (who "Request edits" and approval requests go to). */
export async function supervisorEmails(db: Db, companyId: number, opts: { limit?: number; wanting?: PgColumn } = {}): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.role, 'supervisor'),
        eq(users.blocked, false),
        // A supervisor deactivated in the division (offboarding, decision 022) no longer hears of it.
        isNull(companyMembers.deactivatedAt),
        // Only those who want this mail (a Manage Notifications choice), when the caller names one.
        opts.wanting ? eq(opts.wanting, true) : undefined,
      ),
    )
    .orderBy(asc(users.email))
    .limit(opts.limit ?? 10);
  return rows.map((r) => r.email);
}

/** Whether the user belongs to the division. */
export async function isMember(db: Db, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The first default theme (the one a new division's template starts from), or null when the hub has none. */
export async function firstDefaultThemeId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: profileStylings.id })
    .from(profileStylings)
    .where(isNull(profileStylings.companyId))
    .orderBy(asc(profileStylings.id))
    .limit(1);
  return row?.id ?? null;
}

/** A new division with its first master template in the given theme; a taken subdomain throws the unique violation. */
export async function insertDivision(
  db: Db,
  values: { title: string; subdomain: string; stylingId: number | null },
): Promise<{ id: number; masterProfileId: number }> {
  const [company] = await db
    .insert(companies)
    .values({ name: values.title, title: values.title, subdomain: values.subdomain, publishedAt: new Date() })
    .returning({ id: companies.id });
  const [master] = await db
    .insert(profiles)
    .values({
      companyId: company!.id,
      isMaster: true,
      templateName: `${values.title} Standard`,
      stylingId: values.stylingId,
      // The checklist reads the theme from the document: without it every child would be
      // asked for a "Template" its supervisor cannot give in the editor.
      content: values.stylingId === null ? {} : { stylingId: values.stylingId },
    })
    .returning({ id: profiles.id });
  return { id: company!.id, masterProfileId: master!.id };
}

/**
 * What the console shows beside each division, computed in the same statement as the rows:
 * people (platform staff not counted), profiles and its master templates. One round trip per
 * page (there were five), which is what a page of the console costs on a busy database
 * (bench/divisions.mjs).
 */
/** The outer row's id, spelled out: in a one-table select drizzle would write a bare "id", which the subqueries would read as their own. */
const divisionId = sql.raw('"companies"."id"');
const consoleColumns = {
  company: companies,
  members:
    sql<number>`(select count(*) from ${companyMembers} m join ${users} u on u.id = m.user_id where m.company_id = ${divisionId} and u.role <> 'superadmin')`.mapWith(
      Number,
    ),
  profiles: sql<number>`(select count(*) from ${profiles} p where p.company_id = ${divisionId} and not p.is_master)`.mapWith(Number),
  masters: sql<number[]>`(select coalesce(array_agg(p.id order by p.id), '{}') from ${profiles} p where p.company_id = ${divisionId} and p.is_master)`,
};

function toConsoleRow(r: { company: CompanyRow; members: number; profiles: number; masters: number[] }): CompanyConsoleRow {
  return {
    ...toCompany(r.company, r.masters.map(Number)),
    trainingVideoUrl: r.company.trainingVideoUrl,
    mailFromName: r.company.mailFromName,
    mailFromAddress: r.company.mailFromAddress,
    offboardingOutcome: r.company.offboardingOutcome,
    contactRetentionMonths: r.company.contactRetentionMonths,
    exchangeFollowUp: r.company.exchangeFollowUp,
    updatedAt: r.company.updatedAt.toISOString(),
    members: r.members,
    profiles: r.profiles,
    archivedAt: r.company.archivedAt?.toISOString() ?? null,
  };
}

/** The divisions console's page of divisions: search in name, title, subdomain and description; people and profiles counted. */
export async function listDivisionsConsole(
  db: Db,
  q: { search?: string | undefined; page: number; pageSize: number },
): Promise<{ data: CompanyConsoleRow[]; total: number }> {
  const cond = q.search
    ? or(
        ilike(companies.title, likeText(q.search)),
        ilike(companies.name, likeText(q.search)),
        ilike(companies.subdomain, likeText(q.search)),
        ilike(companies.description, likeText(q.search)),
      )
    : undefined;
  const order = [sql`${companies.archivedAt} is not null`, asc(companies.title), asc(companies.id)];
  // The page first (ids and the total, a window count), then the counts for its rows only: with
  // the counts beside the window, the database would compute them for every matching division.
  const page = db
    .select({ id: companies.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(companies)
    .where(cond)
    // Archived divisions last: the console is for the live ones first.
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .as('page');
  const rows = await db
    .select({ ...consoleColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(companies, eq(companies.id, page.id))
    .orderBy(...order);
  // The window count comes with every row; a page past the end has none, so only then is it counted apart.
  const total = rows[0]?.total ?? (q.page > 1 ? ((await db.select({ n: count() }).from(companies).where(cond))[0]?.n ?? 0) : 0);
  return { data: rows.map(toConsoleRow), total };
}

/** One division as the console shows it. */
export async function divisionConsoleRow(db: Db, id: number): Promise<CompanyConsoleRow | undefined> {
  const [row] = await db.select(consoleColumns).from(companies).where(eq(companies.id, id)).limit(1);
  return row ? toConsoleRow(row) : undefined;
}

/**
 * Writes a division's settings if it is still as the editor loaded it (`updatedAt`):
 * returns the new row, or undefined when someone changed it meanwhile.
 */
export async function updateDivision(db: Db, id: number, loadedAt: Date, values: Partial<typeof companies.$inferInsert>): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: sql`greatest(now(), ${companies.updatedAt} + interval '1 millisecond')` })
    .where(and(eq(companies.id, id), sql`date_trunc('milliseconds', ${companies.updatedAt}) = ${loadedAt.toISOString()}::timestamptz`))
    .returning();
  return row;
}

/**
 * Archives (`archived` true) or restores a division in one statement, so parallel calls end in
 * one state. Returns whether this call changed it (only a change is audited), or undefined
 * when there is no such division.
 */
export async function setDivisionArchived(db: Db, id: number, archived: boolean): Promise<boolean | undefined> {
  const [changed] = await db
    .update(companies)
    .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`greatest(now(), ${companies.updatedAt} + interval '1 millisecond')` })
    .where(and(eq(companies.id, id), archived ? isNull(companies.archivedAt) : isNotNull(companies.archivedAt)))
    .returning({ id: companies.id });
  if (changed) return true;
  return (await companyRowById(db, id)) ? false : undefined;
}

/** The division's row, locked until the transaction ends: parallel deletes of one division wait here, then find it gone. */
export async function lockDivision(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update').limit(1);
  return row;
}

/** Every stored file of the division (those its owners removed too): their bytes go with it. */
export async function uploadKeysOf(db: Db, companyId: number): Promise<string[]> {
  const rows = await db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.companyId, companyId));
  return rows.map((r) => r.key);
}

/**
 * Deletes a division and everything of it, inside the caller's transaction: its statistics
 * (no foreign key: written in batches), then the row, which takes its members, profiles,
 * templates, themes, approvals, lead forms and leads, uploads and publications with it
 * (ON DELETE CASCADE). Accounts that belonged to this division only, other than platform
 * staff, are deleted too (their sessions go with them). Returns how many accounts went.
 */
export async function deleteDivisionRows(db: Db, companyId: number): Promise<number> {
  const onlyHere = await db
    .select({ id: users.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        ne(users.role, 'superadmin'),
        sql`not exists (select 1 from company_members other where other.user_id = ${users.id} and other.company_id <> ${companyId})`,
      ),
    );
  await db.execute(sql`delete from daily_visitors where profile_id in (select id from profiles where company_id = ${companyId})`);
  // The industry rollup is the sum of the divisions there are: this one's share goes out of it with its own rows.
  await db.execute(sql`
    update industry_daily_stats i set count = i.count - c.count, visitors = i.visitors - c.visitors
    from (select day, action, type, label, sum(count)::int as count, sum(visitors)::int as visitors from company_daily_stats
      where company_id = ${companyId} group by day, action, type, label) c
    where i.day = c.day and i.action = c.action and i.type = c.type and i.label = c.label`);
  for (const table of [dailyStats, companyDailyStats, dailyViewSources, companyViewSources, dailyFiltered, profileTotals, events])
    await db.delete(table).where(eq(table.companyId, companyId));
  await db.delete(companies).where(eq(companies.id, companyId));
  const ids = onlyHere.map((u) => u.id);
  if (ids.length > 0) await db.delete(users).where(inArray(users.id, ids));
  return ids.length;
}

/** The division's first master template (the one the console previews), or undefined. */
export async function firstMasterProfileId(db: Db, companyId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.isMaster, true)))
    .orderBy(asc(profiles.id))
    .limit(1);
  return row?.id;
}
