// Figures of the enterprise issue (#27) on the data set of `npm run seed:enterprise`
// (1,000 divisions × 100 staff, templates, published pages, pending approvals, a year of events):
// 1. Users list and search, templates list, approvals list and the statistics reports: p95 per
//    request as the superadmin and as the supervisor of one division, on PostgreSQL (budget ≤ 50 ms)
//    and PGlite (lists and search ≤ 100 ms). Any answer other than 200 fails the run.
// 2. The 100,000-row users export (.xlsx, streamed): time, bytes, peak RSS of the process.
// Three rounds; each prints its load average. Each round also times GET /api/health, the
// baseline of the same server and round: the ratio p95 / baseline p95 shows what the query adds.
// The server runs in this process (buildApp, listening on a free port); every figure is a real
// HTTP request through node:http.
//
// Data: by default a fresh database is seeded (timed, printed) and dropped at the end:
//   BENCH_ENTERPRISE_PG_URL=postgres://…/db   an already seeded PostgreSQL database (kept)
//   BENCH_ENTERPRISE_DATA_DIR=/path            an already seeded PGlite store (kept)
//   BENCH_ENTERPRISE_DBS=postgres,pglite       which to measure (default: both)
//   BENCH_ENTERPRISE_SCALE=1000                divisions when seeding (100 staff each)
//   BENCH_ENTERPRISE_EVENTS=5000000            events when seeding
//   BENCH_ENTERPRISE_RUNS=30                   timed requests per figure and round
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, fmt, HOST, heading, main, ownRssDuring, percentile, ROOT, spreadOf, table, tempDir, verdict } from './lib/common.mjs';

const RUNS = Number(process.env.BENCH_ENTERPRISE_RUNS ?? 30);
const ROUNDS = 3;
const SCALE = process.env.BENCH_ENTERPRISE_SCALE ?? '1000';
const EVENTS = process.env.BENCH_ENTERPRISE_EVENTS ?? '5000000';
const DBS = (process.env.BENCH_ENTERPRISE_DBS ?? 'postgres,pglite').split(',');
const BUDGET = { postgres: 50, pglite: 100 };
const ADMIN = 'admin@enterprise.example';

/** One request; the body is drained (kept only when `keep`), so a large download never sits in memory. */
function request(port, urlPath, { headers = {}, keep = true } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ host: HOST, port, path: urlPath, method: 'GET', headers, agent: false, timeout: 600_000 }, (res) => {
      const chunks = [];
      let bytes = 0;
      res.on('data', (c) => {
        bytes += c.length;
        if (keep) chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), bytes, ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Seeds a store with `npm run seed:enterprise` in a child process, echoing its step times. */
function seedStore(env) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['apps/server/src/bootstrap/seed-enterprise.ts'], {
      cwd: ROOT,
      env: { ...process.env, SEED_ENTERPRISE_SCALE: SCALE, SEED_ENTERPRISE_EVENTS: EVENTS, SEED_PASSWORD: 'Bench-Passw0rd-42', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve((performance.now() - t0) / 1000) : reject(new Error(`seed:enterprise exited with ${code}`))));
  });
}

const loadavg = () => Math.round(os.loadavg()[0] * 100) / 100;

