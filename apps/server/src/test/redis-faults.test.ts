/**
 * A real server process whose Redis (the shared store of the abuse limits) goes away: a
 * TCP proxy between them black-holes it (and then lets it return while the connection held
 * from before stays dead, as after a failover) or refuses it. Sign-ins must answer (503, not
 * hang until the test gives up), limits must fail closed (never counted per server), the
 * outage is logged once and health says which part is down; the server recovers by itself.
 * How fast each answer and the recovery come is measured by `node bench/run-all.mjs
 * resilience`, not asserted here: a timed assertion fails on a busy machine. A Redis of the
 * test's own (`redis-server`, which must be installed). Needs TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, LIMITS_UNAVAILABLE } from '../http/rate-limit.ts';
import { FaultProxy } from './fault-proxy.ts';
import { withDatabase } from './global-setup.ts';
import { json, request, type ServerProcess, startRedis, startServer, waitHealthy } from './processes.ts';

const url = process.env.TEST_DATABASE_URL;
/** How long each fault lasts (shorter runs for a quick local try). */
const FAULT_MS = Number(process.env.FAULT_SECONDS ?? 10) * 1000;
const PASSWORD = 'Redis-Fault-Pass-42';

describe.skipIf(!url)('when Redis (the rate-limit store) goes away', () => {
  const dbName = `ph_redis_${randomBytes(5).toString('hex')}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ph-redis-'));
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let proxy: FaultProxy;
  let server: ServerProcess;
  const signIn = (password = PASSWORD, identifier = 'jane@acme.example') => json(server.port, 'POST', '/api/auth/local', { identifier, password });
  const health = () => request(server.port, { path: '/api/health' });
  /** Log lines (pino JSON) of the server with this message. */
  const logged = (msg: string) =>
    server.log
      .join('')
      .split('\n')
      .filter((line) => line.includes(`"msg":"${msg}`));

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    redis = await startRedis();
    proxy = new FaultProxy({ host: '127.0.0.1', port: redis.port });
    server = await startServer({
      NODE_ENV: 'development',
      DATABASE_URL: withDatabase(url!, dbName),
      REDIS_URL: `redis://127.0.0.1:${await proxy.start()}`,
      SEED_PASSWORD: PASSWORD,
      JWT_SECRET: 'redis-fault-test-secret-that-is-long-enough',
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_PASSES: '1',
      DATA_DIR: path.join(tmp, 'data'),
    });
    await waitHealthy(server);
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await proxy?.close();
    await redis?.stop();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('black-holed: sign-in answers 503 and health 503 naming the limits; back with the held connection dead, sign-in works again by itself', async () => {
    expect((await signIn()).status).toBe(200);

    proxy.blackhole();
    const until = Date.now() + Math.min(FAULT_MS, 5000);
    const refusals: number[] = [];
    while (Date.now() < until || refusals.length < 3) {
      const [reply, checked] = await Promise.all([signIn(), health()]);
      expect(reply.status).toBe(503);
      expect(reply.headers['retry-after']).toBeDefined();
      expect(JSON.parse(reply.body).message).toBe(LIMITS_UNAVAILABLE);
      expect(checked.status).toBe(503);
      expect(JSON.parse(checked.body).errors[0].path).toBe('limits');
      refusals.push(reply.status);
    }

    // Redis is back, but the connection the server held through the black hole hears nothing, ever.
    proxy.pass(true);
    const back = Date.now();
    for (;;) {
      const reply = await signIn();
      if (reply.status === 200) break;
      expect(reply.status).toBe(503);
    }
    console.log(`Redis black hole: sign-in answered again ${Date.now() - back} ms after Redis returned`);
    expect((await health()).status).toBe(200);
    expect(logged('the rate-limit store answers again').length).toBeGreaterThan(0);
  }, 60_000);

  it('refusing: wrong passwords and codes are refused with 503 (fail closed: none is compared or counted per server), and one log line says so', async () => {
    const before = logged('the rate-limit store is not answering').length;
    proxy.refuse();
    proxy.drop();
    const tries = LIMITS.loginPerEmail.max + 5;
    for (let i = 0; i < tries; i++) {
      const reply = await signIn(`Wrong-${i}-Pass`, 'leo@acme.example');
      expect(reply.status, reply.body).toBe(503);
      expect(JSON.parse(reply.body).message).toBe(LIMITS_UNAVAILABLE);
      const code = await json(server.port, 'POST', '/api/profiles/verify-otp', { email: 'leo@acme.example', otp: String(1000 + i) });
      expect(code.status, code.body).toBe(503);
    }
    expect((await health()).status).toBe(503);
    expect(logged('the rate-limit store is not answering').length - before, 'the outage is logged once, not per request').toBe(1);

    proxy.pass();
    for (;;) {
      const reply = await signIn('Wrong-again-Pass', 'leo@acme.example');
      if (reply.status !== 503) {
        // Counted again in the one shared store: a wrong password is compared and refused as such.
        expect(reply.status).toBe(400);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(logged('the rate-limit store answers again').length).toBeGreaterThan(1);
  }, 60_000);
});
