// The divisions console list at 1,000 divisions (issue 26, bench/divisions): p95 of
// GET /api/companies/console (first page, searches, a late page, 100 to a page) as a superadmin,
// on PGlite and then on PostgreSQL when one answers at 127.0.0.1:5432. Budget: p95 ≤ 50 ms.
// Each figure is measured in BENCH_DIVISIONS_ROUNDS rounds (3) and printed as min / median / max
// of the rounds' p95, with the load average of each round; beside it, in the same rounds, a
// baseline: GET /api/jwts/verify (a trivial authenticated route: token, session, user and
// memberships, no list) and the ratio console p95 / baseline p95.
// The server runs in this process (buildApp on a fresh database, listening on a free port);
// every figure is a real HTTP request through node:http.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, fmt, HOST, heading, main, percentile, ROOT, spreadOf, table, tempDir, verdict } from './lib/common.mjs';

const DIVISIONS = Number(process.env.BENCH_DIVISIONS ?? 1_000);
/** People per division (members and profiles, which the console counts per row). */
const PEOPLE = Number(process.env.BENCH_DIVISIONS_PEOPLE ?? 20);
const ROUNDS = Number(process.env.BENCH_DIVISIONS_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_DIVISIONS_REQUESTS ?? 40);
const BUDGET_P95_MS = 50;

function request(port, urlPath, headers) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ host: HOST, port, path: urlPath, method: 'GET', headers, agent: false, timeout: 60_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** 1,000 divisions (every 10th archived), each with its master template, PEOPLE members and profiles; a superadmin. */
async function seed(db, sql) {
  const exec = (q) => db.execute(sql.raw(q));
  const rows = (r) => r.rows ?? r;
  await exec(
    `insert into companies (name, title, subdomain, description, feature_flags, published_at, archived_at)
     select 'division-' || g, 'Division ' || g || ' ' || md5(g::text), 'div-' || g, 'Division number ' || g || ' of the bench',
            '{"templates":true,"approvals":true,"invite_users":true}', now(), case when g % 10 = 0 then now() else null end
     from generate_series(1, ${DIVISIONS}) g`,
  );
  await exec(`insert into profiles (company_id, is_master, template_name, content) select id, true, title || ' Standard', '{}'::jsonb from companies`);
  await exec(
    `insert into users (email, username, first_name, last_name, registered, confirmed)
     select 'p' || c.id || '-' || g || '@bench.test', 'p' || c.id || '-' || g, 'First', 'Last', true, true
     from companies c, generate_series(1, ${PEOPLE}) g`,
  );
  await exec(
    `insert into company_members (user_id, company_id)
     select u.id, substring(u.email from '^p(\\d+)-')::int from users u where u.email like 'p%@bench.test'`,
  );
  await exec(
    `insert into profiles (user_id, company_id, alias, content)
     select m.user_id, m.company_id, 'u' || m.user_id, '{}'::jsonb from company_members m`,
  );
  const admin = rows(
    await exec(
      `insert into users (email, username, role, registered, confirmed) values ('root-${process.pid}@bench.test', 'root', 'superadmin', true, true) returning id`,
    ),
  )[0].id;
  await exec('analyze');
  return { adminId: admin };
}

