import { AUTH_MESSAGES } from '@profilehub/shared';
import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
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

/** Where the limiter says that its store went away and came back (the app's logger). */
export type LimiterLog = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** What a client is told while the shared store cannot count: no guess goes uncounted, so none goes through. */
export const LIMITS_UNAVAILABLE = 'Sign-in and codes are paused for a moment while we reconnect. Please try again in a few seconds.';

/**
 * Redis answers in well under a millisecond: a command that takes longer than this is on a
 * connection that no longer hears anything (a black hole, a failover), never a busy Redis.
 */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Abuse limits (rate-limiter-flexible). Every call counts and decides in one atomic
 * step in the store (an upsert, a Redis script), so parallel requests — on one server
 * or many — can never exceed a limit: the count is taken before the guarded work runs,
 * and `reward` gives a hit back when only failures should count.
 * Keys are built by callers from normalised values (lower-cased email, client IP).
 *
 * While the shared store does not answer, limits FAIL CLOSED: counting in each process
 * would let N copies allow N times the guesses, and no one would know. The guarded request
 * answers 503 with Retry-After; the outage is logged once when it begins and once when it
 * ends (with how many requests were refused), and /api/health answers 503 meanwhile.
 */
export class RateLimiter {
  readonly #enabled: boolean;
  readonly #store: LimitStore;
  readonly #limiters = new Map<string, RateLimiterAbstract>();
  readonly #redis: Redis | undefined;
  readonly #max: Record<string, number>;
  readonly #log: LimiterLog;
  /** Since when the store has not answered (ms), and how many requests were refused since. */
  #down: { since: number; refused: number } | null = null;

