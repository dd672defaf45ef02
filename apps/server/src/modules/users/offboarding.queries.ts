/**
 * Database access of offboarding (issue #28, decision 022): a division membership deactivated
 * and reactivated, the person's pages' outcome, and moving their contacts (lead submissions)
 * and statistics (daily_stats, profile_totals) to the successor's profile and exactly back.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companyMembers,
  dailyStats,
  dailyViewSources,
  leadSubmissions,
  type OffboardingMoved,
  offboardings,
  profiles,
  profileTotals,
  users,
} from '../../db/schema.ts';

type Outcome = 'successor' | 'company' | 'gone';

/**
 * The accounts, locked in id order until the transaction ends: a deactivation locks the person
 * and their successor's owner, so two deactivations naming each other run one after the other
 * (the second then finds its successor gone) instead of deadlocking or making a redirect loop.
 */
export async function lockAccounts(db: Db, userIds: number[]) {
  return db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
    .orderBy(asc(users.id))
    .for('update');
}

/** The owner of a profile, or undefined (unlocked: the caller locks the account). */
export async function profileOwner(db: Db, profileId: number): Promise<number | undefined> {
  const [row] = await db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, profileId));
  return row?.userId ?? undefined;
}

/** The membership, locked until the transaction ends: deactivations of one person in one division run one after another. */
export async function lockMembership(db: Db, userId: number, companyId: number) {
  const [row] = await db
    .select({ role: companyMembers.role, deactivatedAt: companyMembers.deactivatedAt })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)))
    .for('update');
  return row;
}

/** The division's default outcome; undefined when there is no such division. */
export async function divisionOutcome(db: Db, companyId: number): Promise<Outcome | undefined> {
  const [row] = await db.select({ outcome: companies.offboardingOutcome }).from(companies).where(eq(companies.id, companyId));
  return row?.outcome;
}

/**
 * A profile that may take a person's place: a published person's page (not a template) in the
 * division, whose owner is an active, unblocked member of it and not the person leaving.
 */
export async function validSuccessor(db: Db, profileId: number, companyId: number, leavingUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(companyMembers, and(eq(companyMembers.userId, profiles.userId), eq(companyMembers.companyId, profiles.companyId)))
    .where(
      and(
        eq(profiles.id, profileId),
        eq(profiles.companyId, companyId),
        eq(profiles.isMaster, false),
        sql`${profiles.publishedAt} is not null`,
        sql`${profiles.userId} <> ${leavingUserId}`,
        isNull(companyMembers.deactivatedAt),
        eq(users.blocked, false),
      ),
    );
  return row !== undefined;
}

/** The person's own profiles (pages, not templates) in the division. */
export async function memberProfiles(db: Db, userId: number, companyId: number) {
  return db
    .select({ id: profiles.id, alias: profiles.alias })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.companyId, companyId), eq(profiles.isMaster, false)));
}

/** Moves the profiles' lead submissions to the successor; which ones, and from where. */
export async function moveLeads(db: Db, fromProfileIds: number[], toProfileId: number) {
  if (!fromProfileIds.length) return [];
  const rows = await db
    .select({ id: leadSubmissions.id, profileId: leadSubmissions.profileId })
    .from(leadSubmissions)
    .where(inArray(leadSubmissions.profileId, fromProfileIds))
    .for('update');
  if (rows.length)
    await db
      .update(leadSubmissions)
      .set({ profileId: toProfileId })
      .where(
        inArray(
          leadSubmissions.id,
          rows.map((r) => r.id),
        ),
      );
  return rows;
}

/** Puts moved lead submissions back on the profiles they came from (those still on the successor's). */
export async function returnLeads(db: Db, leads: OffboardingMoved['leads'], successorProfileId: number) {
  if (!leads.length) return;
  await db.execute(sql`
    update lead_submissions as l set profile_id = m."profileId"
    from jsonb_to_recordset(${JSON.stringify(leads)}::jsonb) as m(id int, "profileId" int)
    where l.id = m.id and l.profile_id = ${successorProfileId}`);
}

