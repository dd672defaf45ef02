// Contact exchange on the public page (issue #29, bench/exchange): p95 of the exchange submit
// (POST /api/contacts/exchange/{profileId}) on PGlite and then on PostgreSQL when one answers at
// 127.0.0.1:5432; budget p95 ≤ 50 ms on PostgreSQL. Each submit does the whole work: the
// division's consent is on (the box is ticked) and its follow-up mail is on, so every submit
// stores the contact, and queues the owner's notification and the visitor's mail with Jane's
// vCard attached (the mail worker runs in the same process meanwhile, as it does in production).
// Beside it, in the same rounds, a baseline: GET /api/contacts/exchange/{profileId} (the form's
// read: the same profile look-up, no write) and the ratio submit p95 / baseline p95. Rounds
// (BENCH_EXCHANGE_ROUNDS, 3) of BENCH_EXCHANGE_REQUESTS (100) sequential requests each,
// min / median / max of the rounds' p95 with the load average after each round.
// Also, with the exchange on: the published page's critical bytes (HTML + inline CSS + inline
// script, gzip as sent) ≤ 14 KB, and the form's module (loaded only when opened) gzip, printed.
// The server runs in this process (the seed on a fresh database, listening on a free port);
// every figure is a real HTTP request through node:http, Host acme.localhost.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createPgDatabase, fmt, HOST, heading, main, percentile, ROOT, SEED_PASSWORD, spreadOf, table, tempDir, verdict } from './lib/common.mjs';

const ROUNDS = Number(process.env.BENCH_EXCHANGE_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_EXCHANGE_REQUESTS ?? 100);
/** KB = 1,000 bytes, as in the other scripts. */
const BUDGET = { submitP95Ms: 50, documentGzipBytes: 14_000 };
const PAGE_PATH = '/jane-doe';

function request(port, method, urlPath, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const h = {
      host: `acme.localhost:${port}`,
      ...headers,
      ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
    };
    const t0 = performance.now();
    const req = http.request({ host: HOST, port, path: urlPath, method, headers: h, agent: false, timeout: 60_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}

async function runOn(label, dbOptions) {
  const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
  const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
  const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
  const { prepareDatabase } = await import(path.join(ROOT, 'apps/server/src/bootstrap/startup.ts'));
  const { sql } = await import('drizzle-orm');
  const dataDir = tempDir('exchange');
  const database = await openDatabase(dbOptions.url ? { url: dbOptions.url } : { dataDir });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(dbOptions.url ? { DATABASE_URL: dbOptions.url } : {}),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: 'silent',
    // Every submit comes from one address: the per-IP limit would make this a 429 benchmark.
    RATE_LIMITS: 'false',
    SEED: 'true',
    SEED_PASSWORD,
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_PASSES: '1',
  });
  await prepareDatabase(database, config);
  // The whole work on every submit: consent asked (and given), the follow-up mail with the card on.
  await database.db.execute(
    sql.raw(
      `update companies set consent_enabled = true, consent_text = '<p>I agree that Acme keeps my details.</p>', exchange_follow_up = true where subdomain = 'acme'`,
    ),
  );
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: HOST });
  const port = app.server.address().port;

  const pageRes = await request(port, 'GET', PAGE_PATH, { headers: { 'accept-encoding': 'gzip' } });
  if (pageRes.status !== 200) throw new Error(`GET ${PAGE_PATH} answered ${pageRes.status}`);
  const gzipped = pageRes.headers['content-encoding'] === 'gzip';
  const html = (gzipped ? gunzipSync(pageRes.body) : pageRes.body).toString('utf8');
  const documentGzipBytes = gzipped ? pageRes.body.length : gzipSync(html, { level: 9 }).length;
  const profileId = Number(/data-profile-id="(\d+)"/.exec(html)?.[1]);
  const moduleSrc = /data-exchange-js="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (!profileId || !moduleSrc || !html.includes('data-action="exchange"')) throw new Error('the published page offers no contact exchange');
  const mod = await request(port, 'GET', moduleSrc, { headers: { 'accept-encoding': 'gzip' } });
  if (mod.status !== 200) throw new Error(`GET ${moduleSrc} answered ${mod.status}`);
  const page = {
    documentGzipBytes,
    htmlBytes: Buffer.byteLength(html),
    moduleGzipBytes: mod.body.length,
    moduleEncoding: mod.headers['content-encoding'] ?? 'identity',
  };

  const api = `/api/contacts/exchange/${profileId}`;
  let n = 0;
  const submit = () =>
    request(port, 'POST', api, {
      body: {
        name: `Visitor ${++n}`,
        email: `visitor-${n}@bench.test`,
        phone: '+27 82 555 0100',
        company: 'Initech',
        jobTitle: 'Buyer',
        note: 'Met at the fair',
        consent: true,
      },
    });
  const read = () => request(port, 'GET', api);
  for (const [name, call] of [
    ['submit', submit],
    ['read', read],
  ]) {
    const first = await call();
    if (first.status !== 200) throw new Error(`${name} answered ${first.status}: ${first.body.toString('utf8').slice(0, 200)}`);
    for (let i = 0; i < 20; i++) await call();
  }

  const p95 = { submit: [], read: [] };
  const p50 = { submit: [], read: [] };
  const loads = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, call] of [
      ['read', read],
      ['submit', submit],
    ]) {
      const times = [];
      for (let i = 0; i < REQUESTS; i++) {
        const res = await call();
        if (res.status !== 200) throw new Error(`${name} answered ${res.status} in round ${round + 1}`);
        times.push(res.ms);
      }
      p95[name].push(percentile(times, 95));
      p50[name].push(percentile(times, 50));
    }
    loads.push(Math.round(os.loadavg()[0] * 100) / 100);
  }
  const stored = await database.db.execute(sql.raw(`select count(*)::int as n from lead_submissions where source = 'exchange' and profile_id = ${profileId}`));
  const kept = (stored.rows ?? stored)[0].n;
  await app.close();
  await database.close();
  if (kept !== n) throw new Error(`${n} submits answered 200 but ${kept} contacts were stored`);
  return {
    label,
    page,
    loads,
    submits: n,
    submit: { p95: spreadOf(p95.submit), p50: spreadOf(p50.submit) },
    read: { p95: spreadOf(p95.read), p50: spreadOf(p50.read) },
    ratio: spreadOf(p95.submit.map((p, i) => p / p95.read[i])),
  };
}