async function runOn(label, dbOptions) {
  const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
  const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
  const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase(dbOptions);
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dbOptions.dataDir ?? tempDir('enterprise-cfg'),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
    SEED: 'false',
  });
  const app = await buildApp({ config, database });
  const rows = async (q) => {
    const r = await database.db.execute(sql.raw(q));
    return r.rows ?? r;
  };
  const [admin] = await rows(`select id from users where email = '${ADMIN}'`);
  if (!admin) throw new Error(`${label}: no ${ADMIN}: the store is not seeded with seed:enterprise`);
  const [sup] = await rows(
    `select m.user_id as id, c.id as company_id from company_members m join companies c on c.id = m.company_id where c.subdomain = 'ent-0500' and m.role = 'supervisor' limit 1`,
  );
  const [counts] = await rows(
    `select (select count(*)::int from profiles where not is_master) as profiles, (select count(*)::int from profiles where published_html is not null) as pages, (select count(*)::int from approvals where approved is null) as pending`,
  );
  console.log(`  ${label}: ${fmt(counts.profiles)} profiles, ${fmt(counts.pages)} published pages, ${fmt(counts.pending)} pending approvals`);
  await app.listen({ port: 0, host: HOST });
  const port = app.server.address().port;
  const as = {
    superadmin: { authorization: `Bearer ${await app.deps.sessions.create(admin.id, 'bench')}` },
    supervisor: { authorization: `Bearer ${await app.deps.sessions.create(sup.id, 'bench')}` },
  };
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const range = `start=${start}&end=${end}`;
  const figures = [
    ['users', 'users list (default: last edited)', '/api/users'],
    ['users', 'users: published, most viewed', '/api/users?isLive=true&orderBy=VIEWS&order=desc'],
    ['users', 'users: by name, page 50', '/api/users?orderBy=NAME&order=asc&page=50'],
    ['search', 'users search "naidoo"', '/api/users?filter=naidoo'],
    ['search', 'users search "thandi k" by name', '/api/users?filter=thandi%20k&orderBy=NAME&order=asc'],
    ['search', 'users search e-mail "ent-0500"', '/api/users?filter=ent-0500'],
    ['templates', 'templates list', '/api/templates'],
    ['search', 'templates search "sales"', '/api/templates?filter=sales'],
    ['templates', 'templates by linked profiles', '/api/templates?orderBy=LINKED_PROFILES&order=desc'],
    ['approvals', 'approvals (pending)', '/api/approvals'],
    ['search', 'approvals search "botha"', '/api/approvals?filter=botha'],
    ['reports', 'report all_visits, 1 year', `/api/reports/query/all_visits?${range}`],
    ['reports', 'report monthly_visits', `/api/reports/query/monthly_visits?${range}`],
    ['reports', 'report interactions', `/api/reports/query/interactions?${range}`],
    ['reports', 'report top_interactions', `/api/reports/query/top_interactions?${range}`],
    ['reports', 'report profile_views', `/api/reports/query/profile_views?${range}`],
    ['reports', 'report profile_with_count', `/api/reports/query/profile_with_count?${range}`],
    ['reports', 'reports overview', '/api/reports/overview'],
  ];
  const measure = async (url, headers) => {
    for (let i = 0; i < 3; i++) {
      const r = await request(port, url, { headers });
      if (r.status !== 200) throw new Error(`${label}: GET ${url} answered ${r.status}: ${r.body.slice(0, 300)}`);
    }
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await request(port, url, { headers });
      if (r.status !== 200) throw new Error(`${label}: GET ${url} answered ${r.status}: ${r.body.slice(0, 300)}`);
      times.push(r.ms);
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };

  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const load = loadavg();
    const baseline = await measure('/api/health', {});
    const results = {};
    for (const who of ['superadmin', 'supervisor'])
      for (const [group, name, url] of figures) results[`${who}|${name}`] = { group, who, name, ...(await measure(url, as[who])) };
    rounds.push({ round, loadavg1m: load, loadavg1mAtEnd: loadavg(), baseline, results });
    console.log(`  ${label} round ${round}: load average ${load} → ${loadavg()}, baseline /api/health p95 ${fmt(baseline.p95, 1)} ms`);
    // Each round's figures as they come, so a run cut short still shows what it measured.
    for (const r of Object.values(results)) console.log(`    ${r.who.padEnd(10)} ${r.name.padEnd(36)} p50 ${fmt(r.p50, 1)} ms, p95 ${fmt(r.p95, 1)} ms`);
  }

  // Export: RSS sampled every 10 ms while every profile streams out as .xlsx.
  const exportLoad = loadavg();
  const { result: exp, before: rssBefore, peak } = await ownRssDuring(() => request(port, '/api/users/export', { headers: as.superadmin, keep: false }));
  if (exp.status !== 200) throw new Error(`${label}: export answered ${exp.status}`);
  const exportResult = {
    rows: counts.profiles,
    ms: exp.ms,
    bytes: exp.bytes,
    rssBeforeMiB: rssBefore / 2 ** 20,
    peakRssMiB: peak / 2 ** 20,
    loadavg1m: exportLoad,
  };

  await app.close();
  await database.close();
  const keys = Object.keys(rounds[0].results);
  const summary = keys.map((k) => {
    const p95s = rounds.map((r) => r.results[k].p95);
    const ratios = rounds.map((r) => r.results[k].p95 / r.baseline.p95);
    return { ...rounds[0].results[k], p95: spreadOf(p95s), ratio: spreadOf(ratios) };
  });
  return { label, counts, rounds, summary, baselineP95: spreadOf(rounds.map((r) => r.baseline.p95)), export: exportResult };
}

