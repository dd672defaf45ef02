// Resilience (issue 24): what clients see when a copy stops or a store goes silent.
// 1. Two copies on one PostgreSQL behind HAProxy configured as docs/scaling.md documents,
//    under 20 kept-alive connections of mixed load (page views, API reads, visitor beacons —
//    writes whose 204 means committed): a rolling restart of both copies (SIGTERM, start
//    again, wait until the balancer sends it requests), and kill -9 of one copy. Figures:
//    client-visible errors and acknowledged writes missing from the database.
// 2. One copy whose Redis (the limits' store) and PostgreSQL are reached through TCP proxies
//    that black-hole them for FAULT_S, then let them return with every held connection still
//    dead (a failover). Figures: slowest sign-in and health answer during the Redis black
//    hole, cached page p99 and slowest health answer during the database black hole, and the
//    time from each store's return until sign-in (Redis) or health (database) answers 200, and
//    until a visitor's beacon is written again (204). faults.test.ts holds the same behaviour
//    without timing it; these are its figures.
// ROUNDS runs of each; min / median / max and the load average. Needs PostgreSQL (PG_URL),
// /usr/sbin/haproxy and /usr/bin/redis-server; exits 1 (could not run) without them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { FaultProxy } from '../apps/server/src/test/fault-proxy.ts';
import { startHaproxy } from '../apps/server/src/test/haproxy.ts';
import { mixedLoad } from '../apps/server/src/test/mixed-load.ts';
import { request, startRedis } from '../apps/server/src/test/processes.ts';
import {
  createPgDatabase,
  fmt,
  freePort,
  heading,
  JANE,
  machine,
  main,
  median,
  onCleanup,
  prepareDataDir,
  ROOT,
  SEED_PASSWORD,
  serverEnv,
  spawnTracked,
  stopProcess,
  table,
  tempDir,
  waitForHealth,
} from './lib/common.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FAULT_S = Number(process.env.BENCH_FAULT_S ?? 10);
const SERVER_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A copy of the hub on a given port (a restart comes back on the same one). */
async function startCopy(port, env) {
  const child = spawnTracked(process.execPath, [SERVER_ENTRY], { env: serverEnv({ DATA_DIR: tempDir('resilience-copy'), PORT: String(port), ...env }) });
  onCleanup(() => stopProcess(child, { signal: 'SIGKILL' }));
  await waitForHealth(port, { child });
  return child;
}

const signIn = (port) =>
  request(port, {
    method: 'POST',
    path: '/api/auth/local',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: JANE, password: SEED_PASSWORD }),
  });

async function missing(dbUrl, values) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const rows = await db.query('select value from events where value = any($1::text[])', [values]);
    const stored = new Set(rows.rows.map((r) => r.value));
    return values.filter((v) => !stored.has(v)).length;
  } finally {
    await db.end();
  }
}

async function leoId(dbUrl) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const id = (await db.query("select id from profiles where alias = 'leo-lane'")).rows[0].id;
  await db.end();
  return id;
}

