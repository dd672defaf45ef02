// The contacts list at 100,000 contacts in one division (issue #29: "Contacts list p95 ≤ 50 ms at
// 100,000 contacts in one division"). GET /api/contacts as the division's supervisor, as a
// superadmin and as the staff member who owns the most of them: first page, 100 to a page, a deep
// page, searches (pg_trgm) with many, few and no matches, filters by profile, source and dates.
// Around the big division: BENCH_CONTACTS_OTHERS (20) divisions of 1,000 contacts each, so the
// scope matters (a superadmin sees all of them, the supervisor only theirs).
// Each figure: 3 warm-up requests, then BENCH_CONTACTS_REQUESTS (40) timed ones in a row; p50 and
// p95 (nearest rank). BENCH_CONTACTS_ROUNDS (3) rounds; the table shows each figure's p95 as
// min / median / max of the rounds, the verdict on the median. In every round, two baselines are
// timed the same way: GET /api/health, and the supervisor's first page of a small division
// (1,000 contacts); the ratio column is the figure's p95 over /api/health's p95 of the same round.
// The server runs in this process (buildApp on a fresh database, listening on a free port); every
// figure is a real HTTP request through node:http. PostgreSQL when one answers at 127.0.0.1:5432,
// then PGlite (BENCH_CONTACTS_DBS=postgres,pglite chooses). Budget p95 ≤ 50 ms on PostgreSQL;
// PGlite's figures are printed.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, fmt, HOST, heading, main, percentile, ROOT, spreadOf, table, tempDir, verdict } from './lib/common.mjs';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const STAFF = 100;
const OTHERS = Number(process.env.BENCH_CONTACTS_OTHERS ?? 20);
const OTHER_CONTACTS = 1_000;
const ROUNDS = Number(process.env.BENCH_CONTACTS_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_CONTACTS_REQUESTS ?? 40);
const DBS = (process.env.BENCH_CONTACTS_DBS ?? 'postgres,pglite').split(',');
const BUDGET_P95_MS = 50;

const loadavg = () => Math.round(os.loadavg()[0] * 100) / 100;

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

const FIRST = [
  'Thandi',
  'Pieter',
  'Aisha',
  'Johan',
  'Lerato',
  'Sipho',
  'Naledi',
  'Ruan',
  'Fatima',
  'Kagiso',
  'Anele',
  'Marco',
  'Chen',
  'Priya',
  'Olivia',
  'Liam',
  'Zanele',
  'Ahmed',
  'Mia',
  'Noah',
];
const LAST = [
  'Naidoo',
  'Botha',
  'Dlamini',
  'Smith',
  'Van der Merwe',
  'Khumalo',
  'Pillay',
  'Nkosi',
  'Jacobs',
  'Mokoena',
  'Williams',
  'Ndlovu',
  'Pretorius',
  'Mahlangu',
  'Govender',
  'Sithole',
  'Du Plessis',
  'Zulu',
  'Le Roux',
  'Mthembu',
  'Venter',
  'Coetzee',
  'Radebe',
  'Fourie',
  'Maseko',
  'Kruger',
  'Hendricks',
  'Adams',
  'Petersen',
  'Cele',
];
const FIRMS = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Stark',
  'Wayne',
  'Hooli',
  'Vandelay',
  'Soylent',
  'Tyrell',
  'Cyberdyne',
  'Wonka',
  'Gringotts',
  'Oceanic',
  'Massive',
];
const arr = (xs) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/**
 * The big division (100 staff, CONTACTS contacts: every 10th through staff member 1, the rest
 * spread over all 100), OTHERS divisions of 10 staff and 1,000 contacts; a supervisor for each
 * division, a superadmin. Contacts arrive every 631 s backwards from now (100,000 span 2 years):
 * 80 % lead form, 15 % exchange, 5 % imported. Bulk SQL, in batches of 20,000 rows.
 */