/**
 * Moves the profiles' statistics to the successor: their daily rows are added into the
 * successor's (summed where the day and kind collide) and their lifetime views into its
 * total; the original rows are returned, to be kept for a reactivation, and deleted.
 */
export async function moveStatistics(db: Db, fromProfileIds: number[], toProfileId: number, companyId: number) {
  if (!fromProfileIds.length) return { dailyStats: [], totals: [], viewSources: [] };
  const daily = await db
    .select({
      day: dailyStats.day,
      profileId: dailyStats.profileId,
      action: dailyStats.action,
      type: dailyStats.type,
      label: dailyStats.label,
      count: dailyStats.count,
      visitors: dailyStats.visitors,
    })
    .from(dailyStats)
    .where(inArray(dailyStats.profileId, fromProfileIds))
    .for('update');
  const totals = await db
    .select({ profileId: profileTotals.profileId, views: profileTotals.views })
    .from(profileTotals)
    .where(inArray(profileTotals.profileId, fromProfileIds))
    .for('update');
  const viewSources = await db
    .select({
      day: dailyViewSources.day,
      profileId: dailyViewSources.profileId,
      dimension: dailyViewSources.dimension,
      value: dailyViewSources.value,
      count: dailyViewSources.count,
    })
    .from(dailyViewSources)
    .where(inArray(dailyViewSources.profileId, fromProfileIds))
    .for('update');
  const ids = sql.join(
    fromProfileIds.map((id) => sql`${id}`),
    sql`, `,
  );
  if (viewSources.length) {
    // The division's own sums (company_view_sources) stay as they are: the views stay in the division.
    await db.execute(sql`
      insert into daily_view_sources (day, company_id, profile_id, dimension, value, count)
      select day, ${companyId}, ${toProfileId}, dimension, value, sum(count)
      from daily_view_sources where profile_id in (${ids})
      group by day, dimension, value
      on conflict (profile_id, day, dimension, value) do update set count = daily_view_sources.count + excluded.count`);
    await db.delete(dailyViewSources).where(inArray(dailyViewSources.profileId, fromProfileIds));
  }
  if (daily.length) {
    await db.execute(sql`
      insert into daily_stats (day, company_id, profile_id, action, type, label, count, visitors)
      select day, ${companyId}, ${toProfileId}, action, type, label, sum(count), sum(visitors)
      from daily_stats where profile_id in (${ids})
      group by day, action, type, label
      on conflict (profile_id, day, action, type, label)
      do update set count = daily_stats.count + excluded.count, visitors = daily_stats.visitors + excluded.visitors`);
    await db.delete(dailyStats).where(inArray(dailyStats.profileId, fromProfileIds));
  }
  if (totals.length) {
    const views = totals.reduce((n, t) => n + t.views, 0);
    await db
      .insert(profileTotals)
      .values({ profileId: toProfileId, companyId, views })
      .onConflictDoUpdate({ target: profileTotals.profileId, set: { views: sql`${profileTotals.views} + ${views}` } });
    await db.delete(profileTotals).where(inArray(profileTotals.profileId, fromProfileIds));
  }
  return { dailyStats: daily, totals, viewSources };
}

/**
 * Undoes `moveStatistics`: what was added to the successor's rows is taken off again (a row
 * left with nothing is removed) and the original rows come back, added to any the profiles
 * have gathered since.
 */
