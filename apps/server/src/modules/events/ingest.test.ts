import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { dailyFiltered, dailyStats, dailyVisitors, events, profiles } from '../../db/schema.ts';
import { createCompany, freshIp } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { type BufferedEvent, EventIngest, IngestRefused, pruneDailyVisitors } from './ingest.ts';

const t = useTestApp();

async function publishedProfile() {
  const company = await createCompany(t.app.deps.db);
  const [p] = await t.app.deps.db
    .insert(profiles)
    .values({
      companyId: company.id,
      alias: `in-${company.subdomain}`,
      publishedAt: new Date(),
      site: { siteId: 'x', domainName: `${company.subdomain}.localhost` },
    })
    .returning();
  return p!;
}
/** The database, except that its first `execute` or `transaction` fails as a dropped connection would. */
function failingOnce(db: Db, method: 'execute' | 'transaction'): Db {
  let failNext = true;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === method && failNext) {
        failNext = false;
        return () => Promise.reject(new Error('connection reset'));
      }
      return Reflect.get(target, prop, receiver);
    },
  });
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

/** Settles a promise without letting its rejection go unhandled; resolves to 'stored' or the error. */
const outcome = (p: Promise<void>) =>
  p.then(
    () => 'stored' as const,
    (err: unknown) => err,
  );

