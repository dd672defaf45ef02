import type { InteractionAction, InteractionType } from '@profilehub/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ViewSources } from './view-sources.ts';

/** One accepted interaction, waiting in memory for the next flush. */
export type BufferedEvent = {
  profileId: number;
  action: InteractionAction;
  type: InteractionType;
  label: string | null;
  value: string | null;
  visitorHash: string;
  occurredAt: Date;
  /** A page view's dimensions (where it came from, on what); null for every other interaction. */
  sources?: ViewSources | null;
};

export type IngestOptions = {
  /**
   * Longest an event waits for others to share its transaction when nothing is being
   * written (group commit); while a batch is being written, the next one gathers by itself.
   */
  flushMs: number;
  /** A flush starts as soon as this many events are waiting. */
  batchSize: number;
  /** Beyond this many waiting events new ones are refused (503) rather than risking memory. */
  maxBuffered: number;
  /**
   * Bot counts ride with the events' write (in their transaction) at most this often, so that
   * under steady traffic most writes are the one statement; otherwise they are written alone
   * once the queue is empty.
   */
  botsEveryMs: number;
};

const MAX_BOT_KEYS = 50_000;
const PRUNE_EVERY_MS = 3_600_000;
/** After a failed write the next one waits this long at first, doubling up to the cap. */
const RETRY_MS = { first: 100, max: 5_000 };

const DEFAULT_INGEST: IngestOptions = { flushMs: 10, batchSize: 5000, maxBuffered: 50_000, botsEveryMs: 1000 };

/** Why an event was not taken: the server is closing or too many are waiting. Answer 503. */
export class IngestRefused extends Error {}

type Waiting = { event: BufferedEvent; resolve: () => void; reject: (err: unknown) => void };

/**
 * Event ingest with group commit (docs/decisions/008). `accept` resolves only once its
 * event is committed, so a 204 to the visitor's beacon means the event is in the
 * database — a crash or a database failover loses nothing that was acknowledged. Many
 * events share one transaction: the raw rows into `events` and the upserts of
 * `daily_stats`, `company_daily_stats`, `industry_daily_stats`, `profile_totals`, the view
 * sources (`daily_view_sources`, `company_view_sources`), and at most once a second the bot counts into
 * `daily_filtered`. While one batch is being written the next gathers, so batches grow
 * with load and the wait stays one write long. A failed write rejects its events (their
 * requests answer 503) instead of keeping them where a crash would lose them. Events
 * for unknown or unpublished profiles are dropped inside the same statement (a join).
 */
export class EventIngest {
  #waiting: Waiting[] = [];
  /** Bot hits per profile, UTC day and host: counted, never stored as events. */
  #bots = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #closed = false;
  #lastPrune = 0;
  #lastBots = 0;
  #retryMs = 0;
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #options: IngestOptions;
  /** Totals since start, for the benchmark and health checks. */
  readonly stats = { accepted: 0, written: 0, dropped: 0, bots: 0, flushes: 0, failures: 0 };

  constructor(db: Db, log: FastifyBaseLogger, options: Partial<IngestOptions> = {}) {
    this.#db = db;
    this.#log = log;
    this.#options = { ...DEFAULT_INGEST, ...options };
  }

  get pending(): number {
    return this.#waiting.length;
  }

