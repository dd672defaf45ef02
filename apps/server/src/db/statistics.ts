import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../modules/events/rollups.ts';
import type { Db } from './client.ts';

/**
 * Refreshes the planner's statistics (ANALYZE). PGlite runs no autovacuum, so without this
 * its planner believes every table is empty and, once there is data, picks plans a hundred
 * times slower: the top-profiles report took 650 ms instead of 6 ms at 2 M events (a nested
 * loop re-aggregating the rollups once per profile). The server runs it hourly on the
 * embedded database; PostgreSQL's autovacuum does the same there. The raw `events` are left
 * out: they are the largest table by far, and no report reads them.
 */
export function refreshPlannerStatistics(db: Db): Promise<string[]> {
  return analyzeWhere(db, sql`true`);
}

/**
 * ANALYZE of the tables that have grown by more than a tenth (and 8 pages, 64 KB) since the
 * planner last looked at them: what autovacuum's analyze threshold does on PostgreSQL (10 % of
 * the rows plus 50), told by size, as PGlite keeps no per-table change counts. Cheap when nothing
 * grew (a size look-up per table). It matters most for the statistics' rollups: a busy hour
 * writes thousands of rows into a day's rollup, and `record_events` keeps one plan per connection
 * (migration 0014: a generic plan), made for the sizes the planner last knew; an ANALYZE makes it plan again.
 * Measured (bench/analytics.mjs, PGlite): without it the ingest fell from about 3,000 to 2,100
 * events/s over three 10-second rounds as the day's rollups grew.
 */
export function analyzeGrownTables(db: Db): Promise<string[]> {
  return analyzeWhere(db, sql`pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages, 0) * 1.1 + 8`);
}

/** ANALYZE of the hub's tables (the job queue's included, the raw events left out) that `condition` holds for. */
async function analyzeWhere(db: Db, condition: SQL): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'jobs') and c.relkind in ('r', 'p') and not c.relispartition
        and not (n.nspname = 'public' and c.relname = 'events') and ${condition}
      order by 1`),
  ).map((r) => r.name);
  if (tables.length) await db.execute(sql.raw(`analyze ${tables.join(', ')}`));
  return tables;
}
