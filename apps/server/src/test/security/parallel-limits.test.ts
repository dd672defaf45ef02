/**
 * Every guessable limit under 20 requests at once (the probe found 9 parallel wrong codes
 * all compared, 8 parallel wrong passwords counted as one, 40 evaluated where 10 were allowed).
 * Counts are taken before the comparison, in one atomic step, so none of that can happen.
 */
import { AUTH_MESSAGES } from '@profilehub/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../../db/schema.ts';
import { LIMITS, RateLimiter } from '../../http/rate-limit.ts';
import { MAX_FAILED_LOGINS } from '../../modules/auth/auth.service.ts';
import { MAX_CODE_ATTEMPTS } from '../../modules/auth/codes.ts';
import { createUser, freshIp, lastCodeFor, mailCount, PASSWORD } from '../factories.ts';
import { createTestApp, useTestApp } from '../harness.ts';

const AT_ONCE = 20;
const t = useTestApp();

/** 20 copies of one request, all in flight together; the status codes, sorted. */
async function burst(opts: () => InjectOptions, app = t.app): Promise<number[]> {
  const replies = await Promise.all(Array.from({ length: AT_ONCE }, () => app.inject(opts())));
  return replies.map((r) => r.statusCode).sort();
}
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;
const wrongOf = (code: string, i = 0) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0');

describe(`${AT_ONCE} requests at once never get past a limit`, () => {
  it(`wrong passwords: only ${LIMITS.loginPerEmail.max} compared, every one counted, the account then needs a code`, async () => {
    const user = await createUser(t.app);
    const codes = await burst(() => ({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: freshIp(),
      payload: { identifier: user.email, password: 'Wrong-Pass-123' },
    }));
    expect(count(codes, 400)).toBe(LIMITS.loginPerEmail.max);
    expect(count(codes, 429)).toBe(AT_ONCE - LIMITS.loginPerEmail.max);
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.failedLogins).toBe(LIMITS.loginPerEmail.max);
    expect(row!.verificationRequired).toBe(true);
    expect(LIMITS.loginPerEmail.max).toBeGreaterThanOrEqual(MAX_FAILED_LOGINS);
    // Even the right password waits now.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: freshIp(),
      payload: { identifier: user.email, password: PASSWORD },
    });
    expect(right.statusCode).toBe(429);
  });

  it(`wrong guesses of one code: at most ${MAX_CODE_ATTEMPTS} compared, then the right code is dead`, async () => {
    // Only the per-code tries are examined: the per-account limits are moved out of the way.
    const limiter = new RateLimiter(true, { kind: 'memory' }, { [LIMITS.codeCheckPerEmail.name]: 1000, [LIMITS.codeFailuresPerEmail.name]: 1000 });
    const u = await createTestApp({ overrides: { limiter } });
    try {
      const user = await createUser(u.app);
      await u.app.inject({ method: 'POST', url: '/api/profiles/generate-login-otp', payload: { email: user.email } });
      const code = await lastCodeFor(u.app.deps.db, user.email);
      let i = 0;
      const codes = await burst(
        () => ({ method: 'POST', url: '/api/profiles/verify-otp', remoteAddress: freshIp(), payload: { email: user.email, otp: wrongOf(code, i++) } }),
        u.app,
      );
      expect(count(codes, 400)).toBe(AT_ONCE);
      const [row] = await u.app.deps.db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.email, user.email), eq(oneTimeCodes.purpose, 'login')));
      expect(row!.attempts).toBe(MAX_CODE_ATTEMPTS);
      expect(row!.usedAt).not.toBeNull();
      const right = await u.app.inject({ method: 'POST', url: '/api/profiles/verify-otp', payload: { email: user.email, otp: code } });
      expect(right.statusCode).toBe(400);
      expect(right.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    } finally {
      await u.close();
    }
  });

  it(`wrong codes of one account: at most ${LIMITS.codeCheckPerEmail.max} checks in the window`, async () => {
    const user = await createUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/profiles/generate-login-otp', remoteAddress: freshIp(), payload: { email: user.email } });
    const codes = await burst(() => ({
      method: 'POST',
      url: '/api/profiles/verify-otp',
      remoteAddress: freshIp(),
      payload: { email: user.email, otp: '0000' },
    }));
    expect(count(codes, 429)).toBe(AT_ONCE - LIMITS.codeCheckPerEmail.max);
  });

  it(`the rolling daily cap of wrong codes counts every one of ${AT_ONCE} at once`, async () => {
    const limiter = new RateLimiter(true, { kind: 'memory' }, { [LIMITS.codeCheckPerEmail.name]: 1000, [LIMITS.codeIssuePerEmail.name]: 1000 });
    const u = await createTestApp({ overrides: { limiter } });
    try {
      const user = await createUser(u.app);
      await u.app.inject({ method: 'POST', url: '/api/profiles/generate-login-otp', payload: { email: user.email } });
      const codes = await burst(
        () => ({ method: 'POST', url: '/api/profiles/verify-otp', remoteAddress: freshIp(), payload: { email: user.email, otp: '0000' } }),
        u.app,
      );
      expect(count(codes, 400)).toBe(AT_ONCE);
      // The cap is used up: a fresh code, though right, is refused like a wrong one.
      await u.app.inject({ method: 'POST', url: '/api/profiles/generate-login-otp', payload: { email: user.email } });
      const fresh = await lastCodeFor(u.app.deps.db, user.email);
      expect((await u.app.inject({ method: 'POST', url: '/api/profiles/verify-otp', payload: { email: user.email, otp: fresh } })).statusCode).toBe(400);
    } finally {
      await u.close();
    }
  });

  it(`codes mailed to one account: exactly ${LIMITS.codeIssuePerEmail.max}`, async () => {
    const user = await createUser(t.app);
    const codes = await burst(() => ({ method: 'POST', url: '/api/profiles/generate-login-otp', remoteAddress: freshIp(), payload: { email: user.email } }));
    expect(count(codes, 200)).toBe(LIMITS.codeIssuePerEmail.max);
    expect(await mailCount(t.app.deps.db, user.email)).toBe(LIMITS.codeIssuePerEmail.max);
  });

  it(`reset links mailed to one account: exactly ${LIMITS.forgotPerEmail.max}`, async () => {
    const user = await createUser(t.app);
    const codes = await burst(() => ({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: freshIp(), payload: { email: user.email } }));
    await t.app.deps.background.idle();
    expect(count(codes, 200)).toBe(LIMITS.forgotPerEmail.max);
    expect(await mailCount(t.app.deps.db, user.email)).toBe(LIMITS.forgotPerEmail.max);
  });

  it(`registration look-ups from one address: at most ${LIMITS.lookupPerIp.max}`, async () => {
    const ip = freshIp();
    const limiter = new RateLimiter(true, { kind: 'memory' }, { [LIMITS.lookupPerIp.name]: 5 });
    const u = await createTestApp({ overrides: { limiter } });
    try {
      const codes = await burst(() => ({ method: 'GET', url: '/api/profiles/register-completed?email=nobody%40example.test', remoteAddress: ip }), u.app);
      expect(count(codes, 429)).toBe(AT_ONCE - 5);
    } finally {
      await u.close();
    }
  });
});
