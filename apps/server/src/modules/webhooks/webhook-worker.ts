/**
 * Sending webhook deliveries in batches (issue #29, decision 033): each copy of the server claims
 * due delivery rows with a lease, sends them side by side (bounded per endpoint and in all) over
 * kept-alive connections, records the results together and lets the leases go. A copy that dies
 * leaves its leases to expire; another copy then claims those rows again.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT } from '@profilehub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { RowWorker } from '../jobs/jobs.ts';
import { checkTarget, send, signature, type TargetCheck } from './webhook-send.ts';
import { type AttemptResult, type ClaimedDelivery, claimDue, pendingDeliveries, recordAttempts, releaseLeases, renewLeases } from './webhooks.queries.ts';

/**
 * Tries after the first before a delivery is failed. With WEBHOOK_RETRY_SECONDS = 30 the waits are
 * 30, 60, …, 1,920 s (7 tries, 3,810 s), then an hour each (23 tries): at least 86,610 s (24 h 3 min).
 */
export const WEBHOOK_RETRY_LIMIT = 30;

/**
 * Seconds before the try after `attempts` failed ones: `retrySeconds`·2^(attempts−1), at most
 * 120× `retrySeconds` (1 h at 30 s), plus up to a tenth at random so retries of one outage spread.
 */
export function retryWait(retrySeconds: number, attempts: number, random = Math.random()): number {
  return Math.min(retrySeconds * 2 ** Math.max(attempts - 1, 0), retrySeconds * 120) * (1 + random / 10);
}

export type DeliveryLimits = {
  /** Rows per claim. */
  batch: number;
  /** Requests in flight to one endpoint from this copy. */
  perEndpoint: number;
  /** Requests in flight from this copy. */
  inFlight: number;
  /** How long a claim holds its rows; renewed every third of it while the copy still holds them. */
  leaseSeconds: number;
  /** How often a copy looks for due rows without being woken (rows queued on another copy, retries). */
  pollMs: number;
};

const DELIVERY_LIMITS: DeliveryLimits = { batch: 200, perEndpoint: 8, inFlight: 64, leaseSeconds: 60, pollMs: 1_000 };

/** What sending to one endpoint needs, worked out once per claim: the checked address and the secret. */
type Prepared = { refusal: AttemptResult['status'] | null; message: string | null; target: TargetCheck; secret: string | null };

type WorkerDeps = Pick<Deps, 'db' | 'config' | 'secrets'>;

export class WebhookDeliveryWorker implements RowWorker {
  /** This copy's name in `claimed_by`. */
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly #deps: WorkerDeps;
  readonly #log: FastifyBaseLogger;
  readonly #limits: DeliveryLimits;
  /** Claimed rows waiting for a free slot, by endpoint. */
  readonly #waiting = new Map<number, { row: ClaimedDelivery; prepared: Prepared }[]>();
  /** Requests in flight, by endpoint. */
  readonly #active = new Map<number, number>();
  #running = 0;
  /** Rows claimed and not yet recorded (waiting, in flight, or their result not yet written). */
  #held = 0;
  #results: AttemptResult[] = [];
  /** The leases held are to be renewed (by the writer of results: two updates of the same rows at once could deadlock). */
  #renewDue = false;
  #flushing: Promise<void> | null = null;
  #claiming: Promise<void> | null = null;
  /** Due rows may be left: the last claim came back full, or someone woke this copy since. */
  #more = true;
  /** Each endpoint's recent response time (ms), to tell how long its waiting rows take. */
  readonly #ms = new Map<number, number>();
  #started = false;
  #stopped = false;
  #poll: NodeJS.Timeout | null = null;
  /** Polls in a row whose claim failed (the database away): the outage is logged when it begins and when it ends. */
  #claimFailures = 0;
  #renew: NodeJS.Timeout | null = null;
  /** Resolves when nothing is held any more (stop waits for it). */
  #drained: (() => void) | null = null;

  constructor(deps: WorkerDeps, log: FastifyBaseLogger, limits: Partial<DeliveryLimits> = {}) {
    this.#deps = deps;
    this.#log = log;
    this.#limits = { ...DELIVERY_LIMITS, ...limits };
  }