async function seed(db, sql) {
  const exec = (q) => db.execute(sql.raw(q));
  const rows = async (q) => {
    const r = await exec(q);
    return r.rows ?? r;
  };
  await exec(
    `insert into companies (name, title, subdomain, description, feature_flags, published_at)
     select 'contacts-' || g, 'Contacts ' || g, 'cdiv-' || g, 'Contacts bench division ' || g, '{}', now() from generate_series(0, ${OTHERS}) g`,
  );
  const divisions = await rows(`select id, subdomain from companies where subdomain like 'cdiv-%' order by id`);
  const big = divisions.find((d) => d.subdomain === 'cdiv-0').id;
  const small = divisions.find((d) => d.subdomain === 'cdiv-1').id;
  await exec(
    `insert into users (email, username, first_name, last_name, registered, confirmed)
     select 's' || c.id || '-' || g || '@bench.test', 's' || c.id || '-' || g, 'Staff', 'Number ' || g, true, true
     from companies c, generate_series(1, case when c.id = ${big} then ${STAFF} else 10 end) g where c.subdomain like 'cdiv-%'`,
  );
  await exec(`insert into company_members (user_id, company_id) select id, substring(email from '^s(\\d+)-')::int from users where email like 's%@bench.test'`);
  await exec(
    `insert into users (email, username, first_name, last_name, role, registered, confirmed)
     select 'sup' || c.id || '@bench.test', 'sup' || c.id, 'Super', 'Visor ' || c.id, 'supervisor', true, true from companies c where c.subdomain like 'cdiv-%'`,
  );
  await exec(
    `insert into company_members (user_id, company_id, role) select id, substring(email from '^sup(\\d+)@')::int, 'supervisor' from users where email like 'sup%@bench.test'`,
  );
  await exec(
    `insert into profiles (user_id, company_id, alias, content)
     select m.user_id, m.company_id, 'c' || m.user_id, jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name)
     from company_members m join users u on u.id = m.user_id where u.email like 's%@bench.test' and m.role = 'member'`,
  );
  const contacts = async (companyId, n) => {
    const staff = (await rows(`select p.id, p.user_id from profiles p where p.company_id = ${companyId} and not p.is_master order by p.id`)).map((r) => r.id);
    const pick = `(${`array[${staff.join(',')}]`})[case when g % 10 = 0 then 1 else 1 + (g * 7919) % ${staff.length} end]`;
    for (let from = 1; from <= n; from += 20_000) {
      const to = Math.min(n, from + 19_999);
      await exec(
        `insert into lead_submissions (profile_id, company_id, data, source, created_at)
         select ${pick}, ${companyId},
                jsonb_build_object(
                  'name', (${arr(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
                  'email', lower((${arr(FIRST)})[1 + g % ${FIRST.length}]) || '.' || replace(lower((${arr(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}]), ' ', '') || g || '@example.test',
                  'mobile', '+27 82 ' || lpad((g * 37 % 10000000)::text, 7, '0'),
                  'company', (${arr(FIRMS)})[1 + g % ${FIRMS.length}] || ' ' || (g % 500),
                  'message', 'Please call me back about offer ' || g),
                case when g % 20 = 0 then 'imported' when g % 20 < 4 then 'exchange' else 'lead_form' end,
                now() - g * interval '631 seconds'
         from generate_series(${from}, ${to}) g`,
      );
    }
    return staff[0];
  };
  const heavyProfile = await contacts(big, CONTACTS);
  for (const d of divisions) if (d.id !== big) await contacts(d.id, OTHER_CONTACTS);
  const admin = (
    await rows(`insert into users (email, username, role, registered, confirmed) values ('root@bench.test', 'root', 'superadmin', true, true) returning id`)
  )[0].id;
  const [sup] = await rows(`select id from users where email = 'sup${big}@bench.test'`);
  const [smallSup] = await rows(`select id from users where email = 'sup${small}@bench.test'`);
  const [owner] = await rows(`select user_id as id from profiles where id = ${heavyProfile}`);
  const [counts] = await rows(
    `select (select count(*)::int from lead_submissions where company_id = ${big}) as big, (select count(*)::int from lead_submissions) as total,
            (select count(*)::int from lead_submissions where profile_id = ${heavyProfile}) as owned`,
  );
  // As autovacuum does after bulk inserts: statistics, and the visibility map that lets a count walk the index alone.
  await exec('vacuum analyze');
  return { big, small, adminId: admin, supId: sup.id, smallSupId: smallSup.id, ownerId: owner.id, heavyProfile, counts };
}