  /** `max` raises (or lowers) limits by name: tests about one limit move the others out of its way. */
  constructor(enabled = true, store: LimitStore = { kind: 'memory' }, max: Record<string, number> = {}, log: LimiterLog = consoleLog) {
    this.#enabled = enabled;
    this.#store = store;
    this.#max = max;
    this.#log = log;
    if (enabled && store.kind === 'redis') {
      // Every wait is bounded (ioredis bounds none by default): a Redis that stops answering
      // fails a command within REDIS_COMMAND_TIMEOUT_MS, never hangs a sign-in; one that refuses
      // fails it at the next reconnect attempt (no retries). Reconnects come quickly (≤ 100 ms
      // apart), and the ready check (INFO) is bounded too, so a reconnect to a black hole
      // fails and is tried again until Redis answers.
      this.#redis = new Redis(store.url, {
        maxRetriesPerRequest: 0,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        connectTimeout: 1000,
        keepAlive: 1000,
        retryStrategy: (times) => Math.min(times * 25, 100),
      });
      this.#redis.on('error', () => {});
      this.#redis.on('ready', () => this.#up());
    }
  }

  /** Counts one hit (or `points`, e.g. kilobytes); throws 429 (spec text) once `max` is exceeded within the window. */
  async hit(limit: Limit, key: string, points = 1): Promise<void> {
    if (!this.#enabled) return;
    try {
      await this.#limiterOf(limit).consume(key, points);
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        this.#up();
        throw tooManyRequests(AUTH_MESSAGES.tooManyRequests, err.msBeforeNext / 1000);
      }
      throw this.#storeFailed(err);
    }
    this.#up();
  }

  /** Throws 429 when `max` hits were already counted in the window, without counting this call. */
  async check(limit: Limit, key: string): Promise<void> {
    if (!this.#enabled) return;
    const res = await this.#limiterOf(limit)
      .get(key)
      .catch((err: unknown) => {
        throw this.#storeFailed(err);
      });
    this.#up();
    if (res && res.consumedPoints >= (this.#max[limit.name] ?? limit.max)) throw tooManyRequests(AUTH_MESSAGES.tooManyRequests, res.msBeforeNext / 1000);
  }

  /**
   * Forgets every hit of a key (the account proved itself another way, e.g. the emailed reset link).
   * A store that fails here costs only a few counted hits, so the proven request is not refused for it.
   */
  async clear(limit: Limit, key: string): Promise<void> {
    if (!this.#enabled) return;
    await this.#limiterOf(limit)
      .delete(key)
      .catch((err: unknown) => void this.#storeFailed(err));
  }

  /** Gives one counted hit back (the guarded attempt turned out to be a success); a failing store keeps it counted. */
  async reward(limit: Limit, key: string): Promise<void> {
    if (!this.#enabled) return;
    await this.#limiterOf(limit)
      .reward(key)
      .catch((err: unknown) => void this.#storeFailed(err));
  }

  /**
   * For /api/health: throws when the shared store does not answer within its bound. Redis is
   * asked (PING); the PostgreSQL store is the database the health check pings anyway.
   */
  async ping(): Promise<void> {
    if (!this.#redis) return;
    try {
      await this.#redis.ping();
    } catch (err) {
      throw this.#storeFailed(err);
    }
    this.#up();
  }

  async close(): Promise<void> {
    this.#redis?.disconnect();
  }

  /** The store failed: the outage is logged once, the request refused with 503. */
  #storeFailed(err: unknown): AppError {
    if (!this.#down) {
      this.#down = { since: Date.now(), refused: 0 };
      this.#log.warn({ err, store: this.#store.kind }, 'the rate-limit store is not answering: limited requests are refused (503) until it is back');
    }
    this.#down.refused++;
    // A command that timed out was sent on a connection that hears nothing (a black hole, or a
    // failover that left it dead): drop it and connect afresh rather than wait for TCP to notice.
    if (this.#redis && this.#redis.status === 'ready' && err instanceof Error && /timed out/i.test(err.message)) this.#redis.disconnect(true);
    return Object.assign(new AppError(503, 'unavailable', LIMITS_UNAVAILABLE), { retryAfterS: 2 });
  }

  /** The store answered: an outage, if any, is over (logged once, with what it cost). */
  #up(): void {
    if (!this.#down) return;
    const { since, refused } = this.#down;
    this.#down = null;
    this.#log.info({ store: this.#store.kind, downMs: Date.now() - since, refused }, 'the rate-limit store answers again');
  }

  #limiterOf(limit: Limit): RateLimiterAbstract {
    let limiter = this.#limiters.get(limit.name);
    if (limiter) return limiter;
    const base = { keyPrefix: limit.name, points: this.#max[limit.name] ?? limit.max, duration: Math.ceil(limit.windowMs / 1000) };
    if (limit.local || this.#store.kind === 'memory') limiter = new RateLimiterMemory(base);
    else if (this.#store.kind === 'redis') limiter = new RateLimiterRedis({ ...base, storeClient: this.#redis });
    else
      limiter = new RateLimiterDrizzle({
        ...base,
        storeClient: this.#store.db,
        schema: rateLimits,
        clearExpiredByTimeout: false,
      } as unknown as ConstructorParameters<typeof RateLimiterDrizzle>[0]);
    this.#limiters.set(limit.name, limiter);
    return limiter;
  }
}

const consoleLog: LimiterLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  info: (obj, msg) => console.info(msg, obj),
};

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
  /** Passkey answers checked (sign-in, adding one) per client: counted before the signature is checked, like passwords. */
  passkeyPerIp: { name: 'passkey-ip', max: 300, windowMs: 15 * MINUTE },
  /** Passkey options per client: every sign-in page asks for one as it opens (the autofill), so more than answers. */
  passkeyOptionsPerIp: { name: 'passkey-options-ip', max: 600, windowMs: 15 * MINUTE },
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
  /**
   * An exchange's follow-up mail (issue #29) per visitor address: a page is no way to flood a
   * mailbox with cards. Over it the contact is still kept; only the mail is left out.
   */
  exchangeMailPerAddress: { name: 'exchange-mail', max: 3, windowMs: 60 * MINUTE },
  /** First-run setup submissions: the token is 256 random bits, so this only keeps a flood from hashing passwords. */
  setupPerIp: { name: 'setup-ip', max: 10, windowMs: 15 * MINUTE },
  /** SCIM requests per token: an identity provider's full sync of a few thousand people, not a flood (decision 023). */
  scimPerToken: { name: 'scim-token', max: 6000, windowMs: 15 * MINUTE },
  /** Wrong or revoked SCIM tokens per IP: a misconfigured provider retries a few times; guessing 256 bits is hopeless anyway. */
  scimRefusedPerIp: { name: 'scim-refused-ip', max: 60, windowMs: 15 * MINUTE },
  /** Apple Wallet web service calls per IP (issue #30): a phone registers, asks for changes and fetches a few passes. */
  walletPerIp: { name: 'wallet-ip', max: 300, windowMs: 15 * MINUTE },
  /** Requests per API key (decision 027): an integration's steady sync, not a flood; counted before the route runs. */
  apiKeyPerKey: { name: 'api-key', max: 3000, windowMs: 15 * MINUTE },
  /** Wrong or revoked API keys per IP: a misconfigured client retries a few times; guessing 256 bits is hopeless anyway. */
  apiKeyRefusedPerIp: { name: 'api-key-refused-ip', max: 60, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;
