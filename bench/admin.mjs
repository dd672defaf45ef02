// Figures of the organisation-admin issue (bench/admin, printed):
// 1. Users list and templates list p95 with 10,000 profiles in one division (filter + sort +
//    page, tab counts, lifetime views from 30 days of daily_stats) — on PGlite, then on
//    PostgreSQL when one answers at 127.0.0.1:5432 (budget ≤ 50 ms p95 on PostgreSQL).
// 2. Excel export of the 10,000-row list: time and peak RSS growth while it streams.
// 3. Rebuild of 10,000 published children of one template after a template save (POST
//    /api/profiles/rebuild-children/:id answers 202 at once; GET /api/profiles/rebuilds/:id is
//    followed until done, as the editor does): 3 rounds, min / median / max, the load average
//    of each round, and a baseline in the same round: the same rows' pages written again by one
//    plain multi-row UPDATE (what the database alone needs to store 10,000 pages). Budget ≤ 15 s.
//    BENCH_ADMIN_ONLY=rebuild runs only this figure.
// The server runs in this process (buildApp on a fresh database, listening on a free port);
// every figure is a real HTTP request through node:http, as a browser would make it.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, fmt, HOST, heading, main, ownRssDuring, percentile, ROOT, spreadOf, table, tempDir, verdict } from './lib/common.mjs';

const PROFILES = Number(process.env.BENCH_ADMIN_PROFILES ?? 10_000);
const DAYS = 30;
const CHILDREN = Number(process.env.BENCH_ADMIN_CHILDREN ?? 10_000);
const REBUILD_ROUNDS = Number(process.env.BENCH_ADMIN_REBUILD_ROUNDS ?? 3);
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 40);
const ONLY_REBUILD = process.env.BENCH_ADMIN_ONLY === 'rebuild';
const BUDGET = { listP95Pg: 50, exportMs: 3000, rebuildMs: 15_000 };
const loadavg = () => Math.round(os.loadavg()[0] * 100) / 100;

