/**
 * A real server process whose PostgreSQL goes away: a TCP proxy between them refuses,
 * black-holes and drops connections while visitors keep sending events and opening a
 * page. Nothing may answer 500, pages already rendered keep being served, the server
 * recovers by itself, and every event answered 204 is in the database — also
 * after `kill -9`; a SIGTERM under load finishes what is in flight and exits cleanly. Needs
 * TEST_DATABASE_URL (skipped on the embedded database, whose own kill -9 check is at the end).
 * How fast the answers come during and after a fault is measured by `node bench/run-all.mjs
 * resilience` and `recovery`, not asserted here: a timed assertion fails on a busy machine.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultProxy } from './fault-proxy.ts';
import { withDatabase } from './global-setup.ts';
import { json, request, type ServerProcess, startServer, waitHealthy } from './processes.ts';

const url = process.env.TEST_DATABASE_URL;
/** How long each fault lasts (the 10 s; shorter runs for a quick local try). */
const FAULT_MS = Number(process.env.FAULT_SECONDS ?? 10) * 1000;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

/** What every server of these tests runs with; each adds its database and data directory. */
const SERVER_ENV = {
  NODE_ENV: 'development',
  SEED_PASSWORD: 'Fault-Test-Pass-42',
  JWT_SECRET: 'fault-test-secret-that-is-long-enough-for-hs256',
  LOG_LEVEL: 'fatal',
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_PASSES: '1',
  // The beacon's per-IP limit would stop the load; every request here comes from one address.
  RATE_LIMITS: 'false',
};

