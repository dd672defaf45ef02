import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../modules/events/rollups.ts';
import { createCompany, createUser } from '../test/factories.ts';
import { useTestApp } from '../test/harness.ts';
import { analyzeGrownTables, refreshPlannerStatistics } from './statistics.ts';

const t = useTestApp();

/** What the planner believes a table holds (-1 or 0 until the table is analyzed). */
async function believedRows(table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`));
  return row!.n;
}

describe('refreshPlannerStatistics', () => {
  it('tells the planner what the tables hold, the job queue’s included, the raw events left out', async () => {
    const company = await createCompany(t.app.deps.db);
    for (let i = 0; i < 5; i++) await createUser(t.app, { companyId: company.id });
    const analyzed = await refreshPlannerStatistics(t.app.deps.db);
    expect(analyzed).toEqual(expect.arrayContaining(['public.profiles', 'public.users', 'public.daily_stats', 'jobs.job']));
    expect(analyzed.filter((name) => name.startsWith('public.events'))).toEqual([]);
    expect(await believedRows('users')).toBeGreaterThanOrEqual(5);
    expect(await believedRows('profiles')).toBeGreaterThanOrEqual(5);
  });
});

describe('analyzeGrownTables (PGlite has no autovacuum)', () => {
  it('analyzes a table that grew by more than a tenth since the planner last looked, and only then', async () => {
    const db = t.app.deps.db;
    // On the PostgreSQL pass autovacuum would otherwise be free to analyze it first.
    await db.execute(sql`alter table daily_stats set (autovacuum_enabled = false)`);
    await refreshPlannerStatistics(db);
    expect(await analyzeGrownTables(db)).toEqual([]);
    // A busy day's rollup: 5,000 rows the planner has not seen.
    await db.execute(sql`
      insert into daily_stats (day, company_id, profile_id, action, type, label, count, visitors)
      select date '2026-01-01' + (g % 300), 1, g, 'view', 'page', '', 1, 1 from generate_series(1, 5000) g`);
    expect(await analyzeGrownTables(db)).toEqual(['public.daily_stats']);
    expect(await believedRows('daily_stats')).toBeGreaterThanOrEqual(5000);
    // Grown by less than a tenth since: left alone.
    await db.execute(sql`
      insert into daily_stats (day, company_id, profile_id, action, type, label, count, visitors)
      select date '2026-01-01', 1, g, 'view', 'page', '', 1, 1 from generate_series(5001, 5100) g`);
    expect(await analyzeGrownTables(db)).toEqual([]);
  });
});
