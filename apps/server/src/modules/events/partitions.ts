import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from './rollups.ts';

/** Months of partitions kept ready: the last year (and a month of slack) behind, two ahead. */
const MONTHS_BACK = 13;
const MONTHS_AHEAD = 2;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** `events_2026_11` for November 2026. */
export function partitionName(d: Date): string {
  return `events_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * `events` is partitioned by month of `occurred_at` (migration 0005), with a default
 * partition for anything outside the prepared months. This creates the missing
 * monthly partitions around `now`; rows of such a month that already sit in the
 * default partition move into the new one in the same transaction, so creating a
 * partition never fails and never loses a row. Old months can then be detached or
 * dropped as a whole (no long DELETE), and scans of a time range touch only its months.
 */
export async function ensureEventPartitions(db: Db, now = new Date()): Promise<string[]> {
  const existing = new Set(
    rowsOf<{ name: string }>(
      await db.execute(
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'events'`,
      ),
    ).map((r) => r.name),
  );
  const created: string[] = [];
  for (let offset = -MONTHS_BACK; offset <= MONTHS_AHEAD; offset++) {
    const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() + offset);
    const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
    const name = partitionName(from);
    if (existing.has(name)) continue;
    const table = sql.identifier(name);
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`create table ${table} (like events including defaults including constraints)`);
        await tx.execute(sql`
        with moved as (
          delete from events_default where occurred_at >= ${isoDay(from)}::timestamptz and occurred_at < ${isoDay(to)}::timestamptz returning *
        )
        insert into ${table} select * from moved
      `);
        await tx.execute(
          sql`alter table events attach partition ${table} for values from (${sql.raw(`'${isoDay(from)}'`)}) to (${sql.raw(`'${isoDay(to)}'`)})`,
        );
      });
      created.push(name);
    } catch (error) {
      // Another server started at the same moment and made it first.
      if (pgCode(error) !== '42P07') throw error;
    }
  }
  return created;
}

function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}