/** Visitors sending events (each with a unique value) and loading a page until stopped; every answer is kept. */
function visitors(port: number, profileId: number, inFlight = 6, agent?: http.Agent) {
  const acknowledged: string[] = [];
  const statuses: number[] = [];
  /** Requests that got no answer: their error code (ECONNREFUSED: no connection; ECONNRESET, a hang-up: cut under the request). */
  const failures: string[] = [];
  let slowest = 0;
  let running = true;
  const one = async () => {
    while (running) {
      const value = randomBytes(8).toString('hex');
      const reply = await request(port, {
        method: 'POST',
        path: '/api/events',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PHONE },
        body: JSON.stringify({ profileId, action: 'click', type: 'url', value }),
        ...(agent ? { agent } : {}),
      }).catch((err: NodeJS.ErrnoException) => {
        failures.push(err.code ?? err.message);
        return { status: 0, ms: 0 };
      });
      statuses.push(reply.status);
      slowest = Math.max(slowest, reply.ms);
      if (reply.status === 204) acknowledged.push(value);
      if (reply.status !== 204) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const loops = Array.from({ length: inFlight }, one);
  return {
    acknowledged,
    statuses,
    failures,
    get slowest() {
      return slowest;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.skipIf(!url)('when PostgreSQL goes away', () => {
  const dbName = `ph_fault_${randomBytes(5).toString('hex')}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ph-fault-'));
  const direct = () => new pg.Client({ connectionString: withDatabase(url!, dbName) });
  let leo: number;
  const servers: ServerProcess[] = [];

  const env = (databaseUrl: string) => ({ ...SERVER_ENV, DATABASE_URL: databaseUrl, DATA_DIR: path.join(tmp, `data-${servers.length}`) });

  /** Which of these event values are stored. */
  async function storedValues(values: string[]): Promise<Set<string>> {
    const db = direct();
    await db.connect();
    try {
      const rows = await db.query('select value from events where value = any($1::text[])', [values]);
      return new Set(rows.rows.map((r: { value: string }) => r.value));
    } finally {
      await db.end();
    }
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    // Migrate and seed once, directly.
    const seeder = await startServer(env(withDatabase(url!, dbName)));
    servers.push(seeder);
    await waitHealthy(seeder);
    const jwt = JSON.parse(
      (await json(seeder.port, 'POST', '/api/auth/local', { identifier: 'leo@acme.example', password: SERVER_ENV.SEED_PASSWORD })).body,
    ).jwt;
    leo = JSON.parse((await json(seeder.port, 'GET', '/api/companies/users/me', undefined, jwt)).body).profile.id;
    await seeder.stop();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('refused, black-holed and dropped: 503 not 500, pages keep answering, recovery, no acknowledged event lost', async () => {
    const target = new URL(url!);
    const proxy = new FaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(withDatabase(url!, dbName));
    proxied.host = `127.0.0.1:${await proxy.start()}`;
    const server = await startServer(env(proxied.toString()));
    servers.push(server);
    await waitHealthy(server);
    const page = () => request(server.port, { path: '/leo-lane', host: 'acme.localhost' });
    expect((await page()).status).toBe(200);

    const load = visitors(server.port, leo);
    const during: number[] = [];
    const probe = async (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const [health, shown] = await Promise.all([request(server.port, { path: '/api/health' }), page()]);
        during.push(health.status);
        expect(shown.status, 'a rendered page is served while the database is away').toBe(200);
      }
    };
    /** Milliseconds from the database's return until the server answers from it again. */
    const recovery = async () => {
      const back = Date.now();
      await waitHealthy(server);
      return Date.now() - back;
    };

    proxy.refuse();
    proxy.drop();
    await probe(FAULT_MS);
    expect(during).toContain(503);
    proxy.pass();
    const afterRefusal = await recovery();

    proxy.blackhole();
    await probe(FAULT_MS);
    proxy.drop();
    proxy.pass();
    const afterBlackhole = await recovery();

    await new Promise((resolve) => setTimeout(resolve, 300));
    await load.stop();
    await proxy.close();
    console.log(`recovery: ${afterRefusal} ms after refusal, ${afterBlackhole} ms after a black-holed failover; slowest beacon ${Math.round(load.slowest)} ms`);

    expect([...during, ...load.statuses].filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(load.acknowledged.length).toBeGreaterThan(0);
    const stored = await storedValues(load.acknowledged);
    expect(load.acknowledged.filter((v) => !stored.has(v))).toEqual([]);
    await server.stop();
  }, 180_000);

  // How fast each answer comes (health, held pages, recovery, the first write after the
  // database returns) is a figure of `node bench/run-all.mjs resilience`, not asserted here:
  // a timed assertion fails on a busy machine. This test holds what must be true at any speed.
  it('black-holed: health answers 503 and held pages 200 throughout; back with every held connection dead, it is healthy and writing again by itself', async () => {
    const target = new URL(url!);
    const proxy = new FaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(withDatabase(url!, dbName));
    proxied.host = `127.0.0.1:${await proxy.start()}`;
    const server = await startServer(env(proxied.toString()));
    servers.push(server);
    await waitHealthy(server);
    const page = () => request(server.port, { path: '/leo-lane', host: 'acme.localhost' });
    expect((await page()).status).toBe(200);
    const load = visitors(server.port, leo, 4);
    while (load.acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    proxy.blackhole();
    const until = Date.now() + Math.min(FAULT_MS, 5000);
    let probes = 0;
    while (Date.now() < until || probes < 3) {
      const [health, shown] = await Promise.all([request(server.port, { path: '/api/health' }), page()]);
      expect(health.status, 'health says the database is down').toBe(503);
      expect(JSON.parse(health.body).errors[0].path).toBe('database');
      expect(shown.status, 'a held page is served while the database is black-holed').toBe(200);
      probes++;
    }
    // The database answers again at a new address; what the server held before hears nothing, ever.
    proxy.pass(true);
    await waitHealthy(server);
    const acknowledgedBefore = load.acknowledged.length;
    while (load.acknowledged.length === acknowledgedBefore) await new Promise((resolve) => setTimeout(resolve, 20));
    await load.stop();
    await proxy.close();
    expect(load.statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    const stored = await storedValues(load.acknowledged);
    expect(load.acknowledged.filter((v) => !stored.has(v))).toEqual([]);
    await server.stop('SIGKILL');
  }, 120_000);

  it('kill -9 under event load loses no event that was answered 204', async () => {
    const server = await startServer(env(withDatabase(url!, dbName)));
    servers.push(server);
    await waitHealthy(server);
    const load = visitors(server.port, leo, 16);
    while (load.acknowledged.length < 500) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.stop('SIGKILL');
    await load.stop();
    const stored = await storedValues(load.acknowledged);
    expect(load.acknowledged.filter((v) => !stored.has(v))).toEqual([]);
  }, 120_000);

  it('SIGTERM under load on kept-alive connections: the request in flight is answered, no 500, nothing acknowledged lost, exit 0', async () => {
    const server = await startServer(env(withDatabase(url!, dbName)));
    servers.push(server);
    await waitHealthy(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const load = visitors(server.port, leo, 16, agent);
    while (load.acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));

    // A beacon in flight: its headers are read, its body still on the way when the signal comes.
    const value = randomBytes(8).toString('hex');
    const body = JSON.stringify({ profileId: leo, action: 'click', type: 'url', value });
    const socket = net.connect(server.port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    socket.write(
      `POST /api/events HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain;charset=UTF-8\r\nUser-Agent: ${PHONE}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // One full round trip on another connection: the server has read those bytes by then.
    expect((await request(server.port, { path: '/api/health' })).status).toBe(200);

    const exited = once(server.child, 'exit') as Promise<[number | null]>;
    server.child.kill('SIGTERM');
    // Closing has begun once the listening socket refuses new connections.
    for (;;) {
      const refused = await new Promise<boolean>((resolve) => {
        const probe = net.connect(server.port, '127.0.0.1');
        probe.once('connect', () => {
          probe.destroy();
          resolve(false);
        });
        probe.once('error', () => resolve(true));
      });
      if (refused) break;
    }
    const closed = once(socket, 'close');
    socket.write(body.slice(10));
    await closed;
    const [code] = await exited;
    await load.stop();
    agent.destroy();

    expect(answer).toMatch(/^HTTP\/1\.1 204 /);
    // The 20 s guard exits with 1: 0 means every request in flight finished and everything closed in time.
    expect(code).toBe(0);
    expect(load.statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    const stored = await storedValues([...load.acknowledged, value]);
    expect([...load.acknowledged, value].filter((v) => !stored.has(v))).toEqual([]);
  }, 120_000);

  it('SIGTERM with 16 clients on kept-alive connections and no balancer: 0 hang-ups, every request answered until the listener closes, exit 0', async () => {
    const server = await startServer(env(withDatabase(url!, dbName)));
    servers.push(server);
    await waitHealthy(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const load = visitors(server.port, leo, 16, agent);
    while (load.acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));
    const exited = once(server.child, 'exit') as Promise<[number | null]>;
    server.child.kill('SIGTERM');
    const [code] = await exited;
    await load.stop();
    agent.destroy();
    const counts = new Map<string, number>();
    for (const f of load.failures) counts.set(f, (counts.get(f) ?? 0) + 1);
    console.log(`SIGTERM: requests that got no answer: ${JSON.stringify(Object.fromEntries(counts))}; 5xx: ${load.statuses.filter((s) => s >= 500).length}`);
    // After the listener closes a new connection is refused (the client knows nothing was sent);
    // a connection cut under a request (ECONNRESET, "socket hang up") must never happen.
    expect(load.failures.filter((f) => f !== 'ECONNREFUSED')).toEqual([]);
    expect(load.statuses.filter((s) => s >= 500)).toEqual([]);
    expect(code).toBe(0);
    const stored = await storedValues(load.acknowledged);
    expect(load.acknowledged.filter((v) => !stored.has(v))).toEqual([]);
  }, 120_000);
});

/**
 * The embedded database's own promise: an event answered 204 is in the data directory after
 * `kill -9` of the server holding it, compared by identity (each event's unique value), with
 * the store opened again by PGlite as the next start would. On the PGlite pass only: on the
 * PostgreSQL pass the test above makes the same check against the server.
 */
describe.skipIf(!!url)('kill -9 of a server on the embedded database', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ph-fault-pglite-'));
  const servers: ServerProcess[] = [];
  const env = { ...SERVER_ENV, DATABASE_URL: undefined, DATA_DIR: path.join(tmp, 'data') };

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    rmSync(tmp, { recursive: true, force: true });
  });

  it('loses no event that was answered 204: every acknowledged value is in the store when it is opened again', async () => {
    const server = await startServer(env);
    servers.push(server);
    await waitHealthy(server);
    const jwt = JSON.parse((await json(server.port, 'POST', '/api/auth/local', { identifier: 'leo@acme.example', password: env.SEED_PASSWORD })).body).jwt;
    const leo = JSON.parse((await json(server.port, 'GET', '/api/companies/users/me', undefined, jwt)).body).profile.id as number;
    const load = visitors(server.port, leo, 16);
    while (load.acknowledged.length < 500) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.stop('SIGKILL');
    await load.stop();
    expect(load.acknowledged.length, 'events were acknowledged before the kill').toBeGreaterThanOrEqual(500);

    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const store = await PGlite.create({ dataDir: path.join(env.DATA_DIR, 'pglite'), extensions: { pg_trgm } });
    try {
      const rows = await store.query<{ value: string }>('select value from events where value = any($1::text[])', [load.acknowledged]);
      const stored = new Set(rows.rows.map((r) => r.value));
      expect(load.acknowledged.filter((v) => !stored.has(v))).toEqual([]);
    } finally {
      await store.close();
    }
  }, 120_000);
});
