import { AUTH_MESSAGES } from '@profilehub/shared';
import { tooManyRequests } from './errors.ts';

export type Limit = { name: string; max: number; windowMs: number };

/**
 * A fixed-window counter per key, kept in memory. Keys are built by callers
 * from normalised values (lower-cased email, client IP), so varying case,
 * spacing or extra fields does not give a fresh allowance.
 * One process keeps its own counts; several servers need a shared store
 * (see docs/scaling.md).
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private readonly enabled: boolean;
  private readonly now: () => number;
  constructor(enabled = true, now: () => number = Date.now) {
    this.enabled = enabled;
    this.now = now;
  }

  /** Counts one hit; throws 429 once `max` is exceeded within the window. */
  hit(limit: Limit, key: string): void {
    if (!this.enabled) return;
    const entry = this.count(limit, key);
    if (entry.count > limit.max) throw tooManyRequests(AUTH_MESSAGES.tooManyRequests);
  }

  /** Throws 429 when `max` hits were already recorded in the window, without counting this call. */
  check(limit: Limit, key: string): void {
    if (!this.enabled) return;
    const entry = this.hits.get(`${limit.name}:${key}`);
    if (entry && entry.resetAt > this.now() && entry.count >= limit.max) throw tooManyRequests(AUTH_MESSAGES.tooManyRequests);
  }

  /** Counts a hit without refusing this call (pair with `check`, e.g. to count only failures). */
  record(limit: Limit, key: string): void {
    if (this.enabled) this.count(limit, key);
  }

  private count(limit: Limit, key: string): { count: number; resetAt: number } {
    const k = `${limit.name}:${key}`;
    const t = this.now();
    let entry = this.hits.get(k);
    if (!entry || entry.resetAt <= t) {
      entry = { count: 0, resetAt: t + limit.windowMs };
      this.hits.set(k, entry);
    }
    entry.count += 1;
    if (this.hits.size > 50_000) this.sweep(t);
    return entry;
  }

  private sweep(t: number): void {
    for (const [k, v] of this.hits) if (v.resetAt <= t) this.hits.delete(k);
  }
}

const MINUTE = 60_000;
/**
 * The abuse limits of the account calls (docs/decisions/002-four-digit-codes.md explains the numbers).
 * Per-email limits protect an account; per-IP limits are generous because a whole office may share one address.
 */
export const LIMITS = {
  codeIssuePerEmail: { name: 'code-issue-email', max: 5, windowMs: 15 * MINUTE },
  codeIssuePerIp: { name: 'code-issue-ip', max: 60, windowMs: 15 * MINUTE },
  codeCheckPerEmail: { name: 'code-check-email', max: 10, windowMs: 15 * MINUTE },
  codeCheckPerIp: { name: 'code-check-ip', max: 100, windowMs: 15 * MINUTE },
  /** Failed sign-ins per account (successful ones are not counted: a person on three devices is not an attack). */
  loginPerEmail: { name: 'login-email', max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { name: 'login-ip', max: 300, windowMs: 15 * MINUTE },
  forgotPerEmail: { name: 'forgot-email', max: 3, windowMs: 15 * MINUTE },
  forgotPerIp: { name: 'forgot-ip', max: 30, windowMs: 15 * MINUTE },
  lookupPerIp: { name: 'lookup-ip', max: 300, windowMs: 15 * MINUTE },
  /** Alias availability checks (editor, 900 ms debounce): generous for typing, tight enough to stop enumerating who has a page. */
  aliasCheckPerIp: { name: 'alias-check-ip', max: 300, windowMs: 15 * MINUTE },
  /** Upload requests (each up to 10 files) per signed-in user: a whole gallery at once, not a flood. */
  uploadPerUser: { name: 'upload-user', max: 60, windowMs: 15 * MINUTE },
  /** Interactions from public pages: a busy visitor clicks a lot, a script floods. */
  eventsPerIp: { name: 'events-ip', max: 600, windowMs: 15 * MINUTE },
  /** Lead-form messages: a person sends one or two; a spammer many. */
  leadSubmitPerIp: { name: 'lead-ip', max: 10, windowMs: 15 * MINUTE },
  leadSubmitPerProfile: { name: 'lead-profile', max: 100, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;
