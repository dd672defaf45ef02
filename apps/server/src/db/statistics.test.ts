import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../modules/events/rollups.ts';
import { createCompany, createUser } from '../test/factories.ts';
import { useTestApp } from '../test/harness.ts';
import { refreshPlannerStatistics } from './statistics.ts';

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
