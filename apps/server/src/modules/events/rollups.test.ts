import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyDailyStats, dailyStats, events, industryDailyStats, leadSubmissions, profiles, profileTotals } from '../../db/schema.ts';
import { createCompany } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { EventIngest } from './ingest.ts';
import { generateEvents, rebuildRollups, rowsOf, seedDemoEvents } from './rollups.ts';

const t = useTestApp();

async function publishedProfiles(n: number) {
  const company = await createCompany(t.app.deps.db);
  const rows = await t.app.deps.db
    .insert(profiles)
    .values(Array.from({ length: n }, (_, i) => ({ companyId: company.id, alias: `ro-${company.subdomain}-${i}`, publishedAt: new Date() })))
    .returning();
  return { companyId: company.id, ids: rows.map((r) => r.id) };
}
const profileRollup = (ids: number[]) =>
  t.app.deps.db
    .select()
    .from(dailyStats)
    .where(inArray(dailyStats.profileId, ids))
    .orderBy(asc(dailyStats.profileId), asc(dailyStats.day), asc(dailyStats.action), asc(dailyStats.type), asc(dailyStats.label));
const companyRollup = (companyId: number) =>
  t.app.deps.db
    .select()
    .from(companyDailyStats)
    .where(eq(companyDailyStats.companyId, companyId))
    .orderBy(asc(companyDailyStats.day), asc(companyDailyStats.action), asc(companyDailyStats.type), asc(companyDailyStats.label));

describe('rollups', () => {
  it('rebuilding from events gives exactly what the live ingest built', async () => {
    const { companyId, ids } = await publishedProfiles(3);
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 60_000, batchSize: 7 });
    const types = [
      ['view', 'page', null],
      ['click', 'url', 'Website'],
      ['click', 'phone', 'Call me'],
    ] as const;
    for (let i = 0; i < 60; i++) {
      const [action, type, label] = types[i % 3]!;
      ingest.accept({
        profileId: ids[i % ids.length]!,
        action,
        type,
        label,
        value: null,
        visitorHash: `v${i % 11}`,
        occurredAt: new Date(Date.UTC(2026, 0, 1 + (i % 4), 12)),
      });
    }
    await ingest.close();
    const live = await profileRollup(ids);
    const liveCompany = await companyRollup(companyId);
    expect(live.reduce((s, r) => s + r.count, 0)).toBe(60);

    const totals = () => t.app.deps.db.select().from(profileTotals).where(inArray(profileTotals.profileId, ids)).orderBy(asc(profileTotals.profileId));
    const liveTotals = await totals();
    const industry = () =>
      t.app.deps.db
        .select()
        .from(industryDailyStats)
        .where(sql`${industryDailyStats.day} between '2026-01-01' and '2026-01-04'`)
        .orderBy(asc(industryDailyStats.day), asc(industryDailyStats.action), asc(industryDailyStats.type), asc(industryDailyStats.label));
    const liveIndustry = await industry();
    expect(liveIndustry.reduce((s, r) => s + r.count, 0)).toBeGreaterThanOrEqual(60);
    // 20 views over the three profiles (every third event), as the flush counted them.
    expect(liveTotals.reduce((s, r) => s + r.views, 0)).toBe(20);

    await rebuildRollups(t.app.deps.db, { profileIds: ids });
    expect(await profileRollup(ids)).toEqual(live);
    expect(await companyRollup(companyId)).toEqual(liveCompany);
    expect(await totals()).toEqual(liveTotals);
    expect(await industry()).toEqual(liveIndustry);
  });

  it('generates exactly the asked number of events for the given profiles only, skewed towards the first', async () => {
    const { ids } = await publishedProfiles(5);
    await generateEvents(t.app.deps.db, { profileIds: ids, count: 4000, days: 90 });
    const perProfile = await t.app.deps.db
      .select({ id: events.profileId, n: sql<number>`count(*)::int` })
      .from(events)
      .where(inArray(events.profileId, ids))
      .groupBy(events.profileId);
    const total = perProfile.reduce((s, r) => s + r.n, 0);
    expect(total).toBe(4000);
    const byId = new Map(perProfile.map((r) => [r.id, r.n]));
    expect(byId.get(ids[0]!)!).toBeGreaterThan(byId.get(ids[4]!) ?? 0);
    const { rows } = await rebuildRollups(t.app.deps.db, { profileIds: ids });
    expect(rows).toBeGreaterThan(0);
  });

  it('seeds demo traffic once for published profiles, never twice', async () => {
    const { companyId, ids } = await publishedProfiles(1);
    await seedDemoEvents(t.app.deps.db, [companyId]);
    const count = async () => (await t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(events).where(eq(events.profileId, ids[0]!)))[0]!.n;
    const first = await count();
    expect(first).toBeGreaterThan(1000);
    expect((await profileRollup(ids)).length).toBeGreaterThan(100);
    const submits = await t.app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(sql`${events.profileId} = ${ids[0]!} and ${events.action} = 'submit'`);
    const submissions = await t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(leadSubmissions).where(eq(leadSubmissions.profileId, ids[0]!));
    expect(submissions[0]!.n).toBe(submits[0]!.n);
    expect(submissions[0]!.n).toBeGreaterThan(0);
    // Every demo view has one value per dimension, so the statistics page's source cards are alive too.
    const sources = await t.app.deps.db.execute(sql`
      select dimension, sum(count)::int as n from company_view_sources where company_id = ${companyId} group by dimension order by dimension`);
    const views = (await profileRollup(ids)).filter((r) => r.action === 'view').reduce((sum, r) => sum + r.count, 0);
    expect(rowsOf<{ dimension: string; n: number }>(sources)).toEqual(
      ['browser', 'campaign', 'country', 'device', 'os', 'referrer', 'source'].map((dimension) => ({ dimension, n: views })),
    );
    await seedDemoEvents(t.app.deps.db, [companyId]);
    expect(await count()).toBe(first);
  });
});