await main('exchange', async () => {
  heading(`contact exchange: ${ROUNDS} rounds of ${REQUESTS} sequential submits (consent and follow-up on), baseline the form's read`);
  const runs = [];
  runs.push(await runOn('PGlite', {}));
  const pgDb = await createPgDatabase('bench_exchange');
  if (pgDb) {
    try {
      runs.push(await runOn('PostgreSQL', { url: pgDb.url }));
    } finally {
      await pgDb.drop();
    }
  } else console.log('  PostgreSQL: none answers at 127.0.0.1:5432, skipped');

  const spread = (s, digits = 1, unit = ' ms') => `${fmt(s.min, digits)} / ${fmt(s.median, digits)} / ${fmt(s.max, digits)}${unit}`;
  const kb = (b) => `${fmt(b / 1000, 1)} KB`;
  const rows = [['figure', 'database', 'min / median / max', 'p50 median', '× baseline p95', 'budget', 'verdict']];
  for (const r of runs) {
    const onPg = r.label === 'PostgreSQL';
    rows.push([
      'exchange submit p95',
      r.label,
      spread(r.submit.p95),
      `${fmt(r.submit.p50.median, 1)} ms`,
      spread(r.ratio, 2, '×'),
      onPg ? `≤ ${BUDGET.submitP95Ms} ms` : 'printed',
      onPg ? verdict(r.submit.p95.median <= BUDGET.submitP95Ms) : '',
    ]);
    rows.push(['baseline: the form’s read p95', r.label, spread(r.read.p95), `${fmt(r.read.p50.median, 1)} ms`, '', 'printed', '']);
  }
  const page = runs[0].page;
  rows.push([
    'page critical bytes (HTML + inline CSS + script), gzip as sent, exchange on',
    '',
    kb(page.documentGzipBytes),
    '',
    '',
    `≤ ${kb(BUDGET.documentGzipBytes)}`,
    verdict(page.documentGzipBytes <= BUDGET.documentGzipBytes),
  ]);
  rows.push([`the form's module, loaded when opened (${page.moduleEncoding} as sent)`, '', kb(page.moduleGzipBytes), '', '', 'printed', '']);
  console.log(table(rows, { align: ['l', 'l', 'r', 'r', 'r', 'r', 'l'] }));
  for (const r of runs) console.log(`  ${r.label}: load average (1 min) after each round ${r.loads.join(', ')}; ${r.submits} submits, each stored`);
  console.log(
    '  The verdict takes the median of the rounds’ p95. Each submit queues two mails (owner, visitor with the vCard), sent by the in-process worker meanwhile.',
  );
  return { rounds: ROUNDS, requests: REQUESTS, budgets: BUDGET, results: runs };
});