/** One request; the body is drained (and kept only when `keep`), so a large download never sits in memory. */
function request(port, method, urlPath, { headers = {}, keep = true } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ host: HOST, port, path: urlPath, method, headers, agent: false, timeout: 300_000 }, (res) => {
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

/** 10,000 staff profiles (with accounts) in one division, 10 templates, 30 days of views; a supervisor session. */
async function seed(db, sql) {
  const exec = (q) => db.execute(sql.raw(q));
  const rows = (r) => r.rows ?? r;
  const [company] = rows(
    await exec(
      `insert into companies (name, title, subdomain, feature_flags, published_at) values ('bench', 'Bench Co', 'bench-${process.pid}', '{"templates":true,"approvals":true,"invite_users":true}', now()) returning id`,
    ),
  );
  const companyId = company.id;
  const theme = rows(await exec(`insert into profile_stylings (name, css_plug, is_default) values ('Bench', '.x{}', true) returning id`))[0].id;
  const masterContent = JSON.stringify({
    stylingId: theme,
    templateLayout: 'desktop2',
    emailAddress: 'hello@bench.test',
    mainContactNumber: '+27 21 555 0100',
    logo: { url: 'https://cdn.bench.test/logo.png' },
    links: [{ key: 'website', title: 'Website', url: 'https://bench.test', icon: 'globe', contactType: 'url', enabled: true }],
  });
  const masters = rows(
    await exec(
      `insert into profiles (company_id, is_master, template_name, content, styling_id)
       select ${companyId}, true, 'Template ' || g, '${masterContent}'::jsonb, ${theme} from generate_series(1, 10) g returning id`,
    ),
  ).map((r) => r.id);
  await exec(
    `insert into users (email, username, first_name, last_name, registered, confirmed)
     select 'staff' || g || '@bench.test', 'staff' || g, 'First' || g, 'Last' || g, true, true from generate_series(1, ${PROFILES}) g`,
  );
  await exec(`insert into company_members (user_id, company_id) select id, ${companyId} from users where email like 'staff%@bench.test'`);
  // Profiles spread over the templates; every other one published; names and edit times varied.
  await exec(
    `insert into profiles (user_id, company_id, alias, master_profile_id, content, updated_at, published_at)
     select u.id, ${companyId}, 'staff-' || n, (array[${masters.join(',')}])[1 + n % 10],
            jsonb_build_object('fullName', 'Person ' || md5(n::text), 'jobTitle', 'Job ' || (n % 97), 'profilePhoto', jsonb_build_object('url', 'https://cdn.bench.test/p.jpg')),
            now() - (n || ' minutes')::interval,
            case when n % 2 = 0 then now() else null end
     from (select id, row_number() over (order by id) as n from users where email like 'staff%@bench.test') u`,
  );
  await exec(
    `insert into daily_stats (day, company_id, profile_id, action, type, label, count, visitors)
     select (current_date - d)::date, ${companyId}, p.id, 'view', 'url', '', 1 + (p.id * 7 + d) % 23, 1
     from profiles p, generate_series(0, ${DAYS - 1}) d where p.company_id = ${companyId} and not p.is_master`,
  );
  // The lifetime totals the event flush keeps beside the daily rows (as stats:rebuild computes them).
  await exec(
    `insert into profile_totals (profile_id, company_id, views)
     select profile_id, ${companyId}, sum(count)::int from daily_stats where company_id = ${companyId} and action = 'view' group by profile_id
     on conflict (profile_id) do update set views = excluded.views`,
  );
  const sup = rows(
    await exec(
      `insert into users (email, username, role, registered, confirmed) values ('sup-${process.pid}@bench.test', 'sup', 'supervisor', true, true) returning id`,
    ),
  )[0].id;
  await exec(`insert into company_members (user_id, company_id, role) values (${sup}, ${companyId}, 'supervisor')`);
  await exec('analyze');
  return { companyId, masters, supervisorId: sup };
}

/** The streamed export of every row, with the peak RSS growth while it streams. */
async function exportFigure(get) {
  await get('/api/users/export?filter=zzz', false);
  const { result: exp, before, peak } = await ownRssDuring(() => get('/api/users/export', false));
  if (exp.status !== 200) throw new Error(`export answered ${exp.status}`);
  return { ms: exp.ms, bytes: exp.bytes, rssGrowthMiB: (peak - before) / 2 ** 20 };
}

/**
 * CHILDREN published children of one new template (the division's staff profiles moved to it),
 * rebuilt REBUILD_ROUNDS times through the API as the editor does it; each round's baseline is
 * one plain UPDATE writing the same rows' pages again (same bytes, same indexes touched).
 */
async function rebuildFigure(db, sql, companyId, port, headers) {
  const exec = (q) => db.execute(sql.raw(q));
  const rows = (r) => r.rows ?? r;
  const [master] = rows(
    await exec(
      `insert into profiles (company_id, is_master, template_name, content, styling_id)
       select company_id, true, 'Rebuild bench', content, styling_id from profiles where company_id = ${companyId} and is_master order by id limit 1 returning id`,
    ),
  );
  await exec(
    `update profiles set master_profile_id = ${master.id}, published_at = now(), published_overrides = content
     where id in (select id from profiles where company_id = ${companyId} and not is_master order by id limit ${CHILDREN})`,
  );
  await exec('analyze profiles');
  const follow = async () => {
    const t0 = performance.now();
    const started = await request(port, 'POST', `/api/profiles/rebuild-children/${master.id}`, { headers });
    if (started.status !== 202) throw new Error(`rebuild answered ${started.status}: ${started.body.slice(0, 200)}`);
    const answerMs = performance.now() - t0;
    const { id } = JSON.parse(started.body);
    for (;;) {
      const res = await request(port, 'GET', `/api/profiles/rebuilds/${id}`, { headers });
      const job = JSON.parse(res.body);
      if (job.state === 'done' || job.state === 'failed') return { ms: performance.now() - t0, answerMs, ...job };
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const baseline = async () => {
    const t0 = performance.now();
    await exec(
      `update profiles set published_html = published_html || ' ', published_etag = published_etag, published_at = now()
       where master_profile_id = ${master.id} and not is_master and published_at is not null`,
    );
    return performance.now() - t0;
  };
  const rounds = [];
  for (let round = 1; round <= REBUILD_ROUNDS; round++) {
    const loadBefore = loadavg();
    const job = await follow();
    const baselineMs = await baseline();
    const r = { round, ...job, baselineMs, ratio: job.ms / baselineMs, loadavg1m: loadBefore, loadavg1mAtEnd: loadavg() };
    console.log(
      `  rebuild round ${round}: ${fmt(r.rebuilt)} of ${fmt(r.total)} rebuilt (${r.failed} failed, ${r.state}) in ${fmt(r.ms)} ms (202 after ${fmt(r.answerMs)} ms); ` +
        `baseline UPDATE ${fmt(baselineMs)} ms; load ${r.loadavg1m} → ${r.loadavg1mAtEnd}`,
    );
    rounds.push(r);
  }
  return {
    master: master.id,
    rounds,
    ms: spreadOf(rounds.map((r) => r.ms)),
    baselineMs: spreadOf(rounds.map((r) => r.baselineMs)),
    ratio: spreadOf(rounds.map((r) => r.ratio)),
  };
}

async function runOn(label, dbOptions) {
  const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
  const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
  const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
  const { sql } = await import('drizzle-orm');
  const dataDir = tempDir('admin');
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
  const { companyId, supervisorId } = await seed(database.db, sql);
  const seedMs = performance.now() - t0;
  await app.listen({ port: 0, host: HOST });
  const port = app.server.address().port;
  const jwt = await app.deps.sessions.create(supervisorId, 'bench');
  const headers = { authorization: `Bearer ${jwt}` };
  const get = (url, keep = true) => request(port, 'GET', url, { headers, keep });

  const lists = [
    ['users: default (published, views desc)', '/api/users?isLive=true&orderBy=VIEWS&order=desc'],
    ['users: search "person a" + NAME asc, page 3', '/api/users?filter=person%20a&orderBy=NAME&order=asc&page=3'],
    ['users: all tabs, UPDATED_AT desc, page 500', '/api/users?orderBy=UPDATED_AT&order=desc&page=500'],
    ['users: division filter + TEMPLATE asc', `/api/users?companyId=${companyId}&orderBy=TEMPLATE&order=asc&page=7`],
    ['templates: A-Z', '/api/templates?orderBy=A-Z&order=asc'],
    ['templates: search + LINKED_PROFILES desc', '/api/templates?filter=template%201&orderBy=LINKED_PROFILES&order=desc'],
  ];
  const results = [];
  for (const [name, url] of ONLY_REBUILD ? [] : lists) {
    const first = await get(url);
    if (first.status !== 200) throw new Error(`${url} answered ${first.status}: ${first.body.slice(0, 200)}`);
    for (let i = 0; i < 3; i++) await get(url);
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push((await get(url)).ms);
    results.push({ name, p50: percentile(times, 50), p95: percentile(times, 95) });
  }

  // Export: RSS sampled every 10 ms while the 10,000 rows stream out.
  let exportResult = null;
  if (!ONLY_REBUILD) exportResult = await exportFigure(get);
  const rebuild = await rebuildFigure(database.db, sql, companyId, port, headers);

  await app.close();
  await database.close();
  return { label, seedMs, lists: results, export: exportResult, rebuild };
}

await main('admin', async () => {
  heading(`admin: ${PROFILES.toLocaleString('en-US')} profiles in one division, ${DAYS} days of views, ${RUNS} runs per list`);
  const runs = [];
  runs.push(await runOn('PGlite', {}));
  const pgDb = await createPgDatabase('bench_admin');
  if (pgDb) {
    try {
      runs.push(await runOn('PostgreSQL', { url: pgDb.url }));
    } finally {
      // BENCH_ADMIN_KEEP_PG=1 keeps the data set for EXPLAIN ANALYZE by hand.
      if (process.env.BENCH_ADMIN_KEEP_PG === '1') console.log(`  PostgreSQL data set kept: ${pgDb.url}`);
      else await pgDb.drop();
    }
  } else console.log('  PostgreSQL: none answers at 127.0.0.1:5432, skipped');

  const rows = [['figure', 'database', 'p50', 'p95', 'budget', 'verdict']];
  for (const r of runs) {
    for (const l of r.lists) {
      const pgBudget = r.label === 'PostgreSQL';
      rows.push([
        l.name,
        r.label,
        `${fmt(l.p50, 1)} ms`,
        `${fmt(l.p95, 1)} ms`,
        pgBudget ? `≤ ${BUDGET.listP95Pg} ms` : 'printed',
        pgBudget ? verdict(l.p95 <= BUDGET.listP95Pg) : '',
      ]);
    }
    if (r.export)
      rows.push([
        `export ${PROFILES.toLocaleString('en-US')} rows (.xlsx, ${fmt(r.export.bytes / 1e6, 1)} MB)`,
        r.label,
        `${fmt(r.export.ms)} ms`,
        `RSS +${fmt(r.export.rssGrowthMiB, 1)} MiB`,
        `≤ ${BUDGET.exportMs} ms`,
        verdict(r.export.ms <= BUDGET.exportMs),
      ]);
    const rb = r.rebuild;
    const s3 = (x, unit = ' ms', digits = 0) => `${fmt(x.min, digits)} / ${fmt(x.median, digits)} / ${fmt(x.max, digits)}${unit}`;
    const failed = rb.rounds.reduce((n, x) => n + x.failed, 0);
    rows.push([
      `rebuild ${fmt(CHILDREN)} published children, POST to done (min / median / max of ${rb.rounds.length})`,
      r.label,
      s3(rb.ms),
      `${fmt(CHILDREN / (rb.ms.median / 1000))} pages/s`,
      `≤ ${fmt(BUDGET.rebuildMs)} ms`,
      `${verdict(rb.ms.median <= BUDGET.rebuildMs)}${failed ? `, ${failed} failed` : ''}`,
    ]);
    rows.push([`  baseline: one UPDATE writing the same ${fmt(CHILDREN)} pages`, r.label, s3(rb.baselineMs), '', 'printed', '']);
    rows.push(['  rebuild / baseline', r.label, s3(rb.ratio, '×', 1), '', 'printed', '']);
  }
  console.log(table(rows, { align: ['l', 'l', 'r', 'r', 'r', 'l'] }));
  for (const r of runs) console.log(`  ${r.label}: seeding took ${fmt(r.seedMs / 1000, 1)} s`);
  for (const r of runs)
    console.log(`  ${r.label}: load average (1 min) per rebuild round ${r.rebuild.rounds.map((x) => `${x.loadavg1m}→${x.loadavg1mAtEnd}`).join(', ')}`);
  console.log(`  NODE_ENV=${process.env.NODE_ENV ?? '(unset: React renders with its development build)'}`);
  return { profiles: PROFILES, days: DAYS, children: CHILDREN, runs: RUNS, budgets: BUDGET, results: runs };
});
