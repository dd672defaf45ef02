/**
 * Two real server processes, started at the same moment on one empty PostgreSQL, behind
 * a real load balancer (HAProxy from Debian), with uploads in an S3-compatible store
 * (s3rver): what an operator who outgrows one machine runs (docs/scaling.md).
 * Runs on the PostgreSQL pass (TEST_DATABASE_URL) and fails there when /usr/sbin/haproxy is
 * missing (`.ci/run` installs it): a balancer test is never skipped for want of its balancer.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error s3rver ships no types; it is only the S3-compatible store of this test.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../http/rate-limit.ts';
import { png } from '../modules/uploads/test-images.ts';
import { multipartBody } from './factories.ts';
import { withDatabase } from './global-setup.ts';
import { startHaproxy } from './haproxy.ts';
import { mixedLoad } from './mixed-load.ts';
import { freePort, json, request, type ServerProcess, startServer, waitHealthy } from './processes.ts';

const HAPROXY = '/usr/sbin/haproxy';
const url = process.env.TEST_DATABASE_URL;
const runs = Boolean(url);
const PASSWORD = 'Scale-Out-Pass-42';

describe.skipIf(!runs)('two servers on one PostgreSQL behind HAProxy', () => {
  const dbName = `ph_scale_${randomBytes(5).toString('hex')}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ph-scale-'));
  let servers: ServerProcess[] = [];
  let env: Record<string, string>;
  let haproxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
  let ports: [number, number];
  let lb: number;
  let s3: S3rver;

  beforeAll(async () => {
    if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: install Debian's haproxy (bash .ci/run does)`);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();

    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'uploads', configs: [] }] });
    const s3Address = (await s3.run()) as AddressInfo;

    env = {
      NODE_ENV: 'development',
      DATABASE_URL: withDatabase(url!, dbName),
      SEED_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_PASSES: '1',
      TRUSTED_PROXIES: '127.0.0.1',
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    // Both at the same moment, on an empty database: migrations and seed race unless locked.
    servers = await Promise.all([0, 1].map((i) => startServer({ ...env, DATA_DIR: path.join(tmp, `data-${i}`) })));
    await Promise.all(servers.map(waitHealthy));
    ports = [servers[0]!.port, servers[1]!.port];

    lb = await freePort();
    haproxy = await startHaproxy(tmp, lb, ports);
  }, 120_000);

  afterAll(async () => {
    await haproxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await new Promise((resolve) => s3?.close(resolve));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  });

  const signIn = async (port: number, identifier: string) => {
    const res = await json(port, 'POST', '/api/auth/local', { identifier, password: PASSWORD });
    expect(res.status, res.body).toBe(200);
    return JSON.parse(res.body).jwt as string;
  };

  it('both start together on an empty database and answer, directly and through the balancer', async () => {
    for (const port of [...ports, lb]) expect((await request(port, { path: '/api/health' })).status).toBe(200);
    for (const server of servers) expect(server.child.exitCode).toBeNull();
  });

  it('seeds the demo data exactly once, with rollups that agree with the events', async () => {
    const db = new pg.Client({ connectionString: withDatabase(url!, dbName) });
    await db.connect();
    try {
      const users = await db.query("select email, count(*)::int as n from users where email like '%.example' group by email");
      expect(users.rows.length).toBeGreaterThan(0);
      for (const row of users.rows) expect(row.n, row.email).toBe(1);
      expect((await db.query("select count(*)::int as n from app_state where key = 'demo-seed'")).rows[0].n).toBe(1);
      const [events, rollup] = await Promise.all([
        db.query('select count(*)::int as n from events'),
        db.query('select coalesce(sum(count), 0)::int as n from daily_stats'),
      ]);
      expect(rollup.rows[0].n).toBe(events.rows[0].n);
    } finally {
      await db.end();
    }
  });

  it('a session from one server is good on the other (one shared secret, no JWT_SECRET set)', async () => {
    const jwt = await signIn(ports[0], 'jane@acme.example');
    expect((await json(ports[1], 'GET', '/api/jwts/verify', undefined, jwt)).status).toBe(200);
  });

  it('wrong passwords alternating between the servers meet one limit, not one per server', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMITS.loginPerEmail.max + 4; i++) {
      codes.push((await json(ports[i % 2]!, 'POST', '/api/auth/local', { identifier: 'leo@acme.example', password: `Wrong-${i}-Pass` })).status);
    }
    expect(codes.filter((c) => c === 400)).toHaveLength(LIMITS.loginPerEmail.max);
    expect(codes.slice(LIMITS.loginPerEmail.max).every((c) => c === 429)).toBe(true);
  });

  it(`${20} wrong passwords at once through the balancer never get past the limit`, async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => json(lb, 'POST', '/api/auth/local', { identifier: 'bob@globex.example', password: `Wrong-${i}-Pass` })),
    );
    expect(replies.filter((r) => r.status === 400)).toHaveLength(LIMITS.loginPerEmail.max);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(20 - LIMITS.loginPerEmail.max);
  });

  it('a file uploaded through one server is served by the other', async () => {
    const jwt = await signIn(ports[0], 'jane@acme.example');
    const image = await png(64, 48);
    const { payload, headers } = multipartBody([
      { name: 'purpose', value: 'general' },
      { name: 'files', filename: 'photo.png', data: image, contentType: 'image/png' },
    ]);
    const up = await request(ports[0], { method: 'POST', path: '/api/upload', headers: { ...headers, authorization: `Bearer ${jwt}` }, body: payload });
    expect(up.status, up.body).toBe(200);
    const [file] = JSON.parse(up.body) as { url: string }[];
    const served = await request(ports[1], { path: new URL(file!.url, 'http://localhost').pathname });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
  });

  // How soon it shows: `node bench/run-all.mjs scale-out`.
  it('a change published on one server shows on the other', async () => {
    const jwt = await signIn(ports[0], 'supervisor@acme.example');
    const page = () => request(ports[1], { path: '/jane-doe', host: 'acme.localhost' });
    expect((await page()).status).toBe(200);
    const me = JSON.parse((await json(ports[0], 'GET', '/api/companies/users/me', undefined, await signIn(ports[0], 'jane@acme.example'))).body);
    const profileId = me.profile.id as number;
    const unpublished = await json(ports[0], 'PUT', `/api/profiles/${profileId}/unpublish`, undefined, jwt);
    expect(unpublished.status, unpublished.body).toBe(200);
    // The other server takes the page down by itself: the test waits for that state, however long it takes.
    while ((await page()).status !== 404) await new Promise((resolve) => setTimeout(resolve, 50));
  });

  /** Which of these event values are stored. */
  async function stored(values: string[]): Promise<Set<string>> {
    const db = new pg.Client({ connectionString: withDatabase(url!, dbName) });
    await db.connect();
    try {
      const rows = await db.query('select value from events where value = any($1::text[])', [values]);
      return new Set(rows.rows.map((r: { value: string }) => r.value));
    } finally {
      await db.end();
    }
  }

  async function loadFor() {
    // Jane signs in (Leo's sign-ins met their limit above); the beacons count on Leo's published page.
    const jwt = await signIn(lb, 'jane@acme.example');
    const db = new pg.Client({ connectionString: withDatabase(url!, dbName) });
    await db.connect();
    const leo = (await db.query("select id from profiles where alias = 'leo-lane'")).rows[0].id as number;
    await db.end();
    const load = mixedLoad(lb, leo, jwt);
    while (load.answered < 200) await new Promise((resolve) => setTimeout(resolve, 20));
    return load;
  }

  /** Starts copy i again on its port (a deploy's new version) and waits until the balancer sends it requests. */
  async function restart(i: number) {
    servers[i] = await startServer({ ...env, PORT: String(ports[i]), DATA_DIR: path.join(tmp, `data-${i}`) });
    await waitHealthy(servers[i]!);
    await haproxy!.waitFor(`s${i}`, /^UP/);
  }

  it('a rolling restart of both copies under mixed load through the balancer: 0 client-visible errors, no acknowledged write lost', async () => {
    const load = await loadFor();
    for (const i of [0, 1]) {
      await servers[i]!.stop('SIGTERM');
      await restart(i);
    }
    const before = load.answered;
    while (load.answered < before + 200) await new Promise((resolve) => setTimeout(resolve, 20));
    await load.stop();
    console.log(`rolling restart: ${load.answered} requests, ${load.errors.length} errors, ${load.acknowledged.length} writes acknowledged`);
    expect(load.errors).toEqual([]);
    const kept = await stored(load.acknowledged);
    expect(load.acknowledged.filter((v) => !kept.has(v))).toEqual([]);
  }, 120_000);

  it('kill -9 of one of two copies under mixed load: only writes in flight fail (reads are replayed elsewhere), no acknowledged write lost', async () => {
    const load = await loadFor();
    servers[0]!.child.kill('SIGKILL');
    await haproxy!.waitFor('s0', /^DOWN/);
    const before = load.answered;
    while (load.answered < before + 200) await new Promise((resolve) => setTimeout(resolve, 20));
    await load.stop();
    console.log(`kill -9: ${load.answered} requests, errors: ${JSON.stringify(load.errors)}`);
    // Each of the 20 clients has at most one request in flight; only writes are never sent twice.
    expect(load.errors.length).toBeLessThanOrEqual(20);
    expect(load.errors.filter((e) => e.method !== 'POST')).toEqual([]);
    const kept = await stored(load.acknowledged);
    expect(load.acknowledged.filter((v) => !kept.has(v))).toEqual([]);
  }, 120_000);
});