await main('enterprise', async () => {
  heading(`enterprise: ${SCALE} divisions × 100 staff; ${RUNS} requests per figure, ${ROUNDS} rounds`);
  const runs = [];
  const seeding = {};
  if (DBS.includes('postgres')) {
    let url = process.env.BENCH_ENTERPRISE_PG_URL;
    let drop = null;
    if (!url) {
      const pgDb = await createPgDatabase('bench_enterprise');
      if (pgDb) {
        console.log('  seeding PostgreSQL …');
        url = pgDb.url;
        drop = pgDb.drop;
        seeding.postgres = await seedStore({ DATABASE_URL: url });
      } else console.log('  PostgreSQL: none answers at 127.0.0.1:5432, skipped');
    }
    if (url) {
      try {
        runs.push(await runOn('PostgreSQL', { url }));
      } finally {
        if (drop) await drop();
      }
    }
  }
  if (DBS.includes('pglite')) {
    let dataDir = process.env.BENCH_ENTERPRISE_DATA_DIR;
    if (!dataDir) {
      dataDir = tempDir('enterprise');
      console.log('  seeding PGlite …');
      seeding.pglite = await seedStore({ DATA_DIR: dataDir, DATABASE_URL: '' });
    }
    runs.push(await runOn('PGlite', { dataDir }));
  }

  const out = [['figure', 'as', 'database', 'p95 min / median / max', '× baseline (median)', 'budget', 'verdict']];
  for (const r of runs) {
    const budget = r.label === 'PostgreSQL' ? BUDGET.postgres : BUDGET.pglite;
    for (const s of r.summary) {
      // Budgets: lists and search on both databases; reports on PostgreSQL only.
      const budgeted = s.group !== 'reports' || r.label === 'PostgreSQL';
      out.push([
        s.name,
        s.who,
        r.label,
        `${fmt(s.p95.min, 1)} / ${fmt(s.p95.median, 1)} / ${fmt(s.p95.max, 1)} ms`,
        `${fmt(s.ratio.median, 1)}×`,
        budgeted ? `≤ ${budget} ms` : 'printed',
        budgeted ? verdict(s.p95.median <= budget) : '',
      ]);
    }
    const e = r.export;
    out.push([
      `export ${fmt(e.rows)} rows (.xlsx, ${fmt(e.bytes / 1e6, 1)} MB)`,
      'superadmin',
      r.label,
      `${fmt(e.ms)} ms`,
      '',
      `peak RSS ${fmt(e.peakRssMiB)} MiB (before ${fmt(e.rssBeforeMiB)})`,
      '',
    ]);
  }
  console.log(table(out, { align: ['l', 'l', 'l', 'r', 'r', 'r', 'l'] }));
  for (const r of runs)
    console.log(
      `  ${r.label}: baseline /api/health p95 ${fmt(r.baselineP95.min, 1)} / ${fmt(r.baselineP95.median, 1)} / ${fmt(r.baselineP95.max, 1)} ms; load average per round ${r.rounds.map((x) => `${x.loadavg1m}→${x.loadavg1mAtEnd}`).join(', ')}; export at load ${r.export.loadavg1m}`,
    );
  for (const [db, s] of Object.entries(seeding)) console.log(`  seeding ${db}: ${fmt(s, 0)} s`);
  return { scale: SCALE, events: EVENTS, runs: RUNS, rounds: ROUNDS, budgets: BUDGET, seedingS: seeding, results: runs };
});