  /** Resolves once the event is committed; rejects with IngestRefused (busy, closing) or the write's error. */
  accept(event: BufferedEvent): Promise<void> {
    if (this.#closed || this.#waiting.length >= this.#options.maxBuffered) return Promise.reject(new IngestRefused('busy'));
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ event, resolve, reject });
      this.stats.accepted++;
      this.#kick();
    });
  }

  /**
   * A bot's hit, counted as filtered at the next flush — only for a published page that is
   * not a template, on the host the page is published on (`host`, without its port), as a
   * person's event counts only for a page that is live.
   */
  acceptBot(profileId: number, at: Date, host: string): void {
    const key = `${profileId}|${utcDay(at)}|${host}`;
    // Made-up profile ids must not grow the map without bound; real ones are few per flush.
    if (this.#bots.size >= MAX_BOT_KEYS && !this.#bots.has(key)) return;
    this.#bots.set(key, (this.#bots.get(key) ?? 0) + 1);
    this.stats.bots++;
    this.#kick();
  }

  /**
   * Writes everything waiting, batch after batch (events that arrive meanwhile join the
   * next batch: they have already waited one write); resolves once each was stored or
   * its waiters were told it failed.
   */
  async flush(): Promise<void> {
    while (this.#flushing) await this.#flushing;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#waiting.length === 0 && this.#bots.size === 0) return;
    this.#flushing = (async () => {
      // Pipelined: the next batch goes to the database before the last one's waiters are
      // answered (after the promise hops that send it: setImmediate), so the database is not
      // idle while this thread writes their 204s. The writes themselves stay one after another.
      let settle = await this.#write();
      // Bot counts not yet due go last, alone, once the queue is empty (a write without events takes them).
      while ((this.#waiting.length > 0 || this.#bots.size > 0) && this.#retryMs === 0) {
        const next = this.#write();
        setImmediate(settle);
        settle = await next;
      }
      settle();
    })().finally(() => {
      this.#flushing = undefined;
    });
    await this.#flushing;
    // What arrived as the last write ended: a full batch goes at once, anything else after flushMs.
    if (this.#waiting.length > 0 || this.#bots.size > 0) this.#kick();
  }

  /** Stops accepting and writes what is left (shutdown); what cannot be written is refused, never silently kept. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#retryMs = 0;
    await this.flush();
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const w of this.#waiting.splice(0)) w.reject(new IngestRefused('closing'));
    this.#bots.clear();
  }

  #kick(): void {
    if (this.#flushing) return;
    if (this.#waiting.length >= this.#options.batchSize && this.#retryMs === 0) void this.flush();
    else this.#schedule();
  }

  #schedule(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.#retryMs || this.#options.flushMs);
    this.#timer.unref();
  }

  /**
   * Writes one batch (taken from the queue at once, before the first await) and returns what
   * answers its waiters: resolved once stored, rejected with the write's error.
   */
  async #write(): Promise<() => void> {
    const batch = this.#waiting.splice(0, this.#options.batchSize);
    const botsDue = this.#closed || batch.length === 0 || Date.now() - this.#lastBots >= this.#options.botsEveryMs;
    const bots = botsDue ? this.#bots : new Map<string, number>();
    if (botsDue) this.#bots = new Map();
    try {
      const events = batch.map((w) => w.event);
      // Each write is one statement, atomic by itself; only events and bot counts together need a transaction.
      const written =
        events.length && bots.size
          ? await this.#db.transaction(async (tx) => {
              const stored = await writeEvents(tx as unknown as Db, events);
              await writeBots(tx as unknown as Db, bots);
              return stored;
            })
          : events.length
            ? await writeEvents(this.#db, events)
            : await writeBots(this.#db, bots).then(() => 0);
      this.#retryMs = 0;
      if (bots.size) this.#lastBots = Date.now();
      this.stats.flushes++;
      this.stats.written += written;
      this.stats.dropped += batch.length - written;
      if (Date.now() - this.#lastPrune > PRUNE_EVERY_MS) {
        this.#lastPrune = Date.now();
        await pruneDailyVisitors(this.#db).catch((error: unknown) => this.#log.warn({ err: error }, 'pruning daily_visitors failed'));
      }
      return () => {
        for (const w of batch) w.resolve();
      };
    } catch (error) {
      this.stats.failures++;
      this.#retryMs = Math.min(this.#retryMs ? this.#retryMs * 2 : RETRY_MS.first, RETRY_MS.max);
      this.#log.error({ err: error, events: batch.length }, 'event flush failed; its events were refused (503)');
      // Bot counts were never promised to anyone: they merge with any that arrived meanwhile and wait for the next write.
      for (const [key, n] of bots) this.#bots.set(key, (this.#bots.get(key) ?? 0) + n);
      return () => {
        for (const w of batch) w.reject(error);
      };
    }
  }
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The whole batch is one call of `record_events` (migration 0014, view sources since issue 30): the events, new visitor
 * hashes and every rollup in one statement whose plan the connection keeps. Postgres arrays
 * travel as one parameter each.
 */
async function writeEvents(db: Db, batch: BufferedEvent[]): Promise<number> {
  const col = <T>(pick: (e: BufferedEvent) => T) => sql.param(batch.map(pick));
  const dim = (d: keyof ViewSources) => col((e) => e.sources?.[d] ?? null);
  const result = await db.execute(sql`
    select record_events(
      ${col((e) => e.profileId)}::int[], ${col((e) => e.action)}::text[], ${col((e) => e.type)}::text[],
      ${col((e) => e.label)}::text[], ${col((e) => e.value)}::text[], ${col((e) => e.visitorHash)}::text[],
      ${col((e) => e.occurredAt.toISOString())}::timestamptz[],
      ${dim('source')}::text[], ${dim('referrer')}::text[], ${dim('campaign')}::text[], ${dim('device')}::text[],
      ${dim('os')}::text[], ${dim('browser')}::text[], ${dim('country')}::text[]
    ) as written
  `);
  return Number(rowsOf<{ written: number }>(result)[0]?.written ?? 0);
}

/**
 * Adds the bot counts to `daily_filtered`: only for published pages that are not templates,
 * beaconed from the host the page is published on (`profiles.site`); a made-up profile id, a
 * template, an unpublished page or another division's host counts nowhere. The same
 * (profile, day) may come from several hosts: summed first, as one row may be upserted once.
 */
async function writeBots(db: Db, bots: Map<string, number>): Promise<void> {
  const entries = [...bots].map(([key, n]) => {
    const [profileId, day, host] = key.split('|') as [string, string, string];
    return { profileId: Number(profileId), day, host, n };
  });
  await db.execute(sql`
    insert into daily_filtered (day, company_id, profile_id, count)
    select t.day, p.company_id, t.profile_id, sum(t.n)::int
    from unnest(
      ${sql.param(entries.map((e) => e.day))}::date[], ${sql.param(entries.map((e) => e.profileId))}::int[],
      ${sql.param(entries.map((e) => e.host))}::text[], ${sql.param(entries.map((e) => e.n))}::int[]
    ) as t(day, profile_id, host, n)
    join profiles p on p.id = t.profile_id and p.published_at is not null and not p.is_master and p.site ->> 'domainName' = t.host
    group by t.day, p.company_id, t.profile_id
    on conflict (profile_id, day) do update set count = daily_filtered.count + excluded.count
  `);
}

/** node-postgres returns `{rows}`, PGlite returns `{rows}` too, but Drizzle's types differ per driver. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Forgets which visitors were seen before yesterday: their days are complete, their counts already in the rollup. */
export async function pruneDailyVisitors(db: Db, now = new Date()): Promise<void> {
  const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
  await db.execute(sql`delete from daily_visitors where day < ${yesterday}::date`);
}
