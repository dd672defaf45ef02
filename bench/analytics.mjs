// Figures of the statistics issue (bench/analytics, printed, ratios measured in one run):
// 1. Ingest: sustained POST /api/events per second of realistic traffic (many profiles, visitors,
//    user agents with bots, labels real and made up), acknowledged after commit (group commit), against
//    the database's own limit (record_events with the same batches) and raw node:http, in
//    BENCH_ROUNDS rounds; nothing lost after a clean SIGTERM nor after SIGKILL mid-burst; PGlite, then PostgreSQL
//    when one answers at 127.0.0.1:5432.
// 2. Reports at BENCH_EVENTS events (default 10,000,000; 1,000 profiles, 10 divisions, 12
//    months, skewed): p50/p95 of every /api/reports/query/* report for a company and for one
//    profile, over 12 months and over 37 days, through the API; and the same questions
//    answered by scanning `events` (as Umami does) beside the rollup queries, in one process.
// 3. Public-page requests/s while 4 dashboard users refresh the company dashboard (all its
//    reports at once) every second, against idle.
// 4. Server resident memory at that data size.
// The data set is generated once per size and kept in .tmp/bench-analytics-<events>
// (BENCH_FRESH=1 regenerates it); a 10 M set takes a few minutes and ~3 GB of disk.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
// The server's own derivation of a view's dimensions, so the database-limit replay writes the rows the server wrote.
import { viewSourcesOf } from '../apps/server/src/modules/events/view-sources.ts';
// A deterministic PRNG, so every run sends the same traffic.
import { prng } from '../apps/server/src/test/prng.ts';
import {
  cannon,
  createPgDatabase,
  fmt,
  freePort,
  HOST,
  heading,
  main,
  median,
  percentile,
  prepareDataDir,
  ROOT,
  rssKib,
  SEED_PASSWORD,
  serverEnv,
  spawnTracked,
  startRawHttpServer,
  startServer,
  stopProcess,
  table,
  threadCpuS,
  verdict,
} from './lib/common.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const INGEST_S = Number(process.env.BENCH_DURATION_S ?? 10);
const REPORT_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 30);
const SCAN_RUNS = 5;
/** BENCH_PARTS=ingest skips the 10 M-event reports part (minutes of data generation); BENCH_PARTS=reports skips the ingest. */
const PARTS = (process.env.BENCH_PARTS ?? 'ingest,reports').split(',');
/** Which databases the reports part measures (BENCH_REPORTS_DBS=postgres for PostgreSQL alone). */
const REPORT_DBS = (process.env.BENCH_REPORTS_DBS ?? 'pglite,postgres').split(',');
/** A PostgreSQL database that keeps the reports data set between runs (else a new one each run, dropped at the end). */
const KEPT_PG_URL = process.env.BENCH_REPORTS_PG_URL;
/** Which databases the ingest part measures (BENCH_INGEST_DBS=pglite for the embedded one alone). */
const INGEST_DBS = (process.env.BENCH_INGEST_DBS ?? 'pglite,postgres').split(',');
const BUDGET = { ingestOfLimit: 0.7, reportP95Pg: 50, reportP95Pglite: 100, speedup: 100, pageRatio: 0.7 };
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const REPORTS = [
  'all_visits',
  'monthly_visits',
  'interactions',
  'top_interactions',
  'profile_views',
  'profile_with_count',
  'average_interactions',
  // Where views come from (issue 30): every dimension's top values, as the statistics card asks.
  'view-sources',
];
const reportPath = (report) => (report === 'view-sources' ? '/api/reports/view-sources' : `/api/reports/query/${report}`);

const day = (d) => d.toISOString().slice(0, 10);

