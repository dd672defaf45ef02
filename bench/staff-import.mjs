// Figure of the second-customer issue (#26): import of 10,000 staff rows, end to end on
// PostgreSQL (budget ≤ 30 s), with the server process's peak RSS printed. The file is a
// CSV of 10,000 new people in one division; it is previewed (POST /api/users/import/preview),
// then imported as a job (POST /api/users/import, no invitation mails) whose status is polled
// (GET /api/users/import/:id) until it is done; its result file is downloaded. Three rounds,
// each with a file of new people, give min / median / max with the load average; each round
// also times a baseline: the same rows put into a bare table by plain multi-row INSERTs through
// pg, in the same batches of 500 (one transaction each). Then the last file is imported again
// (every row an update). The server runs in this process on a fresh database; every call is a
// real HTTP request through node:http. PGlite is used when no PostgreSQL answers (noted).
import http from 'node:http';
import path from 'node:path';
import { createPgDatabase, fmt, HOST, heading, machine, main, ROOT, spreadOf, table, tempDir, verdict } from './lib/common.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const BUDGET_MS = 30_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The job's batch (staff-import.service.ts BATCH): the baseline inserts in batches of the same size. */
const BATCH = 500;

function request(method, port, urlPath, headers, body) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const data = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: HOST,
        port,
        path: urlPath,
        method,
        headers: data ? { ...headers, 'content-type': 'application/json', 'content-length': data.length } : headers,
        agent: false,
        timeout: 600_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data ?? undefined);
  });
}
const post = (port, urlPath, headers, body) => request('POST', port, urlPath, headers, body);
const get = (port, urlPath, headers) => request('GET', port, urlPath, headers);

/** Starts the import job and polls its status every 100 ms until it is done: the time from the POST to done. */
async function importAsJob(port, headers, body) {
  const t0 = performance.now();
  const start = await post(port, '/api/users/import', headers, body);
  if (start.status !== 202) throw new Error(`import answered ${start.status}: ${start.body.slice(0, 200)}`);
  const { id } = JSON.parse(start.body);
  for (;;) {
    const res = await get(port, `/api/users/import/${id}`, headers);
    if (res.status !== 200) throw new Error(`import status answered ${res.status}: ${res.body.slice(0, 200)}`);
    const job = JSON.parse(res.body);
    if (job.state === 'failed') throw new Error(`the import failed: ${res.body}`);
    if (job.state === 'done') return { ...job, ms: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The file's rows through pg into a bare table, BATCH rows per INSERT, one transaction each. */
async function baselineInsert(url, csvText) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  // A connection the server drops (another process ending it) fails the next query, not the process.
  client.on('error', () => {});
  await client.connect();
  await client.query('create table if not exists bench_baseline (email text primary key, name text, alias text, division text, job_title text, phone text)');
  await client.query('truncate bench_baseline');
  const t0 = performance.now();
  const rows = csvText
    .split('\r\n')
    .slice(1)
    .map((l) => l.split(','));
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    const values = part.flatMap(([name, email, alias, division, jobTitle, phone]) => [email, name, alias, division, jobTitle, phone]);
    const tuples = part.map((_, r) => `(${Array.from({ length: 6 }, (_, c) => `$${r * 6 + c + 1}`).join(',')})`).join(',');
    await client.query('begin');
    await client.query(`insert into bench_baseline (email, name, alias, division, job_title, phone) values ${tuples}`, values);
    await client.query('commit');
  }
  const ms = performance.now() - t0;
  await client.end();
  return ms;
}

async function runOn(label, dbOptions) {
  const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
  const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
  const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
  const { sql } = await import('drizzle-orm');
  const dataDir = tempDir('staff-import');
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
  const rows = (r) => r.rows ?? r;
  const exec = (q) => database.db.execute(sql.raw(q));
  const [company] = rows(
    await exec(
      `insert into companies (name, title, subdomain, feature_flags, published_at) values ('bench', 'Bench Co', 'bench-${process.pid}', '{"invite_users":true}', now()) returning id`,
    ),
  );
  await exec(`insert into profiles (company_id, is_master, template_name) values (${company.id}, true, 'Bench template')`);
  const [sup] = rows(
    await exec(
      `insert into users (email, username, role, registered, confirmed) values ('sup-${process.pid}@bench.test', 'sup', 'supervisor', true, true) returning id`,
    ),
  );
  await exec(`insert into company_members (user_id, company_id, role) values (${sup.id}, ${company.id}, 'supervisor')`);
  await app.listen({ port: 0, host: HOST });
  const port = app.server.address().port;
  const headers = { authorization: `Bearer ${await app.deps.sessions.create(sup.id, 'bench')}` };

  const fileOf = (round) => {
    const lines = ['Full name,Email,Alias,Division,Job title,Phone'];
    for (let i = 1; i <= ROWS; i++)
      lines.push(`Person ${i} Staff,person${i}-r${round}@bench.test,person-${i}-r${round},Bench Co,Job ${i % 97},+27 21 555 ${String(i).padStart(4, '0')}`);
    return lines.join('\r\n');
  };

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const rounds = [];
  let body;
  let fileBytes = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const text = fileOf(round);
    fileBytes = Buffer.byteLength(text);
    body = { fileName: 'staff.csv', file: Buffer.from(text).toString('base64'), notify: false };
    const load = machine().loadavg1m;
    const baselineMs = dbOptions.url ? await baselineInsert(dbOptions.url, text) : null;
    const preview = await post(port, '/api/users/import/preview', headers, body);
    if (preview.status !== 200) throw new Error(`preview answered ${preview.status}: ${preview.body.slice(0, 200)}`);
    const p = JSON.parse(preview.body);
    if (p.valid !== ROWS) throw new Error(`preview: ${p.valid} valid of ${ROWS}; first errors ${JSON.stringify(p.rows.find((r) => r.errors.length))}`);
    const job = await importAsJob(port, headers, body);
    if (job.created !== ROWS) throw new Error(`import created ${job.created} of ${ROWS} (skipped ${job.skipped})`);
    const result = await get(port, `/api/users/import/${job.id}/result`, headers);
    const resultLines = result.body.trimEnd().split('\r\n').length - 1;
    if (result.status !== 200 || resultLines !== ROWS) throw new Error(`result file: ${result.status}, ${resultLines} rows`);
    const endToEndMs = preview.ms + job.ms;
    rounds.push({
      round,
      load,
      previewMs: preview.ms,
      importMs: job.ms,
      resultMs: result.ms,
      endToEndMs,
      baselineMs,
      ratio: baselineMs ? endToEndMs / baselineMs : null,
    });
    console.log(
      `  round ${round}: load ${load}; preview ${fmt(preview.ms)} ms + import job ${fmt(job.ms)} ms = ${fmt(endToEndMs)} ms; result file ${fmt(result.ms)} ms; baseline INSERT ${fmt(baselineMs)} ms; peak RSS so far ${fmt(peak / 2 ** 20)} MiB`,
    );
  }
  const again = await importAsJob(port, headers, body);
  if (again.updated !== ROWS) throw new Error(`re-import updated ${again.updated} of ${ROWS}`);
  clearInterval(sampler);
  const [{ n }] = rows(await exec(`select count(*)::int as n from users where email like 'person%@bench.test'`));
  await app.close();
  await database.close();
  return {
    label,
    fileMB: fileBytes / 1e6,
    rounds,
    endToEnd: spreadOf(rounds.map((r) => r.endToEndMs)),
    ratio: rounds[0].ratio === null ? null : spreadOf(rounds.map((r) => r.ratio)),
    reimportMs: again.ms,
    users: n,
    rssBeforeMiB: rssBefore / 2 ** 20,
    peakRssMiB: peak / 2 ** 20,
  };
}

