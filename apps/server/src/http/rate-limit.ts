import { AUTH_MESSAGES } from '@profilehub/shared';
import { Redis } from 'ioredis';
import {
  type IRateLimiterStoreOptions,
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError, tooManyRequests } from './errors.ts';

/**
 * One limit: at most `max` counted hits per key in a fixed window. `local` limits are
 * counted by each process in memory (the visitor beacon: statistics hygiene on the
 * hottest path, not a guessable secret, docs/decisions/012); all others in the shared store.
 */
export type Limit = { name: string; max: number; windowMs: number; local?: boolean };

/** Where the counts live: Redis, PostgreSQL, or this process (the embedded database has one process). */
export type LimitStore = { kind: 'redis'; url: string } | { kind: 'postgres'; db: Db } | { kind: 'memory' };

/**
 * Abuse limits (rate-limiter-flexible). Every call counts and decides in one atomic
 * step in the store (an upsert, a Redis script), so parallel requests — on one server
 * or many — can never exceed a limit: the count is taken before the guarded work runs,
 * and `reward` gives a hit back when only failures should count.
 * Keys are built by callers from normalised values (lower-cased email, client IP).
 */
export class RateLimiter {
  readonly #enabled: boolean;
  readonly #store: LimitStore;
  readonly #limiters = new Map<string, RateLimiterAbstract>();
  readonly #redis: Redis | undefined;
  readonly #max: Record<string, number>;

  /** `max` raises (or lowers) limits by name: tests about one limit move the others out of its way. */
  constructor(enabled = true, store: LimitStore = { kind: 'memory' }, max: Record<string, number> = {}) {
    this.#enabled = enabled;
    this.#store = store;
    this.#max = max;
    if (enabled && store.kind === 'redis') {
      // No offline queue: while Redis is away the limiter answers from its in-memory insurance at once.
      this.#redis = new Redis(store.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false });
      this.#redis.on('error', () => {});
    }
  }

  /** Counts one hit (or `points`, e.g. kilobytes); throws 429 (spec text) once `max` is exceeded within the window. */
  async hit(limit: Limit, key: string, points = 1): Promise<void> {
    if (!this.#enabled) return;
    try {
      await this.#limiterOf(limit).consume(key, points);
    } catch (err) {
      throw this.#refusal(err);
    }
  }

  /** Throws 429 when `max` hits were already counted in the window, without counting this call. */
  async check(limit: Limit, key: string): Promise<void> {
    if (!this.#enabled) return;
    const res = await this.#limiterOf(limit).get(key);
    if (res && res.consumedPoints >= (this.#max[limit.name] ?? limit.max)) throw tooManyRequests(AUTH_MESSAGES.tooManyRequests);
  }

  /** Forgets every hit of a key (the account proved itself another way, e.g. the emailed reset link). */
  async clear(limit: Limit, key: string): Promise<void> {
    if (!this.#enabled) return;
    await this.#limiterOf(limit).delete(key);
  }

  /** Gives one counted hit back (the guarded attempt turned out to be a success). */
  async reward(limit: Limit, key: string): Promise<void> {
    if (!this.#enabled) return;
    await this.#limiterOf(limit).reward(key);
  }

  async close(): Promise<void> {
    this.#redis?.disconnect();
  }

  #refusal(err: unknown): Error {
    if (err instanceof RateLimiterRes) return tooManyRequests(AUTH_MESSAGES.tooManyRequests);
    // The store failed and so did its in-memory insurance: refuse rather than let guesses through.
    return new AppError(503, 'unavailable', 'The service is busy right now. Please try again in a moment.');
  }

  #limiterOf(limit: Limit): RateLimiterAbstract {
    let limiter = this.#limiters.get(limit.name);
    if (limiter) return limiter;
    const base = { keyPrefix: limit.name, points: this.#max[limit.name] ?? limit.max, duration: Math.ceil(limit.windowMs / 1000) };
    const memory = new RateLimiterMemory(base);
    if (limit.local || this.#store.kind === 'memory') limiter = memory;
    else {
      // A store outage falls back to counting in this process instead of failing every sign-in.
      const shared: IRateLimiterStoreOptions = { ...base, storeClient: undefined, insuranceLimiter: memory };
      limiter =
        this.#store.kind === 'redis'
          ? new RateLimiterRedis({ ...shared, storeClient: this.#redis })
          : new RateLimiterDrizzle({
              ...shared,
              storeClient: this.#store.db,
              schema: rateLimits,
              clearExpiredByTimeout: false,
            } as unknown as ConstructorParameters<typeof RateLimiterDrizzle>[0]);
    }
    this.#limiters.set(limit.name, limiter);
    return limiter;
  }
}

const MINUTE = 60_000;
/**
 * The abuse limits (docs/decisions/002-four-digit-codes.md explains the numbers).
 * Per-email limits protect an account; per-IP limits are generous because a whole office may share one address.
 */
export const LIMITS = {
  codeIssuePerEmail: { name: 'code-issue-email', max: 5, windowMs: 15 * MINUTE },
  codeIssuePerIp: { name: 'code-issue-ip', max: 60, windowMs: 15 * MINUTE },
  codeCheckPerEmail: { name: 'code-check-email', max: 10, windowMs: 15 * MINUTE },
  codeCheckPerIp: { name: 'code-check-ip', max: 100, windowMs: 15 * MINUTE },
  /**
   * Wrong codes per account in a rolling day, across re-issued codes: caps what guessing a
   * 4-digit code can win. Counted before the comparison, given back for the right code; the
   * emailed reset link is never subject to it, so a person it locks out is never stuck.
   */
  codeFailuresPerEmail: { name: 'code-fail-email', max: 15, windowMs: 24 * 60 * MINUTE },
  /** Sign-in tries per account: counted before the password is compared, given back on success. */
  loginPerEmail: { name: 'login-email', max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { name: 'login-ip', max: 300, windowMs: 15 * MINUTE },
  forgotPerEmail: { name: 'forgot-email', max: 3, windowMs: 15 * MINUTE },
  forgotPerIp: { name: 'forgot-ip', max: 30, windowMs: 15 * MINUTE },
  lookupPerIp: { name: 'lookup-ip', max: 300, windowMs: 15 * MINUTE },
  /** Alias availability checks (editor, 900 ms debounce): generous for typing, tight enough to stop enumerating who has a page. */
  aliasCheckPerIp: { name: 'alias-check-ip', max: 300, windowMs: 15 * MINUTE },
  /** Upload requests (each up to 10 files) per signed-in user: a whole gallery at once, not a flood. */
  uploadPerUser: { name: 'upload-user', max: 60, windowMs: 15 * MINUTE },
  /** Kilobytes uploaded per signed-in user in an hour (counted as they arrive): a full gallery many times over, never gigabytes. */
  uploadKbPerUser: { name: 'upload-kb-user', max: 300 * 1024, windowMs: 60 * MINUTE },
  /** Interactions from public pages: a busy visitor clicks a lot, a script floods. Counted per process (see `Limit`). */
  eventsPerIp: { name: 'events-ip', max: 600, windowMs: 15 * MINUTE, local: true },
  /** Lead-form messages: a person sends one or two; a spammer many. */
  leadSubmitPerIp: { name: 'lead-ip', max: 10, windowMs: 15 * MINUTE },
  leadSubmitPerProfile: { name: 'lead-profile', max: 100, windowMs: 60 * MINUTE },
  /** First-run setup submissions: the token is 256 random bits, so this only keeps a flood from hashing passwords. */
  setupPerIp: { name: 'setup-ip', max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;