function request(port, method, urlPath, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const h = { ...headers, ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}) };
    const t0 = performance.now();
    const req = http.request({ host: HOST, port, path: urlPath, method, headers: h, agent: false, timeout: 120_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

async function signIn(port, identifier) {
  const r = await request(port, 'POST', '/api/auth/local', { body: { identifier, password: SEED_PASSWORD } });
  if (r.status !== 200) throw new Error(`sign-in as ${identifier} answered ${r.status}: ${r.body.slice(0, 200)}`);
  return JSON.parse(r.body).jwt;
}

/** A PostgreSQL database of our own for this run, or null when none answers. */
/** Runs SQL against the data dir (PGlite, while no server holds it) or a PostgreSQL URL. */
async function openSql(target) {
  if (target.url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return { query: async (q, params) => (await client.query(q, params)).rows, close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The schema has trigram indexes: PGlite must load pg_trgm to open the data dir, as the server does.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // Started as the server's database thread starts it (apps/server/src/db/pglite-worker.ts: a 16 MB
  // buffer pool), so the limit is the same database's, not a larger cache's.
  const db = await PGlite.create({
    dataDir: path.join(target.dataDir, 'pglite'),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  return { query: async (q, params) => (await db.query(q, params)).rows, close: () => db.close() };
}

// ---------------------------------------------------------------- 1. ingest

/**
 * Visitors with a beacon in flight at once. A beacon's answer waits for its group's commit,
 * so throughput is (beacons in flight) / (commit time): a handful of connections would
 * measure one visitor's round trip, not the ingest. Real pages are many visitors at once.
 */
const INGEST_VISITORS = Number(process.env.BENCH_VISITORS ?? 400);
/** Rounds of the ingest measurement (min / median / max are printed). */
const INGEST_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The traffic's spread: published profiles, their divisions, and distinct visitors (addresses). */
const INGEST_PROFILES = Number(process.env.BENCH_INGEST_PROFILES ?? 10_000);
const INGEST_DIVISIONS = Number(process.env.BENCH_INGEST_DIVISIONS ?? 100);
const INGEST_PEOPLE = Number(process.env.BENCH_INGEST_PEOPLE ?? 100_000);
const spread = (xs, digits = 0) => `${fmt(Math.min(...xs), digits)} / ${fmt(median(xs), digits)} / ${fmt(Math.max(...xs), digits)}`;

const BROWSERS = [
  PHONE_UA,
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];
/** Where views come from (issue 30): carrier tags, referring sites and campaigns, some made up. */
const SOURCES = ['qr', 'qr', 'nfc', 'signature', 'wallet', 'link', undefined, undefined, 'made-up'];
const REFERRERS = [undefined, undefined, undefined, 'www.linkedin.com', 'l.instagram.com', 'outlook.office.com', 'www.google.com'];
const CAMPAIGNS = [undefined, undefined, undefined, undefined, 'spring-fair', 'newsletter-06'];
/** First bytes of public addresses in several countries, so the country lookup does real work. */
const NETWORKS = [81, 85, 62, 2, 5, 31, 77, 88, 92, 145, 213, 217];
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'WhatsApp/2.23.20.0',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
];
const MADE_UP_LABELS = ['Book a call', 'Our prices', 'Careers', 'x'.repeat(40)];

const unescapeHtml = (s) => s.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/**
 * INGEST_PROFILES published profiles in INGEST_DIVISIONS divisions (ingest-001 …), each with
 * Jane's published HTML (so the tap labels the label check looks for are the real page's),
 * written straight into the prepared database before a server opens it.
 */
async function seedIngestProfiles(target) {
  const db = await openSql(target);
  const t0 = performance.now();
  const [jane] = await db.query("select published_html from profiles where alias = 'jane-doe'");
  if (!jane?.published_html) throw new Error('the seed has no published page for jane-doe');
  await db.query(
    `insert into companies (name, title, description, subdomain, published_at)
     select 'ingest-' || lpad(d::text, 3, '0'), 'Ingest ' || d, 'Ingest benchmark division ' || d, 'ingest-' || lpad(d::text, 3, '0'), now()
     from generate_series(1, $1::int) d`,
    [INGEST_DIVISIONS],
  );
  await db.query(
    `insert into profiles (company_id, alias, published_at, content, published_html, site)
     select c.id, 'ingest-' || i, now(), '{}'::jsonb, $3::text, jsonb_build_object('siteId', 'ingest-' || i, 'domainName', c.subdomain || '.localhost')
     from generate_series(1, $1::int) i
     join companies c on c.subdomain = 'ingest-' || lpad((1 + (i - 1) % $2::int)::text, 3, '0')`,
    [INGEST_PROFILES, INGEST_DIVISIONS, jane.published_html],
  );
  const rows = await db.query("select p.id, c.subdomain from profiles p join companies c on c.id = p.company_id where p.alias like 'ingest-%' order by p.id");
  await db.close();
  const labels = [...new Set([...jane.published_html.matchAll(/data-track-label="([^"]*)"/g)].map((m) => unescapeHtml(m[1])))];
  if (!labels.length) throw new Error("Jane's page has no data-track-label: the label check would never match");
  console.log(
    `  seeded ${fmt(rows.length)} published profiles in ${fmt(INGEST_DIVISIONS)} divisions with Jane's page (${fmt(jane.published_html.length)} characters, ${labels.length} tap labels) in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );
  return { profiles: rows.map((r) => ({ id: Number(r.id), host: `${r.subdomain}.localhost` })), labels };
}

/**
 * One beacon of realistic traffic, numbered `n` in its phase: a profile picked with a skew
 * (a few busy, most quiet), one of INGEST_PEOPLE visitors (its address in X-Forwarded-For,
 * the server trusting 127.0.0.1 as its proxy), a browser or (10 %) a bot, and a mix of views,
 * taps on labels the page has and labels it has not, scrolls, dropdowns and lead-form
 * submissions. `value` ends in `#<phase>-<n>`: every event can be found by identity.
 */
function makeTraffic(world, seed) {
  const rnd = prng(seed);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  return (phase, n) => {
    const profile = world.profiles[Math.floor(world.profiles.length * rnd() ** 3)];
    const person = Math.floor(rnd() * INGEST_PEOPLE);
    const bot = rnd() < 0.1;
    const tag = `#${phase}-${n}`;
    const r = rnd();
    let event;
    if (r < 0.5)
      event = { action: 'view', type: 'page', label: 'Jane Doe', value: tag, source: pick(SOURCES), referrer: pick(REFERRERS), campaign: pick(CAMPAIGNS) };
    else if (r < 0.72) event = { action: 'click', type: 'url', label: pick(world.labels), value: `https://example.com/${n % 97}${tag}` };
    else if (r < 0.8) event = { action: 'click', type: 'url', label: pick(MADE_UP_LABELS), value: `https://example.com/made-up${tag}` };
    else if (r < 0.88) event = { action: 'scroll', type: 'page', label: '50%', value: `50${tag}` };
    else if (r < 0.93) event = { action: 'open', type: 'dropdown', label: pick(world.labels), value: tag };
    else if (r < 0.96) event = { action: 'click', type: 'copy-link', label: 'Copy link', value: `https://${profile.host}/p${tag}` };
    else event = { action: 'submit', type: 'lead-form', label: 'contact', value: tag };
    const browser = Math.floor(rnd() * BROWSERS.length);
    return {
      tag,
      bot,
      profileId: profile.id,
      host: profile.host,
      ip: `${NETWORKS[person % NETWORKS.length]}.${(person >> 16) & 255}.${(person >> 8) & 255}.${person & 255}`,
      userAgent: bot ? pick(BOTS) : BROWSERS[browser],
      browser,
      ...event,
    };
  };
}

/**
 * autocannon options sending `phase`'s beacons to `port`; every person's beacon answered 204
 * lands in `acked` (tag → beacon), every sent one in `sent`.
 */
function trafficOpts({ port, phase, duration, next, sent, acked }) {
  let n = 0;
  return {
    url: `http://${HOST}:${port}/api/events`,
    connections: INGEST_VISITORS,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          const beacon = next(phase, n++);
          context.beacon = beacon;
          sent?.set(beacon.tag, beacon);
          const { profileId, action, type, label, value, source, referrer, campaign } = beacon;
          return {
            ...req,
            method: 'POST',
            path: '/api/events',
            headers: {
              'content-type': 'text/plain;charset=UTF-8',
              'user-agent': beacon.userAgent,
              host: `${beacon.host}:${port}`,
              'x-forwarded-for': beacon.ip,
            },
            body: JSON.stringify({ profileId, action, type, label, value, source, referrer, campaign }),
          };
        },
        onResponse: (status, _body, context) => {
          if (status === 204 && context.beacon && !context.beacon.bot) acked?.set(context.beacon.tag, context.beacon);
        },
      },
    ],
  };
}

/** The stored events whose value ends in `#<phase>-…`, each with the transaction that wrote it. */
async function storedOf(db, phase) {
  const rows = await db.query(`select substring(value from '#${phase}-[0-9]+$') as tag, xmin::text as tx from events where value like $1`, [`%#${phase}-%`]);
  return rows;
}

/**
 * The database's own limit: a plain client calling `record_events()` itself with the same
 * batches the server wrote (the same events, grouped by the transaction that stored them, in
 * order), one batch at a time as the server's flushes are, on one connection.
 *
 * Replayed as a whole, in the server's order (its warm-up first, then every round), onto a day no
 * event has touched (`day`), each round's batches timed on their own: the database then meets
 * each round's batches with its rollup tables as the server met them, new rows where the server
 * made new rows, not a day the server had already filled (where every rollup row exists and each
 * write is an update: issue 30's view sources made that gap wide). Visitors keep their address
 * (the same visitor again is no new visitor, as on the server); values end in `#<replay><phase>-…`.
 */
async function databaseLimit(db, phases, sent, { day, replay, dimensions }) {
  const batches = new Map();
  for (const { phase, rows } of phases) {
    for (const r of rows) {
      if (!batches.has(r.tx)) batches.set(r.tx, { phase, events: [] });
      batches.get(r.tx).events.push(sent.get(r.tag));
    }
  }
  const ordered = [...batches].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, batch]) => batch);
  const at = `${day}T12:00:00.000Z`;
  // Each batch's parameters first, untimed (the server derives them on its main thread, not in the
  // database). A view's seven dimensions come from the server's own viewSourcesOf, with the same
  // beacon, User-Agent and address the server got, so the rows written are the server's (issue 30);
  // or none: the database's work without them.
  const params = ordered.map(({ phase, events: batch }) => {
    const col = (f) => batch.map(f);
    const sources = batch.map((e) =>
      dimensions && e.action === 'view' && e.type === 'page'
        ? viewSourcesOf({ source: e.source, referrer: e.referrer, campaign: e.campaign }, { userAgent: e.userAgent, ip: e.ip })
        : null,
    );
    const dim = (d) => sources.map((v) => v?.[d] ?? null);
    return [
      col((e) => e.profileId),
      col((e) => e.action),
      col((e) => e.type),
      col((e) => e.label),
      col((e) => e.value.replace(/#[a-z0-9]+-(\d+)$/, `#${replay}${phase}-$1`)),
      col((e) => `${replay}.${e.ip}`),
      col(() => at),
      dim('source'),
      dim('referrer'),
      dim('campaign'),
      dim('device'),
      dim('os'),
      dim('browser'),
      dim('country'),
    ];
  });
  const per = new Map(phases.map(({ phase }) => [phase, { ms: 0, events: 0, batches: 0 }]));
  for (const [i, { phase, events }] of ordered.entries()) {
    const t0 = performance.now();
    await db.query(
      `select record_events($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[],
        $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[]) as written`,
      params[i],
    );
    const p = per.get(phase);
    p.ms += performance.now() - t0;
    p.events += events.length;
    p.batches++;
  }
  return new Map(
    [...per].map(([phase, p]) => [
      phase,
      { perS: p.events / (p.ms / 1000), events: p.events, batches: p.batches, meanBatch: p.events / Math.max(1, p.batches) },
    ]),
  );
}

/** A day `back` days before today (UTC), in this month when it can be: its events go to the partition the server's went to. */
function replayDay(back) {
  const now = new Date();
  const sign = now.getUTCDate() > back ? -1 : 1;
  return new Date(now.getTime() + sign * back * 86_400_000).toISOString().slice(0, 10);
}

async function ingestRun(label, target) {
  const world = await seedIngestProfiles(target);
  const env = { RATE_LIMITS: 'false', TRUSTED_PROXIES: '127.0.0.1', ...(target.url ? { DATABASE_URL: target.url } : {}) };
  const next = makeTraffic(world, 27);
  const server = await startServer({ dataDir: target.dataDir, env });
  const rawPort = await freePort();
  const rawFile = path.join(target.dataDir, 'raw-beacon.json');
  writeFileSync(rawFile, JSON.stringify({ headers: { 'content-type': 'text/plain' }, bodyBase64: '' }));
  const raw = await startRawHttpServer('raw-page-server.mjs', rawPort, [rawFile]);

  // The warm-up's events are kept too: the database's limit replays them first, as the server wrote them first.
  const sent = new Map();
  await cannon(trafficOpts({ port: server.port, phase: 'warm', duration: 2, next, sent }));
  await cannon(trafficOpts({ port: rawPort, phase: 'rawwarm', duration: 2, next }));
  const acked = new Map();
  const rounds = [];
  for (let i = 0; i < INGEST_ROUNDS; i++) {
    const phase = `r${i}`;
    const ackedBefore = acked.size;
    const cpuBefore = threadCpuS(server.child.pid);
    const app = await cannon(trafficOpts({ port: server.port, phase, duration: INGEST_S, next, sent, acked }));
    const cpuAfter = threadCpuS(server.child.pid);
    const busy = (name) => ((cpuAfter[name] ?? 0) - (cpuBefore[name] ?? 0)) / app.durationS;
    const rawRun = await cannon(trafficOpts({ port: rawPort, phase: `raw${i}`, duration: INGEST_S, next }));
    const beacons = app.statusCodes?.['204']?.count ?? 0;
    rounds.push({
      phase,
      beaconsPerS: beacons / app.durationS,
      personPerS: (acked.size - ackedBefore) / app.durationS,
      rawPerS: (rawRun.statusCodes?.['204']?.count ?? 0) / rawRun.durationS,
      other: Object.entries(app.statusCodes ?? {}).filter(([code]) => code !== '204'),
      errors: app.errors + app.timeouts,
      p99: app.latencyMs.p99,
      mainBusy: busy('MainThread'),
      workerBusy: busy('WorkerThread'),
      load: os.loadavg()[0],
    });
  }
  const rssAfter = rssKib(server.child.pid);
  await stopProcess(server.child, { signal: 'SIGTERM' });
  await stopProcess(raw, { signal: 'SIGTERM' });

  // The same traffic to a server that counts views without their dimensions (VIEW_SOURCES=false), on
  // the same store, after the rounds above: what issue 30's dimensions cost the server itself.
  const plain = await startServer({ dataDir: target.dataDir, env: { ...env, VIEW_SOURCES: 'false' } });
  await cannon(trafficOpts({ port: plain.port, phase: 'offwarm', duration: 2, next }));
  const plainRounds = [];
  for (let i = 0; i < INGEST_ROUNDS; i++) {
    const ackedBefore = acked.size;
    const run = await cannon(trafficOpts({ port: plain.port, phase: `off${i}`, duration: INGEST_S, next, sent, acked }));
    plainRounds.push({ phase: `off${i}`, personPerS: (acked.size - ackedBefore) / run.durationS });
  }
  await stopProcess(plain.child, { signal: 'SIGTERM' });

  // A crash: SIGKILL during a burst. A 204 is sent only after the commit, so every acknowledged event must be stored.
  const crashServer = await startServer({ dataDir: target.dataDir, env });
  const crashAcked = new Map();
  // Killed once 1,000 people's events have been acknowledged (on state, not after a time: on a busy
  // machine a fixed 1.5 s once saw 6), or when the 30 s burst ends.
  let burstOver = false;
  const burstDone = cannon(trafficOpts({ port: crashServer.port, phase: 'crash', duration: 30, next, acked: crashAcked })).finally(() => {
    burstOver = true;
  });
  while (crashAcked.size < 1000 && !burstOver) await new Promise((resolve) => setTimeout(resolve, 10));
  await stopProcess(crashServer.child, { signal: 'SIGKILL' });
  await burstDone;

  // By identity: every acknowledged person's event must be among the stored ones.
  const db = await openSql(target);
  const missingOf = (rows, ack) => {
    const stored = new Set(rows.map((r) => r.tag));
    let missing = 0;
    for (const tag of ack.keys()) if (!stored.has(tag)) missing++;
    return { stored: stored.size, missing };
  };
  const crashCheck = missingOf(await storedOf(db, 'crash'), crashAcked);
  let storedTotal = 0;
  let lost = 0;
  const phases = [{ phase: 'warm', rows: await storedOf(db, 'warm') }];
  for (const round of rounds) {
    const rows = await storedOf(db, round.phase);
    const ackedRound = new Map([...acked].filter(([tag]) => tag.startsWith(`#${round.phase}-`)));
    const check = missingOf(rows, ackedRound);
    storedTotal += check.stored;
    lost += check.missing;
    phases.push({ phase: round.phase, rows });
  }
  // The same batches twice, each onto a day of its own: as the server writes them (with the view dimensions), and without them.
  const limit = await databaseLimit(db, phases, sent, { day: replayDay(1), replay: 'replay', dimensions: true });
  const without = await databaseLimit(db, phases, sent, { day: replayDay(2), replay: 'plain', dimensions: false });
  for (const round of rounds) {
    round.dbPerS = limit.get(round.phase).perS;
    round.dbPlainPerS = without.get(round.phase).perS;
    round.meanBatch = limit.get(round.phase).meanBatch;
  }
  for (const round of plainRounds) {
    const check = missingOf(await storedOf(db, round.phase), new Map([...acked].filter(([tag]) => tag.startsWith(`#${round.phase}-`))));
    storedTotal += check.stored;
    lost += check.missing;
  }
  await db.close();

  const ratioDb = rounds.map((r) => r.personPerS / r.dbPerS);
  const ratioRaw = rounds.map((r) => r.beaconsPerS / r.rawPerS);
  console.log(
    `  ${label}: ${INGEST_VISITORS} visitors in flight, ${INGEST_S} s per run, ${INGEST_ROUNDS} rounds (min / median / max): ` +
      `beacons acknowledged ${spread(rounds.map((r) => r.beaconsPerS))} /s (10 % bots), of them people's events ${spread(rounds.map((r) => r.personPerS))} /s; ` +
      `the database's limit (record_events, same batches, mean ${spread(rounds.map((r) => r.meanBatch))} events) ${spread(rounds.map((r) => r.dbPerS))} /s → ${spread(
        ratioDb.map((x) => x * 100),
        1,
      )} %; raw node:http ${spread(rounds.map((r) => r.rawPerS))} beacons/s → ${spread(
        ratioRaw.map((x) => x * 100),
        1,
      )} %; beacon p99 ${spread(
        rounds.map((r) => r.p99),
        1,
      )} ms; server RSS ${fmt(rssAfter / 1024)} MiB`,
  );
  console.log(
    `  ${label}, the view dimensions (issue 30; views carry source, referrer, campaign; the server adds device, OS, browser, country): ` +
      `the database's limit with them ${spread(rounds.map((r) => r.dbPerS))} /s, without them ${spread(rounds.map((r) => r.dbPlainPerS))} /s (same batches, same run) → ${spread(
        rounds.map((r) => (r.dbPerS / r.dbPlainPerS) * 100),
        1,
      )} %; the server's people's events/s with them ${spread(rounds.map((r) => r.personPerS))}, without them (VIEW_SOURCES=false, the same traffic, ${INGEST_ROUNDS} rounds after) ${spread(
        plainRounds.map((r) => r.personPerS),
      )} → ${fmt((median(rounds.map((r) => r.personPerS)) / median(plainRounds.map((r) => r.personPerS))) * 100, 1)} % (medians)`,
  );
  console.log(
    `  ${label}: the server's threads while the rounds ran (share of one core): main ${spread(
      rounds.map((r) => r.mainBusy * 100),
    )} %, worker threads (${target.url ? 'no embedded database' : "the embedded database's"}) ${spread(rounds.map((r) => r.workerBusy * 100))} %; load average ${spread(
      rounds.map((r) => r.load),
      1,
    )}`,
  );
  const refused = rounds.flatMap((r) => r.other.map(([code, v]) => `${code}: ${fmt(v.count)}`));
  if (refused.length || rounds.some((r) => r.errors))
    console.log(`  ${label}: answers other than 204: ${refused.join(', ') || 'none'}; errors ${fmt(rounds.reduce((n, r) => n + r.errors, 0))}`);
  console.log(
    `  ${label}: by identity, ${fmt(acked.size)} people's events acknowledged, ${fmt(storedTotal)} stored, ${fmt(lost)} acknowledged but missing (must be 0)`,
  );
  console.log(
    `  ${label}, SIGKILL in the middle of a burst: ${fmt(crashAcked.size)} people's events acknowledged, ${fmt(crashCheck.stored)} stored, ${fmt(crashCheck.missing)} acknowledged but missing (must be 0; nothing acknowledged fails too)`,
  );
  return {
    perS: median(rounds.map((r) => r.personPerS)),
    beaconsPerS: median(rounds.map((r) => r.beaconsPerS)),
    dbPerS: median(rounds.map((r) => r.dbPerS)),
    dbPlainPerS: median(rounds.map((r) => r.dbPlainPerS)),
    plainServerPerS: median(plainRounds.map((r) => r.personPerS)),
    rawPerS: median(rounds.map((r) => r.rawPerS)),
    ratioDb: median(ratioDb),
    ratioRaw: median(ratioRaw),
    p99: median(rounds.map((r) => r.p99)),
    acked: acked.size,
    stored: storedTotal,
    lost,
    crashAcked: crashAcked.size,
    crashLost: crashCheck.missing,
  };
}

// ---------------------------------------------------------------- 2. reports

/** The same questions the reports answer, asked of the rollups and of the raw events. */
function questions(scope) {
  // As the reports ask: a profile together with its division (the page-views index leads with both).
  const where = scope.profileId ? `company_id = ${Number(scope.companyId)} and profile_id = $1` : 'company_id = $1';
  const rollupTable = scope.profileId ? 'daily_stats' : 'company_daily_stats';
  const id = scope.profileId ?? scope.companyId;
  const r = (sql) => ({ sql, params: [id, scope.start, scope.end] });
  const q = {
    all_visits: {
      rollup: r(
        `select sum(count)::int, sum(visitors)::int from ${rollupTable} where ${where} and action = 'view' and type = 'page' and day between $2 and $3`,
      ),
      scan: r(
        `select count(*)::int, count(distinct visitor_hash)::int from events where ${where} and action = 'view' and type = 'page' and occurred_at >= $2::date and occurred_at < $3::date + 1`,
      ),
    },
    monthly_visits: {
      rollup: r(
        `select date_trunc('month', day) m, sum(count)::int from ${rollupTable} where ${where} and action = 'view' and day between $2 and $3 group by 1 order by 1`,
      ),
      scan: r(
        `select date_trunc('month', occurred_at) m, count(*)::int from events where ${where} and action = 'view' and occurred_at >= $2::date and occurred_at < $3::date + 1 group by 1 order by 1`,
      ),
    },
    interactions: {
      rollup: r(`select action, type, sum(count)::int from ${rollupTable} where ${where} and day between $2 and $3 group by 1, 2`),
      scan: r(`select action, type, count(*)::int from events where ${where} and occurred_at >= $2::date and occurred_at < $3::date + 1 group by 1, 2`),
    },
    top_interactions: {
      rollup: r(
        `select label, sum(count)::int n from ${rollupTable} where ${where} and action <> 'view' and day between $2 and $3 group by 1 order by n desc limit 30`,
      ),
      scan: r(
        `select label, count(*)::int n from events where ${where} and action <> 'view' and occurred_at >= $2::date and occurred_at < $3::date + 1 group by 1 order by n desc limit 30`,
      ),
    },
  };
  if (!scope.profileId) {
    q.profile_with_count = {
      rollup: r(
        `select profile_id, sum(count)::int n from daily_stats where company_id = $1 and action = 'view' and type = 'page' and day between $2 and $3 group by 1 order by n desc limit 15`,
      ),
      scan: r(
        `select profile_id, count(*)::int n from events where company_id = $1 and action = 'view' and type = 'page' and occurred_at >= $2::date and occurred_at < $3::date + 1 group by 1 order by n desc limit 15`,
      ),
    };
  }
  return q;
}

async function timeSql(db, { sql, params }, runs) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await db.query(sql, params);
    ms.push(performance.now() - t0);
  }
  return ms;
}

async function ensureDataset(kind, pg) {
  const dir = path.join(ROOT, '.tmp', `bench-analytics-${EVENTS}`);
  const target = kind === 'pg' ? { dataDir: path.join(dir, 'pg-side'), url: pg.url } : { dataDir: dir };
  const marker = path.join(target.dataDir, 'complete');
  if (kind === 'pglite' && existsSync(marker) && process.env.BENCH_FRESH !== '1') {
    console.log(`  using the ${fmt(EVENTS)}-event data set in ${path.relative(ROOT, dir)} (BENCH_FRESH=1 regenerates it)`);
    return { target, seconds: null };
  }
  // BENCH_REPORTS_PG_URL: a PostgreSQL database of one's own that keeps the data set between runs.
  if (kind === 'pg' && KEPT_PG_URL && process.env.BENCH_FRESH !== '1') {
    const db = await openSql(target).catch(() => null);
    const [have] = db ? await db.query('select count(*)::int as n from events').catch(() => [{ n: 0 }]) : [{ n: 0 }];
    await db?.close();
    if (have.n >= EVENTS) {
      console.log(`  using the ${fmt(have.n)}-event data set in BENCH_REPORTS_PG_URL (BENCH_FRESH=1 regenerates it)`);
      return { target, seconds: null };
    }
  }
  rmSync(target.dataDir, { recursive: true, force: true });
  mkdirSync(target.dataDir, { recursive: true });
  const env = serverEnv({ DATA_DIR: target.dataDir, ...(target.url ? { DATABASE_URL: target.url } : {}) });
  const t0 = performance.now();
  for (const args of [['apps/server/src/bootstrap/prepare.ts'], ['apps/server/src/bootstrap/seed-events.ts', '--events', String(EVENTS)]]) {
    const child = spawnTracked(process.execPath, args, { env, onLine: (l) => /events \(|done in/.test(l) && console.log(`    ${l.trim()}`) });
    const r = await child.exited;
    if (r.code !== 0) throw new Error(`${args[0]} failed:\n${child.outputTail()}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  if (kind === 'pglite') {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(marker, new Date().toISOString());
  }
  return { target, seconds };
}

async function reportsRun(label, kind, pg) {
  console.log(`\n${label}: ${fmt(EVENTS)} events`);
  const { target, seconds } = await ensureDataset(kind, pg);
  if (seconds !== null) console.log(`  generated and rolled up in ${fmt(seconds)} s`);

  // The busiest division and its busiest profile, and the data's last day.
  const db = await openSql(target);
  const [company] = await db.query(
    "select c.id, c.subdomain from companies c join company_daily_stats s on s.company_id = c.id where c.subdomain like 'bench-%' group by 1, 2 order by sum(s.count) desc limit 1",
  );
  const [profile] = await db.query('select profile_id id from daily_stats where company_id = $1 group by 1 order by sum(count) desc limit 1', [company.id]);
  const [counts] = await db.query(
    'select (select count(*) from events)::int as events, (select count(*) from daily_stats)::int as rollup_rows, (select count(*) from daily_view_sources)::int as source_rows, (select count(*) from company_view_sources)::int as company_source_rows',
  );
  const today = new Date();
  const ranges = {
    '12 months': [day(new Date(today.getTime() - 365 * 86_400_000)), day(today)],
    '37 days': [day(new Date(today.getTime() - 36 * 86_400_000)), day(today)],
  };
  console.log(
    `  events ${fmt(counts.events)}, daily_stats rows ${fmt(counts.rollup_rows)}, view-source rows ${fmt(counts.source_rows)} (divisions ${fmt(counts.company_source_rows)}); company ${company.subdomain} (id ${company.id}), its busiest profile ${profile.id}`,
  );

  // Rollup vs scan, same process, same database.
  const sqlRows = [];
  let worstSpeedup = Number.POSITIVE_INFINITY;
  for (const [rangeName, [start, end]] of Object.entries(ranges)) {
    for (const scope of [
      { name: 'company', companyId: company.id, start, end },
      { name: 'profile', profileId: profile.id, companyId: company.id, start, end },
    ]) {
      for (const [report, q] of Object.entries(questions(scope))) {
        const rollupMs = await timeSql(db, q.rollup, REPORT_RUNS);
        const scanMs = await timeSql(db, q.scan, SCAN_RUNS);
        const speedup = median(scanMs) / median(rollupMs);
        worstSpeedup = Math.min(worstSpeedup, speedup);
        sqlRows.push([
          `${report}, ${scope.name}, ${rangeName}`,
          `${fmt(median(rollupMs), 1)} / ${fmt(percentile(rollupMs, 95), 1)}`,
          fmt(median(scanMs), 0),
          `${fmt(speedup)}×`,
        ]);
      }
    }
  }
  await db.close();
  console.log(`  SQL in one process (ms; rollup p50 / p95 of ${REPORT_RUNS}, scan of events p50 of ${SCAN_RUNS}):`);
  console.log(
    table([['question', 'rollup p50 / p95', 'scan p50', 'scan / rollup'], ...sqlRows], { align: ['l', 'r', 'r', 'r'] })
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n'),
  );

  // Through the API, as the dashboard asks.
  const server = await startServer({ dataDir: target.dataDir, env: { RATE_LIMITS: 'false', ...(target.url ? { DATABASE_URL: target.url } : {}) } });
  const jwt = await signIn(server.port, 'admin@example.com');
  const auth = { authorization: `Bearer ${jwt}` };
  const apiRows = [];
  let worstP95 = 0;
  /** Every report answer that was not a 200: the figure cannot stand on them. */
  const failed = [];
  const reportUrls = [];
  for (const [rangeName, [start, end]] of Object.entries(ranges)) {
    for (const scope of [`companyId=${company.id}`, `profileId=${profile.id}`]) {
      for (const report of REPORTS) {
        const url = `${reportPath(report)}?start=${start}&end=${end}&${scope}`;
        const name = `${report}, ${scope.split('=')[0] === 'companyId' ? 'company' : 'profile'}, ${rangeName}`;
        const probe = await request(server.port, 'GET', url, { headers: auth });
        if (probe.status !== 200) {
          failed.push(`${name}: ${probe.status} ${probe.body.slice(0, 120)}`);
          continue;
        }
        reportUrls.push(url);
        const ms = [];
        for (let i = 0; i < REPORT_RUNS; i++) {
          const r = await request(server.port, 'GET', url, { headers: auth });
          if (r.status !== 200) failed.push(`${name}, run ${i + 1}: ${r.status} ${r.body.slice(0, 120)}`);
          ms.push(r.ms);
        }
        worstP95 = Math.max(worstP95, percentile(ms, 95));
        apiRows.push([name, fmt(median(ms), 1), fmt(percentile(ms, 95), 1)]);
      }
    }
  }
  if (apiRows.length) {
    console.log(`  API (GET /api/reports/query/* and /api/reports/view-sources, request to response, ms, ${REPORT_RUNS} runs each):`);
    console.log(
      table([['report', 'p50', 'p95'], ...apiRows], { align: ['l', 'r', 'r'] })
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n'),
    );
  }
  if (failed.length) console.log(`  answers other than 200 (${failed.length}), each fails the reports figure:\n${failed.map((f) => `    ${f}`).join('\n')}`);

  // Public page while 4 dashboard users refresh reports.
  const hostHeader = `acme.localhost:${server.port}`;
  const pageOpts = {
    url: `http://${HOST}:${server.port}/jane-doe`,
    connections: 10,
    headers: { host: hostHeader, 'accept-encoding': 'br', 'user-agent': PHONE_UA },
    duration: 6,
  };
  const idle = await cannon(pageOpts);
  // A dashboard refresh asks every report of the company's 12 months at once, as the statistics page does;
  // each of the 4 users refreshes once a second (an impatient user: the page itself never polls).
  const dashboardUrls = reportUrls.filter((u) => u.includes('companyId=')).slice(0, REPORTS.length);
  let stop = false;
  let refreshed = 0;
  const dashboards = Array.from({ length: 4 }, async () => {
    while (!stop && dashboardUrls.length) {
      const t0 = performance.now();
      await Promise.all(dashboardUrls.map((u) => request(server.port, 'GET', u, { headers: auth })));
      refreshed++;
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - t0))));
    }
  });
  const busy = await cannon(pageOpts);
  stop = true;
  await Promise.all(dashboards);
  const pageRatio = busy.rps / idle.rps;
  const rss = rssKib(server.child.pid);
  console.log(
    `  public page: ${fmt(idle.rps)} req/s idle, ${fmt(busy.rps)} req/s while 4 dashboard users refresh the company dashboard every second (${fmt(refreshed / busy.durationS, 1)} dashboards/s of ${dashboardUrls.length} reports) → ${fmt(pageRatio * 100, 1)} %`,
  );
  console.log(`  server resident memory: ${fmt(rss / 1024)} MiB`);
  await stopProcess(server.child);
  return { worstSpeedup, worstP95, pageRatio, rssMiB: rss / 1024, apiReports: apiRows.length, failed, events: counts.events };
}

// ---------------------------------------------------------------- main

await main('analytics', async () => {
  heading('Analytics: ingest, reports on rollups vs scans, page speed under dashboard load');
  const pg = await createPgDatabase('bench_analytics');
  const results = {};

  if (PARTS.includes('ingest')) {
    console.log(
      `Ingest (RATE_LIMITS=false; ${fmt(INGEST_PROFILES)} profiles in ${fmt(INGEST_DIVISIONS)} divisions, ${fmt(INGEST_PEOPLE)} visitors, 10 % bots, real and made-up tap labels):`,
    );
    if (INGEST_DBS.includes('pglite')) {
      const prep = await prepareDataDir('analytics-ingest');
      results.ingestPglite = await ingestRun('PGlite', { dataDir: prep.dataDir });
    }
    if (pg && INGEST_DBS.includes('postgres')) {
      const prepPg = await prepareDataDir('analytics-ingest-pg', { DATABASE_URL: pg.url });
      results.ingestPg = await ingestRun('PostgreSQL', { dataDir: prepPg.dataDir, url: pg.url });
    } else if (INGEST_DBS.includes('postgres')) console.log('  PostgreSQL: none answers at 127.0.0.1:5432, skipped');
  }

  if (PARTS.includes('reports') && REPORT_DBS.includes('pglite')) results.reportsPglite = await reportsRun('Reports on PGlite', 'pglite');
  if (pg && PARTS.includes('reports') && REPORT_DBS.includes('postgres'))
    results.reportsPg = await reportsRun('Reports on PostgreSQL', 'pg', KEPT_PG_URL ? { url: KEPT_PG_URL } : pg);
  await pg?.drop();

  const rows = [['figure', 'value', 'budget', 'verdict']];
  const ing = (r, name) => {
    rows.push([
      `ingest ${name}: people's events/s / the database's limit (record_events, same batches)`,
      `${fmt(r.perS)} / ${fmt(r.dbPerS)} /s = ${fmt(r.ratioDb * 100, 1)} %`,
      `≥ ${BUDGET.ingestOfLimit * 100} %`,
      verdict(r.ratioDb >= BUDGET.ingestOfLimit),
    ]);
    rows.push([
      `ingest ${name}: the database's limit with / without the view dimensions (same batches)`,
      `${fmt(r.dbPerS)} / ${fmt(r.dbPlainPerS)} /s = ${fmt((r.dbPerS / r.dbPlainPerS) * 100, 1)} %`,
      'printed',
      '',
    ]);
    rows.push([
      `ingest ${name}: the server's people's events/s with / without the view dimensions (VIEW_SOURCES=false)`,
      `${fmt(r.perS)} / ${fmt(r.plainServerPerS)} /s = ${fmt((r.perS / r.plainServerPerS) * 100, 1)} %`,
      'printed',
      '',
    ]);
    rows.push([`ingest ${name}: beacons/s / raw node:http`, `${fmt(r.beaconsPerS)} / ${fmt(r.rawPerS)} /s = ${fmt(r.ratioRaw * 100, 1)} %`, 'printed', '']);
    rows.push([
      `ingest ${name}: acknowledged but missing, by identity, after SIGTERM / SIGKILL`,
      `${fmt(r.lost)} of ${fmt(r.acked)} / ${fmt(r.crashLost)} of ${fmt(r.crashAcked)}`,
      '0, and some acknowledged',
      verdict(r.lost === 0 && r.acked > 0 && r.crashLost === 0 && r.crashAcked > 0),
    ]);
    rows.push([`beacon reply p99 (median of rounds), ${name}`, `${fmt(r.p99, 1)} ms`, '≤ 100 ms', verdict(r.p99 <= 100)]);
  };
  if (results.ingestPglite) ing(results.ingestPglite, 'PGlite');
  if (results.ingestPg) ing(results.ingestPg, 'PostgreSQL');
  // The reports' budgets are set at 10 M events: their cost grows with the data, so a smaller set cannot pass them.
  const judged = EVENTS >= 10_000_000;
  const judge = (ok) => (judged ? verdict(ok) : 'not judged');
  const rep = (r, budget, name) => {
    rows.push([
      `reports answered 200 (every report, scope and range, every run), ${name}`,
      `${fmt(r.failed.length)} other answers`,
      '0',
      r.failed.length ? 'FAIL' : 'PASS',
    ]);
    if (r.apiReports) rows.push([`reports p95 (worst report), ${name}`, `${fmt(r.worstP95, 1)} ms`, `≤ ${budget} ms`, judge(r.worstP95 <= budget)]);
    rows.push([`scan / rollup (slowest case), ${name}`, `${fmt(r.worstSpeedup)}×`, `≥ ${BUDGET.speedup}×`, judge(r.worstSpeedup >= BUDGET.speedup)]);
    rows.push([
      `page req/s under 4 dashboards / idle, ${name}`,
      `${fmt(r.pageRatio * 100, 1)} %`,
      `≥ ${BUDGET.pageRatio * 100} %`,
      judge(r.pageRatio >= BUDGET.pageRatio),
    ]);
    rows.push([`server RSS at ${fmt(r.events)} events, ${name}`, `${fmt(r.rssMiB)} MiB`, 'printed', '']);
  };
  if (results.reportsPglite) rep(results.reportsPglite, BUDGET.reportP95Pglite, 'PGlite');
  if (results.reportsPg) rep(results.reportsPg, BUDGET.reportP95Pg, 'PostgreSQL');
  console.log(`\nResult:\n${table(rows, { align: ['l', 'r', 'r', 'l'] })}\nBudgets are reported, not asserted. autocannon shares the cores with the server.`);
  if (!judged && (results.reportsPglite || results.reportsPg))
    console.log(
      `At ${fmt(EVENTS)} events the reports, scan / rollup and page-under-dashboards figures are printed, not judged: their budgets are set at 10,000,000 events and their cost grows with the data. Ingest does not depend on the data set.`,
    );
  const failedReports = [results.reportsPglite, results.reportsPg].reduce((n, r) => n + (r?.failed.length ?? 0), 0);
  if (failedReports) throw new Error(`${failedReports} report answers were not 200 (listed above): the reports figures do not stand`);
  return results;
});