await main('staff-import', async () => {
  heading(`staff import: ${ROWS.toLocaleString('en-US')} new people in one division (CSV, no mails)`);
  const pgDb = await createPgDatabase('bench_import');
  let run;
  if (pgDb) {
    try {
      run = await runOn('PostgreSQL', { url: pgDb.url });
    } finally {
      await pgDb.drop();
    }
  } else {
    console.log('  PostgreSQL: none answers at 127.0.0.1:5432; measured on PGlite instead');
    run = await runOn('PGlite', {});
  }
  const ok = run.endToEnd.median <= BUDGET_MS;
  const spread = (x, unit = ' ms', digits = 0) => `${fmt(x.min, digits)} / ${fmt(x.median, digits)} / ${fmt(x.max, digits)}${unit}`;
  const loads = run.rounds.map((r) => r.load).join(', ');
  console.log(
    table([
      ['figure', 'database', `min / median / max of ${run.rounds.length}`, 'budget', 'verdict'],
      [
        `end to end (preview + import job), file ${fmt(run.fileMB, 2)} MB`,
        run.label,
        spread(run.endToEnd),
        `≤ ${BUDGET_MS} ms`,
        run.label === 'PostgreSQL' ? verdict(ok) : '',
      ],
      ['  preview', run.label, spread(spreadOf(run.rounds.map((r) => r.previewMs))), 'printed', ''],
      ['  import job (POST to done)', run.label, spread(spreadOf(run.rounds.map((r) => r.importMs))), 'printed', ''],
      ['baseline: plain INSERT of the rows through pg', run.label, run.ratio ? spread(spreadOf(run.rounds.map((r) => r.baselineMs))) : '–', 'printed', ''],
      ['end to end / baseline', run.label, run.ratio ? spread(run.ratio, '×', 1) : '–', 'printed', ''],
      ['same file again (updated every row)', run.label, `${fmt(run.reimportMs)} ms`, 'printed', ''],
      ['server process peak RSS', run.label, `${fmt(run.peakRssMiB)} MiB (${fmt(run.rssBeforeMiB)} before)`, 'printed', ''],
      ['people afterwards', run.label, String(run.users), `${ROWS * run.rounds.length}`, verdict(run.users === ROWS * run.rounds.length)],
    ]),
  );
  console.log(`  Load average (1 min) at the start of each round: ${loads}; at the end ${machine().loadavg1m} on ${machine().cores} cores.`);
  return run;
});