async function runOn(label, dbOptions) {
  const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
  const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
  const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
  const { sql } = await import('drizzle-orm');
  const dataDir = tempDir('contacts');
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
  const s = await seed(database.db, sql);
  const seedMs = performance.now() - t0;
  console.log(
    `  ${label}: seeded ${fmt(s.counts.total)} contacts (${fmt(s.counts.big)} in the big division, ${fmt(s.counts.owned)} through staff member 1) in ${fmt(seedMs / 1000, 1)} s`,
  );
  await app.listen({ port: 0, host: HOST });
  const port = app.server.address().port;
  const bearer = async (id) => ({ authorization: `Bearer ${await app.deps.sessions.create(id, 'bench')}` });
  const as = {
    supervisor: await bearer(s.supId),
    superadmin: await bearer(s.adminId),
    staff: await bearer(s.ownerId),
    smallSupervisor: await bearer(s.smallSupId),
  };
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  // The deepest page a list offers: its last within the 10,000-contact window (CONTACTS_LIST_WINDOW; past it the API answers 400).
  const deepPage = (n, size) => Math.max(0, Math.floor(Math.min(n, 10_000) / size) - 1);
  const big = `companyId=${s.big}`;
  // [name, url, for whom]; the superadmin narrows to the big division with companyId (the console's division filter) and also sees all.
  const lists = (who, base, n) => [
    [`${who}: first page (10)`, `/api/contacts${base}`],
    [`${who}: first page of 100`, `/api/contacts?pageSize=100${base && `&${base.slice(1)}`}`],
    [`${who}: deepest page (of 100, at 10,000)`, `/api/contacts?pageSize=100&page=${deepPage(n, 100)}${base && `&${base.slice(1)}`}`],
    [`${who}: search "smith" (many)`, `/api/contacts?q=smith${base && `&${base.slice(1)}`}`],
    [`${who}: search "thandi.naidoo2" (few)`, `/api/contacts?q=thandi.naidoo2${base && `&${base.slice(1)}`}`],
    [`${who}: search, no match`, `/api/contacts?q=zzq-nothing${base && `&${base.slice(1)}`}`],
    [`${who}: profile filter`, `/api/contacts?profileId=${s.heavyProfile}${base && `&${base.slice(1)}`}`],
    [`${who}: source imported`, `/api/contacts?source=imported${base && `&${base.slice(1)}`}`],
    [`${who}: 30 days, 90 days ago`, `/api/contacts?from=${day(120)}&to=${day(90)}${base && `&${base.slice(1)}`}`],
    [`${who}: exchange, 1 year, "pillay"`, `/api/contacts?source=exchange&from=${day(365)}&to=${day(0)}&q=pillay${base && `&${base.slice(1)}`}`],
  ];
  const figures = [
    ...lists('supervisor', '', s.counts.big).map((f) => [...f, 'supervisor']),
    ...lists('superadmin', `?${big}`, s.counts.big).map((f) => [...f, 'superadmin']),
    ['superadmin: all divisions, first page', '/api/contacts', 'superadmin'],
    ['superadmin: all divisions, deep page', `/api/contacts?pageSize=100&page=${deepPage(s.counts.total, 100)}`, 'superadmin'],
    ...lists('staff', '', s.counts.owned)
      .filter(([name]) => !name.includes('profile filter'))
      .map((f) => [...f, 'staff']),
  ];
  const baselines = [
    ['baseline: GET /api/health', '/api/health', null],
    [`baseline: small division (${fmt(OTHER_CONTACTS)}), supervisor, first page`, '/api/contacts', 'smallSupervisor'],
  ];
  const check = (url, r) => {
    if (r.status !== 200) throw new Error(`${label}: GET ${url} answered ${r.status}: ${r.body.slice(0, 300)}`);
  };
  // Answers checked once: the scope holds. A list counts up to 10,000 (CONTACTS_LIST_WINDOW) and
  // says when more match, so the scope is checked where counts stay under it: a small division as
  // the superadmin and as its own supervisor (all of it), as the big division's supervisor (none),
  // and the staff member's own; the big division and the whole hub say "more".
  const countOf = async (url, who) => {
    const r = await request(port, url, as[who]);
    check(url, r);
    const { total, totalCapped } = JSON.parse(r.body);
    return totalCapped ? `more than ${total}` : total;
  };
  const window = (n) => (n > 10_000 ? 'more than 10000' : n);
  const sees = {
    supervisor: await countOf('/api/contacts', 'supervisor'),
    superadmin: await countOf('/api/contacts', 'superadmin'),
    staff: await countOf('/api/contacts', 'staff'),
    smallAsSuperadmin: await countOf(`/api/contacts?companyId=${s.small}`, 'superadmin'),
    smallAsItsSupervisor: await countOf('/api/contacts', 'smallSupervisor'),
    smallAsBigSupervisor: await countOf(`/api/contacts?companyId=${s.small}`, 'supervisor'),
  };
  const expected = {
    supervisor: window(s.counts.big),
    superadmin: window(s.counts.total),
    staff: window(s.counts.owned),
    smallAsSuperadmin: OTHER_CONTACTS,
    smallAsItsSupervisor: OTHER_CONTACTS,
    smallAsBigSupervisor: 0,
  };
  if (JSON.stringify(sees) !== JSON.stringify(expected))
    throw new Error(`${label}: counts ${JSON.stringify(sees)} do not match the data set ${JSON.stringify(expected)}`);
  const measure = async (url, headers) => {
    for (let i = 0; i < 3; i++) check(url, await request(port, url, headers));
    const times = [];
    for (let i = 0; i < REQUESTS; i++) {
      const r = await request(port, url, headers);
      check(url, r);
      times.push(r.ms);
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const load = loadavg();
    const results = {};
    for (const [name, url, who] of [...baselines, ...figures]) results[name] = { name, url, who, ...(await measure(url, who ? as[who] : {})) };
    rounds.push({ round, loadavg1m: load, loadavg1mAtEnd: loadavg(), results });
    const health = results[baselines[0][0]].p95;
    console.log(`  ${label} round ${round}: load average ${load} → ${loadavg()}, /api/health p95 ${fmt(health, 1)} ms`);
    for (const r of Object.values(results)) console.log(`    ${r.name.padEnd(52)} p50 ${fmt(r.p50, 1).padStart(6)} ms, p95 ${fmt(r.p95, 1).padStart(6)} ms`);
  }
  await app.close();
  await database.close();
  const summary = [...baselines, ...figures].map(([name, url, who]) => ({
    name,
    url,
    who,
    baseline: name.startsWith('baseline'),
    p50: spreadOf(rounds.map((r) => r.results[name].p50)),
    p95: spreadOf(rounds.map((r) => r.results[name].p95)),
    ratio: spreadOf(rounds.map((r) => r.results[name].p95 / r.results[baselines[0][0]].p95)),
  }));
  return { label, seedMs, counts: s.counts, rounds: rounds.map(({ round, loadavg1m, loadavg1mAtEnd }) => ({ round, loadavg1m, loadavg1mAtEnd })), summary };
}

await main('contacts', async () => {
  heading(
    `contacts list: ${fmt(CONTACTS)} contacts in one division (+ ${OTHERS} × ${fmt(OTHER_CONTACTS)}), ${ROUNDS} rounds of ${REQUESTS} requests per figure`,
  );
  const runs = [];
  if (DBS.includes('postgres')) {
    const pgDb = await createPgDatabase('bench_contacts');
    if (pgDb) {
      try {
        runs.push(await runOn('PostgreSQL', { url: pgDb.url }));
      } finally {
        if (process.env.BENCH_CONTACTS_KEEP_PG === '1') console.log(`  PostgreSQL data set kept: ${pgDb.url}`);
        else await pgDb.drop();
      }
    } else console.log('  PostgreSQL: none answers at 127.0.0.1:5432, skipped');
  }
  if (DBS.includes('pglite')) runs.push(await runOn('PGlite', {}));

  const spread = (x, digits = 1, unit = ' ms') => `${fmt(x.min, digits)} / ${fmt(x.median, digits)} / ${fmt(x.max, digits)}${unit}`;
  const out = [['figure', 'database', 'p95 min / median / max', 'p50 median', '× /api/health p95 (median)', 'budget', 'verdict']];
  for (const r of runs)
    for (const f of r.summary) {
      const budgeted = !f.baseline && r.label === 'PostgreSQL';
      out.push([
        f.name,
        r.label,
        spread(f.p95),
        `${fmt(f.p50.median, 1)} ms`,
        f.baseline && f.url === '/api/health' ? '' : `${fmt(f.ratio.median, 1)}×`,
        budgeted ? `p95 ≤ ${BUDGET_P95_MS} ms` : 'printed',
        budgeted ? verdict(f.p95.median <= BUDGET_P95_MS) : '',
      ]);
    }
  console.log(table(out, { align: ['l', 'l', 'r', 'r', 'r', 'r', 'l'] }));
  for (const r of runs)
    console.log(
      `  ${r.label}: load average (1 min) per round ${r.rounds.map((x) => `${x.loadavg1m}→${x.loadavg1mAtEnd}`).join(', ')}; seeding ${fmt(r.seedMs / 1000, 1)} s`,
    );
  console.log('  The verdict takes the median of the rounds’ p95.');
  return { contacts: CONTACTS, others: OTHERS, rounds: ROUNDS, requests: REQUESTS, budgetP95Ms: BUDGET_P95_MS, results: runs };
});