  start(): void {
    this.#started = true;
    this.#renew = setInterval(
      () => {
        if (this.#held <= 0) return;
        this.#renewDue = true;
        this.#startFlush();
      },
      (this.#limits.leaseSeconds * 1000) / 3,
    );
    this.#renew.unref();
    this.wake();
  }

  /** Due rows may be there (one was just committed here, a test waits, the poll): claim now. */
  wake(): void {
    this.#more = true;
    this.#pump();
  }

  /** Claims if due rows may be left and this copy has room for them. */
  #pump(): void {
    if (!this.#started || this.#stopped || this.#claiming || !this.#more) return;
    const skip = this.#saturated();
    const room = this.#limits.batch * 4 - this.#held;
    // Enough here already for the endpoints still open to more: claim when they run low.
    if (room <= 0 || this.#waitingFor((id) => !skip.includes(id)) >= this.#limits.batch / 2) return;
    this.#claiming = this.#claim(Math.min(this.#limits.batch, room), skip).finally(() => {
      this.#claiming = null;
      if (!this.#stopped) this.#pump();
    });
  }

  pending(): Promise<number> {
    return pendingDeliveries(this.#deps.db);
  }

  /** Stops claiming, lets requests in flight finish (within `graceMs`), records them and gives back the rest. */
  async stop(graceMs: number): Promise<void> {
    this.#stopped = true;
    if (this.#poll) clearTimeout(this.#poll);
    if (this.#renew) clearInterval(this.#renew);
    if (!this.#started) return;
    await this.#claiming;
    // Rows not yet sent go back at once rather than when their lease expires.
    const unsent = [...this.#waiting.values()].reduce((n, q) => n + q.length, 0);
    this.#waiting.clear();
    this.#held -= unsent;
    if (this.#held > 0) {
      const drained = new Promise<void>((r) => {
        this.#drained = r;
      });
      await Promise.race([drained, new Promise((r) => setTimeout(r, graceMs).unref())]);
    }
    await this.#flushing;
    await releaseLeases(this.#deps.db, this.id).catch((err: unknown) => this.#log.warn({ err }, 'webhooks: giving back leases failed; they expire'));
  }

  /**
   * Endpoints with more than 5 s of work waiting here (at their recent response time): the next
   * claim leaves their rows to other copies or later, so a slow receiver holds up no other.
   */
  #saturated(): number[] {
    const full: number[] = [];
    for (const [endpointId, queue] of this.#waiting)
      if ((queue.length * (this.#ms.get(endpointId) ?? 100)) / this.#limits.perEndpoint > 5_000) full.push(endpointId);
    return full;
  }

  #waitingFor(open: (endpointId: number) => boolean): number {
    let n = 0;
    for (const [endpointId, queue] of this.#waiting) if (open(endpointId)) n += queue.length;
    return n;
  }

  async #claim(limit: number, skip: number[]): Promise<void> {
    if (this.#poll) clearTimeout(this.#poll);
    try {
      this.#more = false;
      const rows = await claimDue(this.#deps.db, this.id, limit, this.#limits.leaseSeconds, skip);
      if (this.#claimFailures) {
        this.#log.info({ failedPolls: this.#claimFailures }, 'webhooks: claiming deliveries works again');
        this.#claimFailures = 0;
      }
      if (rows.length === limit) this.#more = true;
      // Stopping: `stop` gives these back with the rest.
      if (!rows.length || this.#stopped) return;
      this.#held += rows.length;
      const prepared = new Map<number, Promise<Prepared>>();
      for (const row of rows) if (!prepared.has(row.endpointId)) prepared.set(row.endpointId, this.#prepare(row));
      for (const row of rows) {
        const p = await prepared.get(row.endpointId)!;
        const queue = this.#waiting.get(row.endpointId) ?? [];
        queue.push({ row, prepared: p });
        this.#waiting.set(row.endpointId, queue);
      }
      this.#dispatch();
    } catch (err) {
      // Once per outage, not once a poll: a database away for a minute would otherwise write 60 warnings.
      if (!this.#claimFailures) this.#log.warn({ err }, 'webhooks: claiming deliveries failed; tried again at each poll until it works');
      this.#claimFailures += 1;
    } finally {
      if (!this.#stopped) {
        this.#poll = setTimeout(() => this.wake(), this.#limits.pollMs);
        this.#poll.unref();
      }
    }
  }

  /**
   * Checked once per endpoint per claim: https in production, the address resolved and refused
   * if private (then connected to as checked), the secret opened. Rotating the secret affects
   * every claim after it.
   */
  async #prepare(row: ClaimedDelivery): Promise<Prepared> {
    const { config, secrets } = this.#deps;
    const allowPrivate = config.WEBHOOKS_ALLOW_PRIVATE;
    const url = new URL(row.url);
    const none = { ok: false, reason: 'unresolvable' } as const;
    if (url.protocol !== 'https:' && config.NODE_ENV === 'production' && !allowPrivate)
      return { refusal: 'failed', message: WEBHOOK_MESSAGES.httpsOnly, target: none, secret: null };
    const target = await checkTarget(url, allowPrivate);
    // A private address is never retried: the hub does not call it, and trying again changes nothing it controls.
    if (!target.ok)
      return target.reason === 'private'
        ? { refusal: 'failed', message: WEBHOOK_MESSAGES.privateTarget, target, secret: null }
        : { refusal: 'pending', message: WEBHOOK_MESSAGES.unresolvable, target, secret: null };
    try {
      return { refusal: null, message: null, target, secret: secrets.open(row.secretSealed, `webhook:${row.endpointId}`) };
    } catch (err) {
      this.#log.error({ err, webhookId: row.endpointId }, 'webhooks: the secret could not be opened');
      return { refusal: 'pending', message: 'The webhook’s secret could not be read; rotate it.', target, secret: null };
    }
  }

  /** Starts what the limits allow, the endpoints in turn. */
  #dispatch(): void {
    for (const [endpointId, queue] of this.#waiting) {
      while (queue.length && this.#running < this.#limits.inFlight && (this.#active.get(endpointId) ?? 0) < this.#limits.perEndpoint) {
        const next = queue.shift()!;
        this.#running++;
        this.#active.set(endpointId, (this.#active.get(endpointId) ?? 0) + 1);
        void this.#attempt(next.row, next.prepared).then((result) => {
          this.#running--;
          this.#active.set(endpointId, this.#active.get(endpointId)! - 1);
          if (result.ms !== null) this.#ms.set(endpointId, ((this.#ms.get(endpointId) ?? result.ms) * 7 + result.ms) / 8);
          this.#record(result);
          this.#dispatch();
          this.#pump();
        });
      }
      if (!queue.length) this.#waiting.delete(endpointId);
    }
  }

  /** One try of one delivery; never throws. */
  async #attempt(row: ClaimedDelivery, prepared: Prepared): Promise<AttemptResult> {
    const attempts = row.attempts + 1;
    const gaveUp = attempts > WEBHOOK_RETRY_LIMIT;
    const retry = (fields: Pick<AttemptResult, 'code' | 'ms' | 'error'>): AttemptResult =>
      gaveUp
        ? { id: row.id, status: 'failed', waitSeconds: null, ...fields }
        : { id: row.id, status: 'pending', waitSeconds: retryWait(this.#deps.config.WEBHOOK_RETRY_SECONDS, attempts), ...fields };
    try {
      if (!row.enabled && row.eventType !== WEBHOOK_TEST_EVENT)
        return { id: row.id, status: 'failed', code: null, ms: null, error: 'The webhook is turned off.', waitSeconds: null };
      if (prepared.refusal === 'failed') return { id: row.id, status: 'failed', code: null, ms: null, error: prepared.message, waitSeconds: null };
      if (prepared.refusal === 'pending' || !prepared.target.ok || prepared.secret === null) return retry({ code: null, ms: null, error: prepared.message });
      const body = JSON.stringify(row.payload);
      const timestamp = Math.floor(Date.now() / 1000);
      const result = await send(
        new URL(row.url),
        prepared.target,
        {
          'webhook-id': row.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signature(prepared.secret, row.messageId, timestamp, body),
        },
        body,
      );
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      if (ok) return { id: row.id, status: 'delivered', code: result.statusCode, ms: result.ms, error: null, waitSeconds: null };
      return retry({ code: result.statusCode, ms: result.ms, error: result.error ?? `HTTP ${result.statusCode}` });
    } catch (err) {
      this.#log.error({ err, deliveryId: row.id }, 'webhooks: a try failed unexpectedly');
      return retry({ code: null, ms: null, error: 'The delivery failed on the hub; it is tried again.' });
    }
  }

  /**
   * Results are written together: one statement for those that came in while the last one ran
   * (group commit). Renewals go the same way, one statement at a time.
   */
  #record(result: AttemptResult): void {
    this.#results.push(result);
    this.#startFlush();
  }

  #startFlush(): void {
    if (this.#flushing) return;
    this.#flushing = this.#flush().finally(() => {
      this.#flushing = null;
      if (this.#results.length || this.#renewDue) this.#startFlush();
    });
  }

  async #flush(): Promise<void> {
    while (this.#results.length || this.#renewDue) {
      if (this.#renewDue) {
        this.#renewDue = false;
        await renewLeases(this.#deps.db, this.id, this.#limits.leaseSeconds).catch((err: unknown) =>
          this.#log.warn({ err }, 'webhooks: renewing leases failed; tried again in a while'),
        );
        continue;
      }
      const batch = this.#results.splice(0, 500);
      try {
        const recorded = await recordAttempts(this.#deps.db, this.id, batch);
        if (recorded < batch.length)
          this.#log.warn({ lost: batch.length - recorded }, 'webhooks: leases expired before their tries were recorded; another copy tries them again');
      } catch (err) {
        if (this.#stopped) {
          // Left to their leases: another copy tries them again once they expire (at least once, decision 033).
          this.#log.warn({ err, tries: batch.length }, 'webhooks: recording tries failed while stopping');
          this.#held -= batch.length;
          if (this.#held <= 0) this.#drained?.();
          continue;
        }
        // Kept and written again shortly; meanwhile the leases are renewed, so no other copy sends them.
        this.#log.warn({ err }, 'webhooks: recording tries failed; tried again');
        this.#results.unshift(...batch);
        await new Promise((r) => setTimeout(r, 1_000));
        continue;
      }
      this.#held -= batch.length;
      if (this.#held <= 0) this.#drained?.();
      this.#pump();
    }
  }
}