/** Part 1: rolling restarts and kill -9 behind the documented HAProxy. */
async function balancerRuns(dbUrl) {
  const env = { DATABASE_URL: dbUrl, TRUSTED_PROXIES: '127.0.0.1', JWT_SECRET: 'bench-resilience-secret-long-enough-for-hs256' };
  const ports = [await freePort(), await freePort()];
  const copies = [];
  for (const port of ports) copies.push(await startCopy(port, env));
  const lb = await freePort();
  const haproxy = await startHaproxy(tempDir('resilience-haproxy'), lb, ports);
  onCleanup(() => haproxy.stop());
  const jwt = JSON.parse((await signIn(lb)).body).jwt;
  const profileId = await leoId(dbUrl);
  const restart = async (i) => {
    copies[i] = await startCopy(ports[i], env);
    await haproxy.waitFor(`s${i}`, /^UP/);
  };
  const settle = async (load, more) => {
    const before = load.answered;
    while (load.answered < before + more) await sleep(20);
  };
  const rolling = [];
  const killed = [];
  for (let round = 0; round < ROUNDS; round++) {
    let load = mixedLoad(lb, profileId, jwt);
    await settle(load, 200);
    for (const i of [0, 1]) {
      await stopProcess(copies[i], { signal: 'SIGTERM', timeoutMs: 30_000 });
      await restart(i);
    }
    await settle(load, 200);
    await load.stop();
    const r = { requests: load.answered, errors: load.errors.length, acknowledged: load.acknowledged.length, lost: await missing(dbUrl, load.acknowledged) };
    rolling.push(r);
    console.log(`  round ${round + 1}, rolling restart: ${r.requests} requests, ${r.errors} errors, ${r.acknowledged} writes acknowledged, ${r.lost} lost`);

    load = mixedLoad(lb, profileId, jwt);
    await settle(load, 200);
    copies[0].kill('SIGKILL');
    await haproxy.waitFor('s0', /^DOWN/);
    await settle(load, 200);
    await load.stop();
    const k = {
      requests: load.answered,
      errors: load.errors.length,
      readErrors: load.errors.filter((e) => e.method !== 'POST').length,
      lost: await missing(dbUrl, load.acknowledged),
    };
    killed.push(k);
    console.log(
      `  round ${round + 1}, kill -9 of one copy: ${k.requests} requests, ${k.errors} errors (${k.readErrors} reads), ${k.lost} acknowledged writes lost`,
    );
    await restart(0);
  }
  await haproxy.stop();
  for (const copy of copies) await stopProcess(copy, { signal: 'SIGKILL' });
  return { rolling, killed };
}

/** Part 2: Redis and the database black-holed, then back with their held connections dead. */
async function faultRuns(dbUrl) {
  const redis = await startRedis();
  onCleanup(() => redis.stop());
  const redisProxy = new FaultProxy({ host: '127.0.0.1', port: redis.port });
  const target = new URL(dbUrl);
  const dbProxy = new FaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(dbUrl);
  proxied.host = `127.0.0.1:${await dbProxy.start()}`;
  onCleanup(() => dbProxy.close());
  onCleanup(() => redisProxy.close());
  const port = await freePort();
  const copy = await startCopy(port, { DATABASE_URL: proxied.toString(), REDIS_URL: `redis://127.0.0.1:${await redisProxy.start()}` });
  const health = () => request(port, { path: '/api/health' });
  const page = () => request(port, { path: '/leo-lane', host: 'acme.localhost', headers: { 'accept-encoding': 'br' } });
  const profileId = await leoId(dbUrl);
  const beacon = () =>
    request(port, {
      method: 'POST',
      path: '/api/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ profileId, action: 'click', type: 'url', value: 'bench-resilience' }),
    });
  const redisRuns = [];
  const dbRuns = [];
  for (let round = 0; round < ROUNDS; round++) {
    redisProxy.blackhole();
    let until = performance.now() + FAULT_S * 1000;
    let signInMax = 0;
    let healthMax = 0;
    while (performance.now() < until) {
      const [s, h] = await Promise.all([signIn(port), health()]);
      signInMax = Math.max(signInMax, s.ms);
      healthMax = Math.max(healthMax, h.ms);
    }
    redisProxy.pass(true);
    let back = performance.now();
    while ((await signIn(port)).status !== 200) await sleep(10);
    const r = { signInMaxMs: signInMax, healthMaxMs: healthMax, recoveryMs: performance.now() - back };
    redisRuns.push(r);
    console.log(
      `  round ${round + 1}, Redis black hole: slowest sign-in ${fmt(r.signInMaxMs)} ms, slowest health ${fmt(r.healthMaxMs)} ms; sign-in works ${fmt(r.recoveryMs)} ms after Redis returned`,
    );

    await page();
    dbProxy.blackhole();
    until = performance.now() + FAULT_S * 1000;
    const pages = [];
    healthMax = 0;
    while (performance.now() < until) {
      const [p, h] = await Promise.all([Promise.all(Array.from({ length: 4 }, page)), health()]);
      for (const x of p) pages.push(x.status === 200 ? x.ms : Number.POSITIVE_INFINITY);
      healthMax = Math.max(healthMax, h.ms);
    }
    dbProxy.pass(true);
    back = performance.now();
    while ((await health()).status !== 200) await sleep(10);
    const recoveryMs = performance.now() - back;
    // A visitor's beacon answered 204 is committed: the first one after the return is when writes work again.
    while ((await beacon()).status !== 204) await sleep(10);
    pages.sort((a, b) => a - b);
    const d = {
      pageP99Ms: pages[Math.floor(pages.length * 0.99)],
      pages: pages.length,
      healthMaxMs: healthMax,
      recoveryMs,
      writingMs: performance.now() - back,
    };
    dbRuns.push(d);
    console.log(
      `  round ${round + 1}, database black hole: cached page p99 ${fmt(d.pageP99Ms)} ms (${d.pages} views), slowest health ${fmt(d.healthMaxMs)} ms; healthy ${fmt(d.recoveryMs)} ms and writing ${fmt(d.writingMs)} ms after it returned`,
    );
  }
  await stopProcess(copy, { signal: 'SIGKILL' });
  return { redis: redisRuns, database: dbRuns };
}

