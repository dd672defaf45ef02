/**
 * What a hub exposes depends on how it is started: the development outbox only to the
 * machine itself and never in production, client addresses only from trusted proxies,
 * and a database that is away answers 503 with Retry-After, not 500 or a hang.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DATABASE_UNAVAILABLE } from '../../http/errors.ts';
import { LIMITS, RateLimiter } from '../../http/rate-limit.ts';
import { createCompany, createUser } from '../factories.ts';
import { cloneDatabase, createTestApp, type TestContext, useTestApp } from '../harness.ts';

const t = useTestApp();

describe('/dev/mail (the development outbox)', () => {
  it('answers the machine itself, and nobody else — whatever X-Forwarded-For says', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '::1' })).statusCode).toBe(200);
    for (const url of ['/dev/mail.json', '/dev/mail']) {
      const remote = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect(remote.statusCode, url).toBe(404);
      const spoofed = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(spoofed.statusCode, url).toBe(404);
    }
  });

  it('answers only under the hub’s own names: a DNS-rebinding Host gets 404, even a division’s own domain', async () => {
    // A reset mail in the outbox: what a rebinding page would be after.
    const user = await createUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const { subdomain } = await createCompany(t.app.deps.db);
    const port = 3000;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'hub.test']) {
      expect((await t.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress: '127.0.0.1', headers: { host } })).statusCode, host).toBe(200);
    }
    // The browser on the developer's machine connects to 127.0.0.1 but names the page's own site.
    for (const host of [`evil.example:${port}`, `${subdomain}.localhost:${port}`]) {
      for (const url of ['/dev/mail.json', '/dev/mail']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { host } });
        expect(res.statusCode, `${host}${url}`).toBeGreaterThanOrEqual(400);
        expect(res.body, `${host}${url}`).not.toMatch(/mails|reset/i);
      }
    }
  });

  it('does not exist in production, even with the outbox asked for', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', MAIL_OUTBOX: 'true' } });
    try {
      // Not the outbox: the hub's web app (history fallback) or nothing at all.
      const res = await prod.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress: '127.0.0.1' });
      expect(res.headers['content-type'] ?? '').not.toContain('application/json');
      expect(res.body).not.toContain('"mails"');
    } finally {
      await prod.close();
    }
  });
});

describe('client addresses', () => {
  const lookup = (app: TestContext['app'], remoteAddress: string, forwarded: string) =>
    app.inject({
      method: 'GET',
      url: '/api/profiles/register-completed?email=nobody%40example.test',
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded },
    });

  it('without TRUSTED_PROXIES a rotating X-Forwarded-For does not reset per-address limits (also in production)', async () => {
    for (const env of [{}, { NODE_ENV: 'production', MAIL_OUTBOX: 'true' }] as Record<string, string>[]) {
      const limiter = new RateLimiter(true, { kind: 'memory' }, { [LIMITS.lookupPerIp.name]: 3 });
      const u = await createTestApp({ env, overrides: { limiter } });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 6; i++) codes.push((await lookup(u.app, '198.51.100.1', `192.0.2.${i}`)).statusCode);
        expect(codes.filter((c) => c === 429)).toHaveLength(3);
      } finally {
        await u.close();
      }
    }
  });

  it('behind a trusted proxy, the address it forwards is the client', async () => {
    const limiter = new RateLimiter(true, { kind: 'memory' }, { [LIMITS.lookupPerIp.name]: 3 });
    const u = await createTestApp({ env: { TRUSTED_PROXIES: '198.51.100.1' }, overrides: { limiter } });
    try {
      for (let i = 0; i < 6; i++) expect((await lookup(u.app, '198.51.100.1', `192.0.2.${i}`)).statusCode).not.toBe(429);
      // From anywhere else the header is ignored.
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await lookup(u.app, '198.51.100.2', `192.0.2.${i}`)).statusCode);
      expect(codes.filter((c) => c === 429)).toHaveLength(3);
    } finally {
      await u.close();
    }
  });
});

describe('a database that is away', () => {
  it('answers 503 with Retry-After and a readable message, never 500', async () => {
    const database = await cloneDatabase();
    const app = await buildApp({ config: t.config, database });
    await app.ready();
    await database.close();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: 'unavailable', message: DATABASE_UNAVAILABLE });
    } finally {
      await app.close().catch(() => {});
    }
  });
});
