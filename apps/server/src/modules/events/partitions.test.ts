import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, profiles } from '../../db/schema.ts';
import { createCompany } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { ensureEventPartitions, partitionName } from './partitions.ts';
import { rowsOf } from './rollups.ts';

const t = useTestApp();

const partitionOf = async (id: number) =>
  rowsOf<{ part: string }>(await t.app.deps.db.execute(sql`select tableoid::regclass::text as part from events where id = ${id}`))[0]?.part;

describe('monthly partitions of events', () => {
  it('creates the months around now, moving rows that waited in the default partition, and keeps every row', async () => {
    const company = await createCompany(t.app.deps.db);
    const [p] = await t.app.deps.db
      .insert(profiles)
      .values({ companyId: company.id, alias: `pt-${company.subdomain}`, publishedAt: new Date() })
      .returning();
    const now = new Date('2031-06-15T12:00:00Z');
    const row = (at: string) => ({ occurredAt: new Date(at), companyId: company.id, profileId: p!.id, action: 'view', type: 'page' });
    // Before the partitions exist, rows of those months land in the default partition.
    const [early, late, outside] = await t.app.deps.db
      .insert(events)
      .values([row('2031-05-31T23:59:59Z'), row('2031-06-01T00:00:00Z'), row('2020-01-01T00:00:00Z')])
      .returning({ id: events.id });
    expect(await partitionOf(early!.id)).toBe('events_default');

    const created = await ensureEventPartitions(t.app.deps.db, now);
    expect(created).toContain('events_2031_05');
    expect(created).toContain('events_2031_08');
    expect(created).toHaveLength(16);
    expect(await partitionOf(early!.id)).toBe('events_2031_05');
    expect(await partitionOf(late!.id)).toBe('events_2031_06');
    expect(await partitionOf(outside!.id)).toBe('events_default');

    // Idempotent, and new rows go straight to their month.
    expect(await ensureEventPartitions(t.app.deps.db, now)).toEqual([]);
    const [fresh] = await t.app.deps.db.insert(events).values(row('2031-07-04T10:00:00Z')).returning({ id: events.id });
    expect(await partitionOf(fresh!.id)).toBe('events_2031_07');
    const [{ n }] = rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from events where profile_id = ${p!.id}`)) as [
      { n: number },
    ];
    expect(n).toBe(4);
  });

  it('names partitions by UTC year and month', () => {
    expect(partitionName(new Date('2026-01-01T00:00:00Z'))).toBe('events_2026_01');
    expect(partitionName(new Date('2026-12-31T23:59:59Z'))).toBe('events_2026_12');
  });
});
