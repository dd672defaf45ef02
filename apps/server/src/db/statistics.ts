import { sql } from 'drizzle-orm';
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
export async function refreshPlannerStatistics(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'jobs') and c.relkind in ('r', 'p') and not c.relispartition
        and not (n.nspname = 'public' and c.relname = 'events')
      order by 1`),
  ).map((r) => r.name);
  if (tables.length) await db.execute(sql.raw(`analyze ${tables.join(', ')}`));
  return tables;
}
