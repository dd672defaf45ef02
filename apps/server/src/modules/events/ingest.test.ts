import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyStats, dailyVisitors, events, profiles } from '../../db/schema.ts';
import { createCompany, freshIp } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { type BufferedEvent, EventIngest, pruneDailyVisitors } from './ingest.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function publishedProfile() {
  const company = await createCompany(t.app.deps.db);
  const [p] = await t.app.deps.db
    .insert(profiles)
    .values({ companyId: company.id, alias: `in-${company.subdomain}`, publishedAt: new Date() })
    .returning();
  return p!;
}
const event = (profileId: number, over: Partial<BufferedEvent> = {}): BufferedEvent => ({
  profileId,
  action: 'view',
  type: 'page',
  label: null,
  value: null,
  visitorHash: freshIp(),
  occurredAt: new Date(),
  ...over,
});
const storedCount = async (profileId: number) => (await t.app.deps.db.select().from(events).where(eq(events.profileId, profileId))).length;

describe('EventIngest', () => {
  it('keeps a batch whose write failed and stores it on the next flush', async () => {
    const p = await publishedProfile();
    let failNext = true;
    const db = t.app.deps.db;
    // A database whose first transaction fails, as a dropped connection would.
    const flaky = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'transaction' && failNext) {
          failNext = false;
          return () => Promise.reject(new Error('connection reset'));
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const ingest = new EventIngest(flaky, t.app.log, { flushMs: 60_000 });
    ingest.accept(event(p.id));
    ingest.accept(event(p.id));
    await ingest.flush();
    expect(ingest.stats.failures).toBe(1);
    expect(ingest.pending).toBe(2);
    expect(await storedCount(p.id)).toBe(0);
    await ingest.flush();
    expect(ingest.pending).toBe(0);
    expect(await storedCount(p.id)).toBe(2);
    expect(ingest.stats).toMatchObject({ accepted: 2, written: 2, dropped: 0 });
  });

  it('writes what is waiting on close and refuses events after it', async () => {
    const p = await publishedProfile();
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 60_000 });
    expect(ingest.accept(event(p.id))).toBe(true);
    await ingest.close();
    expect(await storedCount(p.id)).toBe(1);
    expect(ingest.accept(event(p.id))).toBe(false);
  });

  it('refuses events once the buffer is full instead of growing without bound', async () => {
    const p = await publishedProfile();
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 60_000, batchSize: 1000, maxBuffered: 3 });
    expect([1, 2, 3, 4].map(() => ingest.accept(event(p.id)))).toEqual([true, true, true, false]);
    await ingest.close();
    expect(await storedCount(p.id)).toBe(3);
  });

  it('starts a flush on its own once a batch is full, and within flushMs otherwise', async () => {
    const p = await publishedProfile();
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 50, batchSize: 3 });
    for (let i = 0; i < 3; i++) ingest.accept(event(p.id));
    ingest.accept(event(p.id));
    await expect.poll(() => storedCount(p.id), { timeout: 3000 }).toBe(4);
    await ingest.close();
  });

  it('drops events of unknown profiles in the same statement, counting them as dropped', async () => {
    const p = await publishedProfile();
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 60_000 });
    ingest.accept(event(p.id));
    ingest.accept(event(2_000_000_000));
    await ingest.close();
    expect(ingest.stats).toMatchObject({ written: 1, dropped: 1 });
  });

  it('buckets by UTC day, and pruning old visitor rows keeps the rollup', async () => {
    const p = await publishedProfile();
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 60_000 });
    ingest.accept(event(p.id, { occurredAt: new Date('2026-03-01T23:59:59Z'), visitorHash: 'v1' }));
    ingest.accept(event(p.id, { occurredAt: new Date('2026-03-02T00:00:01Z'), visitorHash: 'v1' }));
    await ingest.close();
    const rows = await t.app.deps.db.select().from(dailyStats).where(eq(dailyStats.profileId, p.id));
    expect(rows.map((r) => [r.day, r.count, r.visitors]).sort()).toEqual([
      ['2026-03-01', 1, 1],
      ['2026-03-02', 1, 1],
    ]);
    await pruneDailyVisitors(t.app.deps.db, new Date('2026-03-10T00:00:00Z'));
    expect(await t.app.deps.db.select().from(dailyVisitors).where(eq(dailyVisitors.profileId, p.id))).toHaveLength(0);
    expect(await t.app.deps.db.select().from(dailyStats).where(eq(dailyStats.profileId, p.id))).toHaveLength(2);
  });
});
