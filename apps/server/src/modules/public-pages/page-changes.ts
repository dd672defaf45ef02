import type { Db } from '../../db/client.ts';
import { SingleFlight } from '../../http/single-flight.ts';
import { pageChangesSince } from './public-pages.queries.ts';

/** How often each server reads the changes: one small query, however many pages it holds. */
const READ_EVERY_MS = 500;
/**
 * How old the last good read may be for the feed to vouch for a page: a page is then at most
 * this stale, as with the check of each page once a second it replaces. Older (the database is
 * away or slow), and pages are checked one by one again.
 */
const TRUST_MS = 1_000;
/** How long the changes are kept: the upkeep job (`page-changes` in app.ts) deletes older ones. */
export const PAGE_CHANGES_KEPT_MS = 10 * 60_000;

/**
 * Which divisions' published pages changed, read by this server every READ_EVERY_MS from the rows
 * the database's triggers append (decision 036). A page the cache holds stays good until its
 * division changes after the page was confirmed, so a held page costs no query per visit, and a
 * publish, an unpublish or an archive on any server shows within about a second on every other.
 */
export class PageChanges {
  readonly #db: Db;
  /** Where the next read starts (a transaction id); null until the first read answered. */
  #from: string | null = null;
  /** The changes already applied, `division:transaction`, while a read can still return them. */
  readonly #applied = new Map<string, bigint>();
  /** When a read that found each division's last change began (ms): a page confirmed before it may be stale. */
  readonly #changedAt = new Map<number, number>();
  /** Since when the feed has read every change (the start of a first read, or of one after a gap longer than the changes are kept). */
  #firstAt: number | null = null;
  /** When the last read that answered began. */
  #lastAt = Number.NEGATIVE_INFINITY;
  readonly #reading = new SingleFlight<'read', void>();
  #timer: NodeJS.Timeout | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Reads now and then every READ_EVERY_MS until {@link stop}; a read that fails is tried again at the next. */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.read().catch(() => {}), READ_EVERY_MS).unref();
    void this.read().catch(() => {});
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** One read of what changed since the last (one at a time: a call during a read waits for it). */
  read(): Promise<void> {
    return this.#reading.run('read', () => this.#read());
  }

  async #read(): Promise<void> {
    const startedAt = Date.now();
    const { next, changes } = await pageChangesSince(this.#db, this.#from);
    for (const { companyId, xid } of changes) {
      const key = `${companyId}:${xid}`;
      if (this.#applied.has(key)) continue;
      this.#applied.set(key, BigInt(xid));
      this.#changedAt.set(companyId, startedAt);
    }
    const from = BigInt(next);
    for (const [key, xid] of this.#applied) if (xid < from) this.#applied.delete(key);
    // After a gap longer than half the time changes are kept, some may be gone: vouch afresh.
    if (this.#firstAt === null || startedAt - this.#lastAt > PAGE_CHANGES_KEPT_MS / 2) this.#firstAt = startedAt;
    this.#from = next;
    this.#lastAt = startedAt;
  }

  /**
   * Whether a page of this division that the database confirmed at `confirmedAt` is still what
   * it says: the feed has read every change since (its reads answer, the last one recently) and
   * none of them was in this division.
   */
  vouchesFor(companyId: number, confirmedAt: number, now = Date.now()): boolean {
    if (this.#firstAt === null || confirmedAt < this.#firstAt || now - this.#lastAt > TRUST_MS) return false;
    return confirmedAt > (this.#changedAt.get(companyId) ?? Number.NEGATIVE_INFINITY);
  }
}