describe('EventIngest', () => {
  it('sends the next batch to the database before it answers the last one, and still writes one batch at a time', async () => {
    const p = await publishedProfile();
    const log: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const db = t.app.deps.db;
    const watched = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver);
        return async (query: Parameters<Db['execute']>[0]) => {
          log.push('write');
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          try {
            return await target.execute(query);
          } finally {
            inFlight--;
          }
        };
      },
    });
    const ingest = new EventIngest(watched, t.app.log, { flushMs: 60_000, batchSize: 1 });
    // The first write of a server also prunes old visitor rows (one more execute): out of the way first.
    await ingest.accept(event(p.id));
    log.length = 0;
    const answered = [1, 2, 3].map((n) => ingest.accept(event(p.id)).then(() => log.push(`answered ${n}`)));
    await Promise.all(answered);
    await ingest.flush();
    // The second write was sent before the first batch's event was answered.
    expect(log.indexOf('answered 1')).toBeGreaterThan(log.indexOf('write', 1));
    expect(mostInFlight).toBe(1);
    expect(await storedCount(p.id)).toBe(4);
  });

  it('answers an event only once it is committed, and a failed write refuses its events instead of keeping them', async () => {
    const p = await publishedProfile();
    const db = t.app.deps.db;
    const flaky = failingOnce(db, 'execute');
    const ingest = new EventIngest(flaky, t.app.log, { flushMs: 60_000 });
    const first = [outcome(ingest.accept(event(p.id))), outcome(ingest.accept(event(p.id)))];
    await ingest.flush();
    expect(await Promise.all(first)).toEqual([
      expect.objectContaining({ message: 'connection reset' }),
      expect.objectContaining({ message: 'connection reset' }),
    ]);
    expect(ingest.stats.failures).toBe(1);
    expect(ingest.pending).toBe(0);
    expect(await storedCount(p.id)).toBe(0);

    let answered = false;
    const second = ingest.accept(event(p.id)).then(() => {
      answered = true;
    });
    expect(answered).toBe(false);
    await ingest.close();
    await second;
    expect(answered).toBe(true);
    expect(await storedCount(p.id)).toBe(1);
    expect(ingest.stats).toMatchObject({ accepted: 3, written: 1, dropped: 0 });
  });

  it('writes what is waiting on close and refuses events after it', async () => {
    const p = await publishedProfile();
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 60_000 });
    const waiting = outcome(ingest.accept(event(p.id)));
    await ingest.close();
    expect(await waiting).toBe('stored');
    expect(await storedCount(p.id)).toBe(1);
    expect(await outcome(ingest.accept(event(p.id)))).toBeInstanceOf(IngestRefused);
  });

  it('refuses events once too many are waiting instead of growing without bound', async () => {
    const p = await publishedProfile();
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 60_000, batchSize: 1000, maxBuffered: 3 });
    const results = [1, 2, 3, 4].map(() => outcome(ingest.accept(event(p.id))));
    await ingest.close();
    expect(await Promise.all(results)).toEqual(['stored', 'stored', 'stored', expect.any(IngestRefused)]);
    expect(await storedCount(p.id)).toBe(3);
  });

  it('groups events that arrive together into one write, and starts on its own', async () => {
    const p = await publishedProfile();
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 5, batchSize: 3 });
    const results = await Promise.all(Array.from({ length: 7 }, () => outcome(ingest.accept(event(p.id)))));
    expect(results.every((r) => r === 'stored')).toBe(true);
    expect(await storedCount(p.id)).toBe(7);
    expect(ingest.stats.flushes).toBeLessThanOrEqual(4);
    await ingest.close();
  });

  it('writes the events and bot counts of one flush in one transaction, and a failed one refuses the events and keeps the counts', async () => {
    const p = await publishedProfile();
    const db = t.app.deps.db;
    const flaky = failingOnce(db, 'transaction');
    const ingest = new EventIngest(flaky, t.app.log, { flushMs: 60_000 });
    const refused = outcome(ingest.accept(event(p.id)));
    ingest.acceptBot(p.id, new Date(), p.site!.domainName);
    await ingest.flush();
    expect(await refused).toEqual(expect.objectContaining({ message: 'connection reset' }));
    const stored = ingest.accept(event(p.id));
    ingest.acceptBot(p.id, new Date(), p.site!.domainName);
    await ingest.close();
    await stored;
    expect(await storedCount(p.id)).toBe(1);
    const [filtered] = await db.select().from(dailyFiltered).where(eq(dailyFiltered.profileId, p.id));
    // The first flush's bot count was never promised to anyone: it waited for the next write.
    expect(filtered?.count).toBe(2);
  });

  it("writes bot counts in the events' transaction at most once per botsEveryMs, else alone, and a flush leaves none behind", async () => {
    const p = await publishedProfile();
    const db = t.app.deps.db;
    let transactions = 0;
    const watched = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'transaction') transactions++;
        return Reflect.get(target, prop, receiver);
      },
    });
    const filtered = async () => (await db.select().from(dailyFiltered).where(eq(dailyFiltered.profileId, p.id)))[0]?.count ?? 0;
    const ingest = new EventIngest(watched, t.app.log, { flushMs: 60_000, botsEveryMs: 60_000 });
    const first = ingest.accept(event(p.id));
    ingest.acceptBot(p.id, new Date(), p.site!.domainName);
    await ingest.flush();
    await first;
    expect([transactions, await filtered()]).toEqual([1, 1]);
    // Within the minute the events go alone (one statement, no transaction), then the bot count.
    const second = ingest.accept(event(p.id));
    ingest.acceptBot(p.id, new Date(), p.site!.domainName);
    await ingest.flush();
    await second;
    expect([transactions, await storedCount(p.id), await filtered()]).toEqual([1, 2, 2]);
    await ingest.close();
  });

  it('drops events of unknown profiles in the same statement, counting them as dropped', async () => {
    const p = await publishedProfile();
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 60_000 });
    const both = [ingest.accept(event(p.id)), ingest.accept(event(2_000_000_000))];
    await ingest.close();
    await Promise.all(both);
    expect(ingest.stats).toMatchObject({ written: 1, dropped: 1 });
  });

  it('buckets by UTC day, and pruning old visitor rows keeps the rollup', async () => {
    const p = await publishedProfile();
    const ingest = new EventIngest(t.app.deps.db, t.app.log, { flushMs: 60_000 });
    const both = [
      ingest.accept(event(p.id, { occurredAt: new Date('2026-03-01T23:59:59Z'), visitorHash: 'v1' })),
      ingest.accept(event(p.id, { occurredAt: new Date('2026-03-02T00:00:01Z'), visitorHash: 'v1' })),
    ];
    await ingest.close();
    await Promise.all(both);
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
