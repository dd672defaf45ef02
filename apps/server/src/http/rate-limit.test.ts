import { connect } from 'node:net';
import { AUTH_MESSAGES } from '@profilehub/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { cloneDatabase } from '../test/harness.ts';
import { AppError } from './errors.ts';
import { LIMITS, LIMITS_UNAVAILABLE, type Limit, type LimitStore, RateLimiter } from './rate-limit.ts';

const limit: Limit = { name: 'test', max: 3, windowMs: 60_000 };
const unique = () => `k-${Math.random().toString(36).slice(2)}`;

/** The error a call throws, or undefined. */
async function refusal(call: Promise<void>): Promise<unknown> {
  try {
    await call;
  } catch (err) {
    return err;
  }
  return undefined;
}

/** Is Redis answering on this machine? (CI machines run one at 127.0.0.1:6379.) */
const redisUp = await new Promise<boolean>((resolve) => {
  const s = connect(6379, '127.0.0.1');
  s.on('connect', () => {
    s.destroy();
    resolve(true);
  });
  s.on('error', () => resolve(false));
});

let database: Database;
beforeAll(async () => {
  database = await cloneDatabase();
});
afterAll(() => database.close());

const stores: [string, () => LimitStore][] = [
  ['memory', () => ({ kind: 'memory' })],
  ['database (PostgreSQL store)', () => ({ kind: 'postgres', db: database.db })],
  // In CI (.ci/run starts a Redis) the Redis case always runs, and fails if Redis is not there.
  ...(redisUp || process.env.CI ? [['redis', () => ({ kind: 'redis', url: 'redis://127.0.0.1:6379' })] as [string, () => LimitStore]] : []),
];

describe.each(stores)('RateLimiter on %s', (_name, store) => {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = new RateLimiter(true, store());
  });
  afterAll(() => limiter.close());

  it('allows `max` hits in a window and refuses the next with 429 and the spec text', async () => {
    const key = unique();
    for (let i = 0; i < limit.max; i++) await limiter.hit(limit, key);
    const err = await refusal(limiter.hit(limit, key));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', message: AUTH_MESSAGES.tooManyRequests });
  });

  it('20 hits at once never get more than `max` through', async () => {
    const key = unique();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.hit(limit, key)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(limit.max);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 429 });
  });

  it('check refuses at `max` without counting; reward gives a hit back; clear forgets the key', async () => {
    const key = unique();
    await limiter.check(limit, key);
    for (let i = 0; i < limit.max; i++) await limiter.hit(limit, key);
    expect(await refusal(limiter.check(limit, key))).toMatchObject({ status: 429 });
    await limiter.reward(limit, key);
    await limiter.check(limit, key);
    await limiter.hit(limit, key);
    expect(await refusal(limiter.hit(limit, key))).toMatchObject({ status: 429 });
    await limiter.clear(limit, key);
    for (let i = 0; i < limit.max; i++) await limiter.hit(limit, key);
  });

  it('counts keys and limits apart', async () => {
    const [a, b] = [unique(), unique()];
    const other: Limit = { ...limit, name: 'other' };
    for (let i = 0; i < limit.max; i++) await limiter.hit(limit, a);
    expect(await refusal(limiter.hit(limit, a))).toBeDefined();
    await limiter.hit(limit, b);
    await limiter.hit(other, a);
  });
});

describe('RateLimiter, the rest', () => {
  afterEach(() => vi.useRealTimers());

  it('a fixed window: refused until it ends, then a fresh allowance', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new RateLimiter(true);
    for (let i = 0; i < limit.max; i++) await limiter.hit(limit, 'k');
    vi.setSystemTime(1_000_000 + limit.windowMs - 1000);
    expect(await refusal(limiter.hit(limit, 'k'))).toMatchObject({ status: 429 });
    vi.setSystemTime(1_000_000 + limit.windowMs + 1);
    for (let i = 0; i < limit.max; i++) await limiter.hit(limit, 'k');
  });

  it('a disabled limiter never refuses', async () => {
    const limiter = new RateLimiter(false);
    for (let i = 0; i < limit.max * 10; i++) await limiter.hit(limit, 'k');
  });

  it('`max` by name moves a limit out of the way of a test about another', async () => {
    const limiter = new RateLimiter(true, { kind: 'memory' }, { test: 100 });
    for (let i = 0; i < 100; i++) await limiter.hit(limit, 'k');
    expect(await refusal(limiter.hit(limit, 'k'))).toMatchObject({ status: 429 });
  });

  it('a shared store that fails refuses with 503 and Retry-After (fail closed, never per-process counting), logged once per outage', async () => {
    const broken = await cloneDatabase();
    await broken.close();
    const lines: string[] = [];
    const log = { warn: (_o: object, msg: string) => lines.push(`warn ${msg}`), info: (_o: object, msg: string) => lines.push(`info ${msg}`) };
    const limiter = new RateLimiter(true, { kind: 'postgres', db: broken.db }, {}, log);
    const key = unique();
    for (let i = 0; i < limit.max + 2; i++) {
      const err = await refusal(limiter.hit(limit, key));
      expect(err).toMatchObject({ status: 503, code: 'unavailable', message: LIMITS_UNAVAILABLE, retryAfterS: 2 });
    }
    expect(await refusal(limiter.check(limit, key))).toMatchObject({ status: 503 });
    expect(lines).toEqual([expect.stringMatching(/^warn the rate-limit store is not answering/)]);
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

  it('only the visitor beacon is counted per process; every guessable limit is shared', () => {
    const local = Object.values(LIMITS).filter((l) => 'local' in l && l.local);
    expect(local.map((l) => l.name)).toEqual([LIMITS.eventsPerIp.name]);
  });
});