export async function returnStatistics(
  db: Db,
  moved: Pick<OffboardingMoved, 'dailyStats' | 'totals' | 'viewSources'>,
  successorProfileId: number,
  companyId: number,
) {
  if (moved.viewSources?.length) {
    const rows = sql`jsonb_to_recordset(${JSON.stringify(moved.viewSources)}::jsonb) as m(day date, "profileId" int, dimension text, value text, count int)`;
    await db.execute(sql`
      update daily_view_sources as d set count = greatest(d.count - g.count, 0)
      from (select day, dimension, value, sum(count) as count from ${rows} group by day, dimension, value) as g
      where d.profile_id = ${successorProfileId} and d.day = g.day and d.dimension = g.dimension and d.value = g.value`);
    await db.execute(sql`delete from daily_view_sources where profile_id = ${successorProfileId} and count = 0`);
    await db.execute(sql`
      insert into daily_view_sources (day, company_id, profile_id, dimension, value, count)
      select day, ${companyId}, "profileId", dimension, value, count from ${rows}
      on conflict (profile_id, day, dimension, value) do update set count = daily_view_sources.count + excluded.count`);
  }
  if (moved.dailyStats.length) {
    const rows = sql`jsonb_to_recordset(${JSON.stringify(moved.dailyStats)}::jsonb) as m(day date, "profileId" int, action text, type text, label text, count int, visitors int)`;
    await db.execute(sql`
      update daily_stats as d set count = greatest(d.count - g.count, 0), visitors = greatest(d.visitors - g.visitors, 0)
      from (select day, action, type, label, sum(count) as count, sum(visitors) as visitors from ${rows} group by day, action, type, label) as g
      where d.profile_id = ${successorProfileId} and d.day = g.day and d.action = g.action and d.type = g.type and d.label = g.label`);
    await db.execute(sql`delete from daily_stats where profile_id = ${successorProfileId} and count = 0 and visitors = 0`);
    await db.execute(sql`
      insert into daily_stats (day, company_id, profile_id, action, type, label, count, visitors)
      select day, ${companyId}, "profileId", action, type, label, count, visitors from ${rows}
      on conflict (profile_id, day, action, type, label)
      do update set count = daily_stats.count + excluded.count, visitors = daily_stats.visitors + excluded.visitors`);
  }
  if (moved.totals.length) {
    const views = moved.totals.reduce((n, t) => n + t.views, 0);
    await db
      .update(profileTotals)
      .set({ views: sql`greatest(${profileTotals.views} - ${views}, 0)` })
      .where(eq(profileTotals.profileId, successorProfileId));
    for (const t of moved.totals)
      await db
        .insert(profileTotals)
        .values({ profileId: t.profileId, companyId, views: t.views })
        .onConflictDoUpdate({ target: profileTotals.profileId, set: { views: sql`${profileTotals.views} + ${t.views}` } });
  }
}

/** Marks the membership deactivated (or active again with null) and sets (or clears) its pages' outcome. */
export async function setMembershipState(
  db: Db,
  m: { userId: number; companyId: number; profileIds: number[] },
  state: { by: number; outcome: Outcome; successorProfileId: number | null } | null,
) {
  await db
    .update(companyMembers)
    .set(state ? { deactivatedAt: new Date(), deactivatedBy: state.by } : { deactivatedAt: null, deactivatedBy: null })
    .where(and(eq(companyMembers.userId, m.userId), eq(companyMembers.companyId, m.companyId)));
  if (m.profileIds.length)
    await db
      .update(profiles)
      .set({ offboardOutcome: state?.outcome ?? null, offboardSuccessorId: state?.successorProfileId ?? null })
      .where(inArray(profiles.id, m.profileIds));
}

export async function insertOffboarding(db: Db, values: typeof offboardings.$inferInsert) {
  await db.insert(offboardings).values(values);
}

/** The deactivation in force of the membership, if any. */
export async function openOffboarding(db: Db, userId: number, companyId: number) {
  const [row] = await db
    .select()
    .from(offboardings)
    .where(and(eq(offboardings.userId, userId), eq(offboardings.companyId, companyId), isNull(offboardings.reactivatedAt)));
  return row;
}

export async function closeOffboarding(db: Db, id: number, by: number) {
  await db.update(offboardings).set({ reactivatedAt: new Date(), reactivatedBy: by }).where(eq(offboardings.id, id));
}

/** Whether the person keeps a membership that is neither deactivated nor in an archived division. */
export async function hasActiveMembership(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, userId), isNull(companyMembers.deactivatedAt), isNull(companies.archivedAt)))
    .limit(1);
  return row !== undefined;
}