async function runOn(label, dbOptions) {
  const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
  const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
  const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
  const { sql } = await import('drizzle-orm');
  const dataDir = tempDir('divisions');
  const database = await openDatabase(dbOptions.url ? { url: dbOptions.url } : { dataDir });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
    SEED: 'false',
  });
  const app = await buildApp({ config, database });
  const t0 = performance.now();
  const { adminId } = await seed(database.db, sql);
  const seedMs = performance.now() - t0;
  await app.listen({ port: 0, host: HOST });
  const port = app.server.address().port;
  const jwt = await app.deps.sessions.create(adminId, 'bench');
  const headers = { authorization: `Bearer ${jwt}` };

  const routes = [
    ['baseline: GET /api/jwts/verify', '/api/jwts/verify'],
    ['console: first page (25)', '/api/companies/console'],
    ['console: search "division 7" (many), page 2', '/api/companies/console?search=division%207&page=2'],
    ['console: search "div-512" (one)', '/api/companies/console?search=div-512'],
    ['console: search, no match', '/api/companies/console?search=zzzz-nothing'],
    ['console: page 40 of 25 (the last)', '/api/companies/console?page=40'],
    ['console: 100 to a page, page 5', '/api/companies/console?pageSize=100&page=5'],
  ];
  for (const [, url] of routes) {
    const first = await request(port, url, headers);
    if (first.status !== 200) throw new Error(`${url} answered ${first.status}: ${first.body.slice(0, 200)}`);
    for (let i = 0; i < 5; i++) await request(port, url, headers);
  }
  const total = JSON.parse((await request(port, '/api/companies/console', headers)).body).meta.pagination.total;
  if (total !== DIVISIONS) throw new Error(`the console lists ${total} divisions, not ${DIVISIONS}`);

  // Rounds: every route in turn within a round, so the baseline and the console share the machine's state.
  const p95s = Object.fromEntries(routes.map(([name]) => [name, []]));
  const p50s = Object.fromEntries(routes.map(([name]) => [name, []]));
  const loads = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url] of routes) {
      const times = [];
      for (let i = 0; i < REQUESTS; i++) times.push((await request(port, url, headers)).ms);
      p95s[name].push(percentile(times, 95));
      p50s[name].push(percentile(times, 50));
    }
    loads.push(Math.round(os.loadavg()[0] * 100) / 100);
  }
  await app.close();
  await database.close();
  const baseline = p95s[routes[0][0]];
  const figures = routes.map(([name, url]) => ({
    name,
    url,
    p50: spreadOf(p50s[name]),
    p95: spreadOf(p95s[name]),
    // Per round: this route's p95 over the baseline's p95 in the same round.
    ratio: spreadOf(p95s[name].map((p, i) => p / baseline[i])),
  }));
  return { label, seedMs, loads, figures };
}

await main('divisions', async () => {
  heading(`divisions console: ${DIVISIONS.toLocaleString('en-US')} divisions × ${PEOPLE} people, ${ROUNDS} rounds of ${REQUESTS} requests per route`);
  const runs = [];
  runs.push(await runOn('PGlite', {}));
  const pgDb = await createPgDatabase('bench_divisions');
  if (pgDb) {
    try {
      runs.push(await runOn('PostgreSQL', { url: pgDb.url }));
    } finally {
      if (process.env.BENCH_DIVISIONS_KEEP_PG === '1') console.log(`  PostgreSQL data set kept: ${pgDb.url}`);
      else await pgDb.drop();
    }
  } else console.log('  PostgreSQL: none answers at 127.0.0.1:5432, skipped');

  const spread = (s, digits = 1, unit = ' ms') => `${fmt(s.min, digits)} / ${fmt(s.median, digits)} / ${fmt(s.max, digits)}${unit}`;
  const rows = [['route', 'database', 'p95 min / median / max', 'p50 median', '× baseline p95', 'budget', 'verdict']];
  for (const r of runs) {
    for (const f of r.figures) {
      const isConsole = f.url.startsWith('/api/companies/console');
      rows.push([
        f.name,
        r.label,
        spread(f.p95),
        `${fmt(f.p50.median, 1)} ms`,
        isConsole ? spread(f.ratio, 2, '×') : '',
        isConsole ? `p95 ≤ ${BUDGET_P95_MS} ms` : 'printed',
        isConsole ? verdict(f.p95.median <= BUDGET_P95_MS) : '',
      ]);
    }
  }
  console.log(table(rows, { align: ['l', 'l', 'r', 'r', 'r', 'r', 'l'] }));
  for (const r of runs) console.log(`  ${r.label}: load average (1 min) after each round ${r.loads.join(', ')}; seeding took ${fmt(r.seedMs / 1000, 1)} s`);
  console.log('  The verdict takes the median of the rounds’ p95.');
  return { divisions: DIVISIONS, people: PEOPLE, rounds: ROUNDS, requests: REQUESTS, budgetP95Ms: BUDGET_P95_MS, results: runs };
});