const spread = (xs) => [fmt(Math.min(...xs)), fmt(median(xs)), fmt(Math.max(...xs))];

await main('resilience', async () => {
  heading('Resilience: stopping copies, silent stores');
  if (!existsSync('/usr/sbin/haproxy')) throw new Error('/usr/sbin/haproxy is missing: apt-get install -y haproxy');
  const db = await createPgDatabase('bench_resilience');
  if (!db) throw new Error('no PostgreSQL answers at PG_URL (postgres://postgres@127.0.0.1:5432 by default)');
  onCleanup(db.drop);
  const loadAtStart = machine().loadavg1m;
  await prepareDataDir('resilience-prepare', { DATABASE_URL: db.url });
  const balancer = await balancerRuns(db.url);
  const faults = await faultRuns(db.url);
  const rows = [
    ['figure', 'min', 'median', 'max'],
    ['rolling restart, 20 connections: client-visible errors', ...spread(balancer.rolling.map((r) => r.errors))],
    ['rolling restart: acknowledged writes lost', ...spread(balancer.rolling.map((r) => r.lost))],
    ['kill -9 of one of two copies: client-visible errors', ...spread(balancer.killed.map((r) => r.errors))],
    ['kill -9: errors on reads (GET)', ...spread(balancer.killed.map((r) => r.readErrors))],
    ['kill -9: acknowledged writes lost', ...spread(balancer.killed.map((r) => r.lost))],
    [`Redis black hole ${FAULT_S} s: slowest sign-in (ms)`, ...spread(faults.redis.map((r) => r.signInMaxMs))],
    ['Redis black hole: slowest health 503 (ms)', ...spread(faults.redis.map((r) => r.healthMaxMs))],
    ['Redis back (held connection dead) → sign-in 200 (ms)', ...spread(faults.redis.map((r) => r.recoveryMs))],
    [`database black hole ${FAULT_S} s: cached page p99 (ms)`, ...spread(faults.database.map((r) => r.pageP99Ms))],
    ['database black hole: slowest health 503 (ms)', ...spread(faults.database.map((r) => r.healthMaxMs))],
    ['database back (held connections dead) → health 200 (ms)', ...spread(faults.database.map((r) => r.recoveryMs))],
    ['database back → first visitor beacon 204, written (ms)', ...spread(faults.database.map((r) => r.writingMs))],
  ];
  console.log(`\n${ROUNDS} rounds of each.\n`);
  console.log(table(rows, { align: ['l', 'r', 'r', 'r'] }));
  console.log(`\nLoad average at start ${loadAtStart}, at end ${machine().loadavg1m}.`);
  return { rounds: ROUNDS, faultSeconds: FAULT_S, balancer, faults, loadAtStart, loadAtEnd: machine().loadavg1m };
});
