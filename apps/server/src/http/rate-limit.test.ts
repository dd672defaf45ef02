import { AUTH_MESSAGES } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { LIMITS, type Limit, RateLimiter } from './rate-limit.ts';

const limit: Limit = { name: 'test', max: 3, windowMs: 60_000 };

/** A limiter on a clock the test moves by hand. */
function clocked(enabled = true) {
  let now = 1_000_000;
  const limiter = new RateLimiter(enabled, () => now);
  return { limiter, advance: (ms: number) => (now += ms) };
}

const hitError = (fn: () => void): unknown => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
};

describe('RateLimiter', () => {
  it('allows `max` hits in a window and refuses the next with 429 and the spec text', () => {
    const { limiter } = clocked();
    for (let i = 0; i < limit.max; i++) expect(() => limiter.hit(limit, 'k')).not.toThrow();
    const err = hitError(() => limiter.hit(limit, 'k'));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', message: AUTH_MESSAGES.tooManyRequests });
  });

  it('keeps refusing until the window ends, then starts a fresh allowance', () => {
    const { limiter, advance } = clocked();
    for (let i = 0; i < limit.max; i++) limiter.hit(limit, 'k');
    advance(limit.windowMs - 1);
    expect(() => limiter.hit(limit, 'k')).toThrow(AUTH_MESSAGES.tooManyRequests);
    advance(1);
    for (let i = 0; i < limit.max; i++) expect(() => limiter.hit(limit, 'k')).not.toThrow();
    expect(() => limiter.hit(limit, 'k')).toThrow(AppError);
  });

  it('the window is fixed from the first hit: hits late in a window do not extend it', () => {
    const { limiter, advance } = clocked();
    limiter.hit(limit, 'k');
    advance(limit.windowMs - 10);
    limiter.hit(limit, 'k');
    limiter.hit(limit, 'k');
    advance(10);
    expect(() => limiter.hit(limit, 'k')).not.toThrow();
  });

  it('counts keys and limits apart', () => {
    const { limiter } = clocked();
    const other: Limit = { ...limit, name: 'other' };
    for (let i = 0; i < limit.max; i++) limiter.hit(limit, 'a');
    expect(() => limiter.hit(limit, 'a')).toThrow();
    expect(() => limiter.hit(limit, 'b')).not.toThrow();
    expect(() => limiter.hit(other, 'a')).not.toThrow();
  });

  it('a disabled limiter never refuses', () => {
    const { limiter } = clocked(false);
    for (let i = 0; i < limit.max * 10; i++) expect(() => limiter.hit(limit, 'k')).not.toThrow();
  });

  it('sweeping expired keys when it grows large keeps the live counts', () => {
    const { limiter, advance } = clocked();
    const once: Limit = { name: 'once', max: 1, windowMs: 1000 };
    limiter.hit(once, 'live');
    for (let i = 0; i < 50_001; i++) limiter.hit({ ...once, windowMs: 10 }, `old-${i}`);
    advance(20);
    limiter.hit(once, 'trigger-sweep');
    expect(() => limiter.hit(once, 'live')).toThrow();
  });
});

describe('LIMITS', () => {
  it('every limit has a unique name and a positive allowance and window', () => {
    const all = Object.values(LIMITS);
    expect(new Set(all.map((l) => l.name)).size).toBe(all.length);
    for (const l of all) {
      expect(l.max, l.name).toBeGreaterThan(0);
      expect(l.windowMs, l.name).toBeGreaterThan(0);
    }
  });

  it('per-email limits are tighter than per-address ones', () => {
    expect(LIMITS.codeIssuePerEmail.max).toBeLessThan(LIMITS.codeIssuePerIp.max);
    expect(LIMITS.codeCheckPerEmail.max).toBeLessThan(LIMITS.codeCheckPerIp.max);
    expect(LIMITS.loginPerEmail.max).toBeLessThan(LIMITS.loginPerIp.max);
    expect(LIMITS.forgotPerEmail.max).toBeLessThan(LIMITS.forgotPerIp.max);
  });
});
